import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import ConfirmDialog from '../components/ConfirmDialog';
import Dialog from '../components/Dialog';
import PopupList from '../components/PopupList';
import { startHomeCarousels, type HomeCarousels } from '../components/homeCarousels';
import { PAGE_OF } from '../lib/contracts';
import { t, type MessageKey } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { homePage } from '../stores/pages/home';

/**
 * The home page's operator content (accounts §2 Announcement popup, Home announcement bar and banners, Agent
 * contract prompts; player-shell §2 Home). `children` is the pre-rendered markup the edge filled with the
 * merchant's banners, notice titles and video and local banners (worker/edge/fills/home-content.ts): links and the
 * marquee work without script. Once hydrated (at the first interaction, or at once for a logged-in player) this starts the
 * carousels (Swiper fetched then), launches game banners, opens the video popup (the iframe only while open),
 * shows the login popup list 500 ms later and asks a qualifying agent about pending contracts.
 */
export default function HomeContent({ children }: { children?: ReactNode }) {
  const {
    $contractPrompts, cancelContractPrompt, checkContractPrompts, goContractPrompt, $videoPopup, closeVideo, followBanner,
    toggleVideo, $popups, closePopups, startPopups, openRewardCentre, stepPopup, togglePopup,
  } = usePage(homePage);
  const root = useRef<HTMLDivElement>(null);
  const carousels = useRef<HomeCarousels | null>(null);
  const popups = useStore($popups);
  const prompts = useStore($contractPrompts);
  const video = useStore($videoPopup);
  const videoTitle = useId();

  useEffect(() => startPopups(), [startPopups]);
  useEffect(() => {
    void checkContractPrompts();
  }, [checkContractPrompts]);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    carousels.current = startHomeCarousels(element);
    // One listener for the pre-rendered parts (they are not React's): game banners, video slides and their steps.
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const game = target?.closest<HTMLElement>('[data-node]');
      if (game?.dataset.node && game.dataset.gameType && game.dataset.vendor) {
        followBanner({ kind: 'game', nodeId: Number(game.dataset.node), gameType: game.dataset.gameType, vendor: game.dataset.vendor, roomId: game.dataset.room });
        return;
      }
      const watch = target?.closest<HTMLElement>('[data-video]')?.dataset.video;
      if (watch) {
        toggleVideo(watch);
        return;
      }
      const step = target?.closest<HTMLElement>('[data-video-step]')?.dataset.videoStep;
      if (step) carousels.current?.stepVideo(step === 'prev' ? -1 : 1);
    };
    element.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('click', onClick);
      carousels.current?.stop();
    };
  }, [followBanner, toggleVideo]);

  const prompt = prompts[0];
  return (
    <div ref={root} className="home-content">
      {children}
      <PopupList state={popups} onClose={closePopups} onToggle={togglePopup} onStep={stepPopup} onReward={openRewardCentre} />
      <ConfirmDialog
        open={prompt !== undefined && !popups.open}
        title={prompt ? t(`title.${PAGE_OF[prompt]}` as MessageKey) : ''}
        message={prompt ? t(`contract.prompt.${PAGE_OF[prompt]}` as MessageKey) : ''}
        confirmLabel={t('contract.go')}
        onConfirm={goContractPrompt}
        onCancel={cancelContractPrompt}
      />
      <Dialog open={video !== null} labelledBy={videoTitle} onDismiss={closeVideo} className="video-dialog">
        <div className="popup-head">
          <h2 id={videoTitle} className="dialog-title">{t('content.videos')}</h2>
          <button type="button" className="icon-btn popup-close" aria-label={t('common.close')} onClick={closeVideo}>×</button>
        </div>
        {video !== null && (
          <iframe className="video-frame" src={video} title={t('content.videos')} allow="encrypted-media; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
        )}
      </Dialog>
    </div>
  );
}

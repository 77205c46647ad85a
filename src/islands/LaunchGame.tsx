import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { playTypeLabel, prizeModeLabel } from '../components/lotteryLabels';
import { t } from '../../rules/i18n';
import { launcherCloseHref, parseLauncherQuery, type LauncherQuery } from '../stores/concepts/launch';
import { usePage } from '../hooks/usePage';
import { launchPage } from '../stores/pages/launchPage';
import { openPage } from '../stores/kit/navigation';

/**
 * Opens the lottery for a launch (player-shell §2 /m/launchGame): the flow lives in src/stores/pages/launchPage.ts; this
 * view shows the game being opened, an unknown game or a failure with a retry, and the close button.
 */
export default function LaunchGame() {
  const { $launchStep, startLaunch } = usePage(launchPage);
  const hydrated = useHydrated();
  const step = useStore($launchStep);
  const query: LauncherQuery | null = hydrated ? parseLauncherQuery(window.location.search) : null;
  useEffect(() => void startLaunch(window.location.search), [startLaunch]);

  const close = () => openPage(launcherCloseHref(query?.pageBack ?? null));
  return (
    <section className="launcher card" aria-labelledby="launcher-title" aria-busy={step.kind === 'opening'}>
      <h2 id="launcher-title">{step.kind === 'opening' && step.game ? <bdi>{step.game.gameName}</bdi> : t('launcher.heading')}</h2>
      {step.kind === 'opening' && <p role="status">{t('launcher.opening')}</p>}
      {step.kind === 'notFound' && <p role="alert">{t('launcher.notFound')}</p>}
      {step.kind === 'failed' && (
        <div role="alert">
          <p>{t('lottery.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void startLaunch(window.location.search)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {query && (
        <dl className="launcher-facts">
          <dt>{t('launcher.playType')}</dt>
          <dd>{playTypeLabel(query.playType)}</dd>
          <dt>{t('launcher.prizeMode')}</dt>
          <dd>{prizeModeLabel(query.prizeMode)}</dd>
        </dl>
      )}
      <button type="button" className="btn launcher-close" onClick={close}>{t('common.close')}</button>
    </section>
  );
}

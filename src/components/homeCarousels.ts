import type SwiperType from 'swiper';
// Only its type: the module is the page script's own (an import would make it a shared chunk the page loads).
import type { BannerHandOver } from '../lib/bannerAutoplay';

/** src/lib/bannerAutoplay.ts BANNER_HANDOVER_EVENT and BANNER_AUTOPLAY_MS (accounts §9: 5000 ms). */
const BANNER_HANDOVER_EVENT = 'playdeck:banners-handover';
const BANNER_AUTOPLAY_MS = 5000;

/** The started carousels of the home page: a previous/next step for the video carousel, and the stop function. */
export interface HomeCarousels {
  stepVideo: (step: -1 | 1) => void;
  stop: () => void;
}

/**
 * Starts Swiper on the home page's pre-rendered carousels (the edge wrote their slides, worker/edge/fills/home-content.ts):
 * the banner carousel (group m_home) with pagination, looped and playing every 5000 ms only with more than one
 * banner, and the vertical video carousel (m_youtube) with pagination, moved by its previous/next buttons. Swiper is
 * fetched here, on demand. The page's script has been stepping the banners since the page loaded and keeps the
 * one autoplay timer (src/lib/bannerAutoplay.ts): Swiper starts on the slide on screen and the timer steps it from
 * then on, at the same cadence, only while the carousel is on screen and the page visible, held while a finger is
 * on it (then a full 5000 ms).
 */
export function startHomeCarousels(root: HTMLElement): HomeCarousels {
  const started: SwiperType[] = [];
  let stopped = false;
  let video: SwiperType | null = null;
  const pendingSteps: (-1 | 1)[] = [];
  let autoplay: BannerHandOver | null = null;
  const banners = root.querySelector<HTMLElement>('.home-banners');
  const videos = root.querySelector<HTMLElement>('.home-videos .swiper');
  const bannerCount = banners?.querySelectorAll('.swiper-slide').length ?? 0;
  const videoCount = videos?.querySelectorAll('.swiper-slide').length ?? 0;
  // Players who asked for less motion see the slides change without the sliding.
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (bannerCount > 0 || videoCount > 0) {
    void import('./swiperParts').then(({ Swiper, Pagination }) => {
      if (stopped) return;
      if (banners && bannerCount > 0) {
        const looped = bannerCount > 1;
        let swiper: SwiperType | null = null;
        // Looped only above one banner: with one, the page script plays nothing and nobody answers.
        const handOver: BannerHandOver = { step: () => swiper?.slideNext(), index: 0 };
        if (looped) banners.dispatchEvent(new CustomEvent(BANNER_HANDOVER_EVENT, { detail: handOver }));
        autoplay = handOver;
        swiper = new Swiper(banners, {
          modules: [Pagination],
          loop: looped,
          initialSlide: handOver.index,
          speed: reducedMotion ? 0 : 300,
          pagination: { el: banners.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
        });
        started.push(swiper);
        // Nobody answered (the page script did not run): a plain 5000 ms timer, so the banners still play.
        if (looped && !handOver.stop) {
          const timer = setInterval(() => swiper?.slideNext(), BANNER_AUTOPLAY_MS);
          handOver.stop = () => clearInterval(timer);
        }
      }
      if (videos && videoCount > 0) {
        video = new Swiper(videos, {
          modules: [Pagination],
          speed: reducedMotion ? 0 : 300,
          direction: 'vertical',
          pagination: { el: videos.parentElement?.querySelector<HTMLElement>('.video-pagination') ?? null, clickable: true },
        });
        started.push(video);
        for (const step of pendingSteps.splice(0)) stepOf(video, step);
      }
    });
  }
  const stepOf = (swiper: SwiperType, step: -1 | 1) => (step < 0 ? swiper.slidePrev() : swiper.slideNext());
  return {
    stepVideo: (step) => {
      if (video) stepOf(video, step);
      else pendingSteps.push(step);
    },
    stop: () => {
      stopped = true;
      autoplay?.stop?.();
      for (const swiper of started) swiper.destroy(false, false);
    },
  };
}

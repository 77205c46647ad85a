import type SwiperType from 'swiper';

/** Banner carousel autoplay (accounts §9: 5000 ms, looped only above one banner). */
export const BANNER_AUTOPLAY_MS = 5000;

/** The started carousels of the home page: a previous/next step for the video carousel, and the stop function. */
export interface HomeCarousels {
  stepVideo: (step: -1 | 1) => void;
  stop: () => void;
}

/**
 * Starts Swiper on the home page's pre-rendered carousels (the edge wrote their slides, worker/edge/fills/home-content.ts):
 * the banner carousel (group m_home) with pagination, looped and playing every 5000 ms only with more than one
 * banner — the first step 5000 ms after the page started, however late Swiper arrived — and the vertical video
 * carousel (m_youtube) with pagination, moved by its previous/next buttons. Swiper is fetched here, on demand.
 */
export function startHomeCarousels(root: HTMLElement): HomeCarousels {
  const started: SwiperType[] = [];
  let stopped = false;
  let video: SwiperType | null = null;
  const pendingSteps: (-1 | 1)[] = [];
  let autoplay: ReturnType<typeof setTimeout> | null = null;
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
        const swiper = new Swiper(banners, {
          modules: [Pagination],
          loop: looped,
          speed: reducedMotion ? 0 : 300,
          pagination: { el: banners.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
        });
        started.push(swiper);
        if (looped) {
          // Autoplay: a step every 5000 ms, the first 5000 ms after the page started however late Swiper arrived;
          // a swipe restarts the count. (Swiper's own autoplay waits on transition events; this is a plain timer.)
          const schedule = (ms: number) => {
            if (autoplay !== null) clearTimeout(autoplay);
            autoplay = setTimeout(() => {
              swiper.slideNext();
              schedule(BANNER_AUTOPLAY_MS);
            }, ms);
          };
          swiper.on('touchStart', () => {
            if (autoplay !== null) clearTimeout(autoplay);
          });
          swiper.on('touchEnd', () => schedule(BANNER_AUTOPLAY_MS));
          schedule(Math.max(BANNER_AUTOPLAY_MS - performance.now(), 0));
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
      if (autoplay !== null) clearTimeout(autoplay);
      for (const swiper of started) swiper.destroy(false, false);
    },
  };
}

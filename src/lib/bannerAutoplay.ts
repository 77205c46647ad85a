/**
 * Home's banner carousel autoplay (accounts §9, player-shell §9: a step every 5000 ms, looped only with more than
 * one banner) for a visitor who has not touched the page as well as after the carousel's island has started.
 *
 * Before any interaction home loads no React and no Swiper (perf-budgets.json): the page's own small script
 * (src/views/Home.astro, inlined into the page, so this module must stay its own: no island imports it, or it
 * would become a shared chunk) steps the slides the edge wrote (`[data-fill="m_home"]`) with a CSS transform
 * (`startFirstHtmlCarousel`). The page script keeps the one autoplay timer for the page's life: when the island
 * starts Swiper it sends the carousel element the hand-over event (BANNER_HANDOVER_EVENT, detail BannerHandOver)
 * with Swiper's step, learns the slide on screen and starts Swiper there; from then on the same timer steps Swiper.
 * No jump back to the first banner, the same cadence, never two timers. The timer (`startAutoplay`) runs only while
 * the carousel is on screen and the page is visible, and holds while a finger is on the carousel.
 */

/** Banner carousel autoplay interval, ms (accounts §9, player-shell §9). */
export const BANNER_AUTOPLAY_MS = 5000;
/** The slide transition, ms: Swiper's default speed, also used before Swiper (0 with reduced motion). */
export const BANNER_SPEED_MS = 300;
/**
 * The event the island sends the carousel element when Swiper takes the slides over (detail: BannerHandOver).
 * src/components/homeCarousels.ts spells it out (it must not import this module: see above).
 */
export const BANNER_HANDOVER_EVENT = 'playdeck:banners-handover';

/** The hand-over's detail: the island gives the step, the page script answers with the slide on screen and `stop`. */
export interface BannerHandOver {
  /** Set by the island: how the autoplay steps from now on (Swiper's next slide, looped). */
  step: () => void;
  /** Answered by the page script: the slide on screen, 0-based in the edge's order (0 when nobody answered). */
  index: number;
  /** Answered by the page script: stops the autoplay for good (the island's carousels were destroyed). */
  stop?: () => void;
}

/** A running autoplay: `hold` while a finger is on the carousel, `release` (a full interval from then), `stop`. */
export interface Autoplay {
  hold: () => void;
  release: () => void;
  stop: () => void;
}

/**
 * Calls `step` every `intervalMs` (the first after `firstDelayMs`) while `element` is at least partly on screen
 * (IntersectionObserver) and the page is visible (`visibilitychange`); off screen, hidden or held, no timer runs
 * at all. Coming back (into view, to the tab, a finger lifted) starts a full interval, so the player sees the slide
 * on screen for the whole 5000 ms (the issue is silent; a slide that changes the instant it comes back is missed).
 */
export function startAutoplay(element: Element, step: () => void, firstDelayMs: number, intervalMs = BANNER_AUTOPLAY_MS): Autoplay {
  let due = performance.now() + firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // The carousel is at the top of home: on screen until the observer says otherwise.
  let inView = true;
  let held = false;
  let stopped = false;
  // Whether the timer ran at the last update: the first update keeps `firstDelayMs`, a return starts a full interval.
  let active = true;
  const update = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const running = !stopped && !held && inView && document.visibilityState !== 'hidden';
    if (running && !active) due = performance.now() + intervalMs;
    active = running;
    if (!running) return;
    timer = setTimeout(() => {
      due = performance.now() + intervalMs;
      step();
      update();
    }, Math.max(due - performance.now(), 0));
  };
  const observer = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => {
      inView = entries[entries.length - 1]?.isIntersecting ?? inView;
      update();
    })
    : null;
  observer?.observe(element);
  document.addEventListener('visibilitychange', update);
  update();
  return {
    hold: () => {
      held = true;
      update();
    },
    release: () => {
      held = false;
      update();
    },
    stop: () => {
      stopped = true;
      update();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
    },
  };
}

/**
 * Steps the first HTML's banners (`.home-banners`, slides in `.swiper-wrapper`) before the island has started:
 * one slide further every 5000 ms, in the page's direction (to the left in left-to-right pages, to the right in
 * right-to-left ones, as Swiper moves), from the last banner on to the first without running back (the first slide
 * is placed after the last for that step, as Swiper's loop does), 300 ms slides (none with reduced motion).
 * Pagination bullets show which banner is on screen until Swiper draws its own. Does nothing with one banner or
 * none, or when Swiper already runs. On the island's hand-over event it removes its inline styles, gives the bullets
 * back to assistive technology (Swiper redraws them as buttons), answers the slide on screen, and its timer steps
 * Swiper from then on.
 */
export function startFirstHtmlCarousel(section: HTMLElement): void {
  const wrapper = section.querySelector<HTMLElement>('.swiper-wrapper');
  const slides = wrapper ? Array.from(wrapper.children).filter((c): c is HTMLElement => c instanceof HTMLElement) : [];
  if (!wrapper || slides.length < 2 || section.classList.contains('swiper-initialized')) return;
  const count = slides.length;
  const speed = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : BANNER_SPEED_MS;
  const sign = getComputedStyle(section).direction === 'rtl' ? 1 : -1;
  const bullets = section.querySelector<HTMLElement>('.swiper-pagination');
  let index = 0;
  let settle: ReturnType<typeof setTimeout> | null = null;
  const place = (position: number, animate: boolean) => {
    wrapper.style.transition = animate && speed > 0 ? `transform ${speed}ms ease` : 'none';
    wrapper.style.transform = `translate3d(${sign * position * 100}%, 0, 0)`;
  };
  const mark = () => {
    bullets?.querySelectorAll('span').forEach((bullet, i) => bullet.classList.toggle('swiper-pagination-bullet-active', i === index));
  };
  const unloop = () => {
    if (settle !== null) clearTimeout(settle);
    settle = null;
    slides[0]!.style.order = '';
  };
  if (bullets) {
    bullets.replaceChildren(...slides.map(() => {
      const bullet = document.createElement('span');
      bullet.className = 'swiper-pagination-bullet';
      return bullet;
    }));
    bullets.setAttribute('aria-hidden', 'true');
    mark();
  }
  const slide = () => {
    unloop();
    if (index < count - 1) {
      index += 1;
      place(index, true);
    } else {
      // Last to first, still forward: the first slide goes after the last, the view steps onto it, then everything
      // returns to its place unseen.
      slides[0]!.style.order = '1';
      place(count - 2, false);
      void wrapper.offsetWidth;
      place(count - 1, true);
      index = 0;
      settle = setTimeout(() => {
        unloop();
        place(0, false);
      }, speed);
    }
    mark();
  };
  let step = slide;
  const autoplay = startAutoplay(section, () => step(), Math.max(BANNER_AUTOPLAY_MS - performance.now(), 0));
  // A finger on a banner holds the carousel (before Swiper: the touch also starts the island; with Swiper: a swipe)
  // until it lifts, wherever that is.
  section.addEventListener('pointerdown', autoplay.hold);
  document.addEventListener('pointerup', autoplay.release);
  document.addEventListener('pointercancel', autoplay.release);
  section.addEventListener(BANNER_HANDOVER_EVENT, (event) => {
    const detail = (event as CustomEvent<BannerHandOver>).detail;
    unloop();
    wrapper.style.transition = '';
    wrapper.style.transform = '';
    bullets?.removeAttribute('aria-hidden');
    step = detail.step;
    detail.index = index;
    detail.stop = () => {
      autoplay.stop();
      section.removeEventListener('pointerdown', autoplay.hold);
      document.removeEventListener('pointerup', autoplay.release);
      document.removeEventListener('pointercancel', autoplay.release);
    };
  }, { once: true });
}

/**
 * Marks `element` with the class `is-offscreen` while no part of it is on screen, so the style sheet pauses its
 * endless animations there (the notice marquee: `animation-play-state`), and work that nobody sees stops.
 * Returns the function that stops watching.
 */
export function markOffscreen(element: Element): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {};
  const observer = new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (entry) element.classList.toggle('is-offscreen', !entry.isIntersecting);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

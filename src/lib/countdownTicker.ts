import { countdownText } from '../../rules/countdown';

/**
 * The lottery list's count-downs (player-shell §2 /m/lottery: "each game with its art and count-down"), driven
 * without React: the page's own small script (src/views/Lottery.astro) starts one ticker that rewrites, once a
 * second, only the timers on screen, from the close time and interval each timer carries
 * (`<span data-close-at="…" data-interval="…">`, written alike by the edge and by the island). It runs from first
 * paint, before the island hydrates (on the player's first interaction), and goes on afterwards, so the island never
 * re-renders a hundred rows a second: a Chromium trace of the page (4× CPU) showed each per-second React update
 * re-laying out ~600 objects and repainting the whole 5,700 px page, 70–170 ms a tick.
 */

/** The timers the ticker drives. */
export const TIMER_SELECTOR = '[data-close-at]';

/** What the ticker reads and writes of one timer (a DOM element; plain objects in tests). */
export interface TimerElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
  readonly firstChild?: ChildNode | null;
}

/**
 * Writes each timer's count-down as of `now` (server time, epoch ms) where it changed; answers how many changed.
 * A timer without a readable close time is left alone.
 */
export function writeTimers(timers: Iterable<TimerElement>, now: number): number {
  let changed = 0;
  for (const timer of timers) {
    const closeAt = Number(timer.getAttribute('data-close-at'));
    if (!Number.isFinite(closeAt) || closeAt <= 0) continue;
    const text = countdownText(closeAt, Number(timer.getAttribute('data-interval')) || 0, now);
    if (timer.textContent === text) continue;
    // Only the text node's data changes where there is one (no node is replaced under the island's feet).
    const node = timer.firstChild;
    if (node && node.nodeType === 3 && !node.nextSibling) (node as Text).data = text;
    else timer.textContent = text;
    changed += 1;
  }
  return changed;
}

/**
 * Ticks the timers inside `root` once a second on the server clock (`offsetMs()`: server minus device time),
 * aligned to the server's whole seconds. Only timers near the screen are rewritten (IntersectionObserver), and a
 * timer is brought up to date as it comes near the screen (first paint, scrolling, or the island rendering it).
 * Paused while the page is hidden. Returns a stop function.
 */
export function startCountdowns(root: Element, offsetMs: () => number): () => void {
  const now = () => Date.now() + offsetMs();
  const near = new Set<Element>();
  const watched = new WeakSet<Element>();
  const observer = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => {
      const shown: Element[] = [];
      for (const entry of entries) {
        if (entry.isIntersecting) {
          near.add(entry.target);
          shown.push(entry.target);
        } else near.delete(entry.target);
      }
      writeTimers(shown, now());
    }, { rootMargin: '200px 0px' })
    : null;
  // Timers not seen before are watched from now on. Those of the first paint are written by the observer's first
  // report, only where near the screen (a hundred timers cost one small write); those the island renders later
  // (from a slightly older clock) are written at once, before they are painted (mutation callbacks run first).
  const catchUp = (write: boolean) => {
    const fresh: Element[] = [];
    for (const element of root.querySelectorAll(TIMER_SELECTOR)) {
      if (watched.has(element)) continue;
      watched.add(element);
      observer?.observe(element);
      fresh.push(element);
    }
    if (write) writeTimers(fresh, now());
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    catchUp(false);
    for (const element of near) if (!element.isConnected) near.delete(element);
    if (observer) writeTimers(near, now());
    else writeTimers(root.querySelectorAll(TIMER_SELECTOR), now());
    schedule();
  };
  const schedule = () => {
    clearTimeout(timer);
    if (document.hidden) return;
    timer = setTimeout(tick, 1000 - (((now() % 1000) + 1000) % 1000) + 5);
  };
  const mutations = typeof MutationObserver === 'function' ? new MutationObserver(() => catchUp(true)) : null;
  mutations?.observe(root, { childList: true, subtree: true });
  const onVisibility = () => (document.hidden ? clearTimeout(timer) : tick());
  document.addEventListener('visibilitychange', onVisibility);
  tick();
  return () => {
    clearTimeout(timer);
    observer?.disconnect();
    mutations?.disconnect();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

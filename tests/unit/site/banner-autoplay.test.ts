import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS, startAutoplay } from '../../../src/lib/bannerAutoplay';

/**
 * The banner autoplay's timer (src/lib/bannerAutoplay.ts; accounts §9, player-shell §9: every 5000 ms): it steps only
 * while the carousel is on screen and the page visible, holds under a finger, and a return starts a full interval.
 * The page's document and IntersectionObserver are stood in for here; the browser tests
 * (tests/e2e/content/home-autoplay.spec.ts) run it on the real page.
 */
let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
const visibility = { state: 'visible' as DocumentVisibilityState, listeners: new Set<() => void>() };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  observed = null;
  visibility.state = 'visible';
  visibility.listeners.clear();
  vi.stubGlobal('IntersectionObserver', class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      observed = callback;
    }
    observe() {}
    disconnect() {
      observed = null;
    }
  });
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility.state;
    },
    addEventListener: (_: string, listener: () => void) => visibility.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => visibility.listeners.delete(listener),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setVisibility = (state: DocumentVisibilityState) => {
  visibility.state = state;
  for (const listener of visibility.listeners) listener();
};

describe('banner autoplay timer', () => {
  it('steps after the first delay, then every 5000 ms', () => {
    const step = vi.fn();
    startAutoplay({} as Element, step, 3000);
    vi.advanceTimersByTime(2999);
    expect(step).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 3);
    expect(step).toHaveBeenCalledTimes(4);
  });

  it('stands still off screen; back on screen, the next step a full 5000 ms later', () => {
    const step = vi.fn();
    startAutoplay({} as Element, step, 5000);
    observed?.([{ isIntersecting: true }]);
    vi.advanceTimersByTime(4000);
    observed?.([{ isIntersecting: false }]);
    vi.advanceTimersByTime(60_000);
    expect(step).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    observed?.([{ isIntersecting: true }]);
    vi.advanceTimersByTime(4999);
    expect(step).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('stands still while the page is hidden, and holds while a finger is on it', () => {
    const step = vi.fn();
    const autoplay = startAutoplay({} as Element, step, 5000);
    setVisibility('hidden');
    vi.advanceTimersByTime(30_000);
    expect(step).not.toHaveBeenCalled();
    setVisibility('visible');
    vi.advanceTimersByTime(5000);
    expect(step).toHaveBeenCalledTimes(1);
    autoplay.hold();
    vi.advanceTimersByTime(20_000);
    expect(step).toHaveBeenCalledTimes(1);
    autoplay.release();
    vi.advanceTimersByTime(4999);
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(step).toHaveBeenCalledTimes(2);
  });

  it('keeps one timer, and none once stopped', () => {
    const step = vi.fn();
    const autoplay = startAutoplay({} as Element, step, 5000);
    observed?.([{ isIntersecting: true }]);
    setVisibility('visible');
    autoplay.release();
    expect(vi.getTimerCount()).toBe(1);
    autoplay.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(visibility.listeners.size).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(step).not.toHaveBeenCalled();
  });
});

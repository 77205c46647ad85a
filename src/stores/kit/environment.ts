/**
 * The one seam between the stores and the browser's navigation, clock, timers and Web Crypto (docs/design.md "Stores"): flows
 * go to another page, read the time and wait through {@link env}, so a test replaces them all in one place with
 * {@link setEnvironment} instead of a setter per store. The browser's own functions are looked up at each call, so
 * Vitest's fake timers and `vi.setSystemTime` still reach flows that use the default environment.
 */

/** A timer handle as the environment's `setTimeout`/`setInterval` return it. */
export type TimerHandle = ReturnType<typeof globalThis.setTimeout>;

/** What the stores use of the browser's navigation, clock and timers. */
export interface Environment {
  /** Goes to `url` with a full page load (location.assign; every PlayDeck page is pre-rendered). No-op without a window. */
  navigate: (url: string) => void;
  /** Replaces the current page by `url` (location.replace: no history entry). No-op without a window. */
  replace: (url: string) => void;
  /** The device clock: milliseconds since the epoch (Date.now). */
  now: () => number;
  /** Runs `fn` once after `ms` milliseconds. */
  setTimeout: (fn: () => void, ms: number) => TimerHandle;
  /** Cancels a `setTimeout` not yet run (an unknown or undefined handle is ignored). */
  clearTimeout: (handle: TimerHandle | undefined) => void;
  /** Runs `fn` every `ms` milliseconds until cleared. */
  setInterval: (fn: () => void, ms: number) => TimerHandle;
  /** Stops a `setInterval`. */
  clearInterval: (handle: TimerHandle | undefined) => void;
  /**
   * True when the browser offers Web Crypto (`crypto.subtle`), which sealing the login and registration payloads
   * needs (contract/payload-crypto.ts). Browsers offer it only to secure contexts: pages over https, or on localhost
   * (127.0.0.1 included). A page opened over plain http on any other name (a LAN address, a test host) has none.
   */
  canSeal: () => boolean;
}

function hasLocation(): boolean {
  return typeof window !== 'undefined' && typeof window.location?.assign === 'function';
}

/** The browser's environment (each function looked up when called). */
const BROWSER: Environment = {
  navigate: (url) => {
    if (hasLocation()) window.location.assign(url);
  },
  replace: (url) => {
    if (hasLocation() && typeof window.location.replace === 'function') window.location.replace(url);
  },
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle),
  canSeal: () => typeof globalThis.crypto?.subtle?.importKey === 'function',
};

let current: Environment = BROWSER;

/** The environment the stores run in (the browser's unless a test replaced parts of it). */
export function env(): Environment {
  return current;
}

/**
 * Replaces parts of the environment (tests: `setEnvironment({ navigate: (url) => went.push(url), now: () => T })`);
 * the parts not given stay as they are. Undo with {@link resetEnvironment}.
 */
export function setEnvironment(parts: Partial<Environment>): void {
  current = { ...current, ...parts };
}

/** Back to the browser's environment (tests, after each). */
export function resetEnvironment(): void {
  current = BROWSER;
}

/** Resolves after `ms` milliseconds on the environment's timer (never rejects). */
export function wait(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    current.setTimeout(resolve, ms);
  });
}

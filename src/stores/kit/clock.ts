import { atom, onMount } from 'nanostores';
import { env } from './environment';

/** How often the lottery count-downs tick. */
export const TICK_MS = 1000;

/**
 * The device time, ticking every second while a count-down shows it (player-shell §2 /m/lottery, /m/lotto-h5).
 * Screens add the server clock offset to it; the device clock alone is never trusted for a close time.
 */
export const $deviceNow = atom<number>(typeof window === 'undefined' ? 0 : env().now());

onMount($deviceNow, () => {
  if (typeof window === 'undefined') return;
  $deviceNow.set(env().now());
  const timer = env().setInterval(() => $deviceNow.set(env().now()), TICK_MS);
  return () => env().clearInterval(timer);
});

/**
 * The device time when the page's scripts started, never ticking: for screens whose count-downs a page script
 * rewrites each second (/m/lottery, src/lib/countdownTicker.ts), so their island does not re-render every second.
 */
export const $deviceOpenedAt = atom<number>(typeof window === 'undefined' ? 0 : env().now());

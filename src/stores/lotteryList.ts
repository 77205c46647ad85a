import { atom, onMount } from 'nanostores';
import { getLotteryGames, type LotteryGameInfo } from '../api/lottery';
import { CAPABILITIES, hasCapability } from '../contract/capabilities';
import { betterSample, clockSample, type ClockSample } from '../lib/lotteryClock';

export type { LotteryGameInfo };

/** Re-read the list now and then, so new games and changed schedules show. */
export const LOTTERY_LIST_REFRESH_MS = 5 * 60_000;

/** The lottery list (player-shell §2 /m/lottery, /m/startLottery): the games and the server-clock sample, once loaded. */
export interface LotteryListState {
  loaded: { list: LotteryGameInfo[]; sample: ClockSample } | null;
  failed: boolean;
}

/** The site's LOTT and ELOTT games with their draw schedule; loads while in use and every 5 minutes. */
export const $lotteryList = atom<LotteryListState>({ loaded: null, failed: false });

let sample: ClockSample | null = null;
let load = 0;

/**
 * Loads the list (GET /lgw/games). Its schedule fields are PlayDeck's choice (not found in the contract): without
 * the built-in lottery the list is empty rather than misread. Each answer refines the server-clock offset (the best
 * of the samples so far). A newer load wins over an older one.
 */
export async function loadLotteryList(): Promise<void> {
  const mine = ++load;
  const sentAt = Date.now();
  if (!hasCapability(CAPABILITIES.builtInLottery)) {
    $lotteryList.set({ loaded: { list: [], sample: clockSample(sentAt, sentAt, sentAt) }, failed: false });
    return;
  }
  try {
    const value = await getLotteryGames();
    if (mine !== load) return;
    sample = betterSample(sample, clockSample(value.serverTime, sentAt, Date.now()));
    $lotteryList.set({ loaded: { list: value.list, sample }, failed: false });
  } catch {
    if (mine === load) $lotteryList.set({ ...$lotteryList.get(), failed: true });
  }
}

onMount($lotteryList, () => {
  // Pre-rendering reads the store too: no request there (a failed one would render the error into later pages).
  if (typeof window === 'undefined') return undefined;
  void loadLotteryList();
  const timer = setInterval(() => void loadLotteryList(), LOTTERY_LIST_REFRESH_MS);
  return () => clearInterval(timer);
});

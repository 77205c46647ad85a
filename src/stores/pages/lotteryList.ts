import { atom, onMount } from 'nanostores';
import { getLotteryGames, servedLotteryGames, type LotteryGameInfo } from '../../api/lottery';
import { readServed, servedOnFirstUse, SERVED_LOTTERY_ID, type ServedLottery } from '../../../rules/served';
import { activeLanguage } from '../../../rules/i18n';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { betterSample, clockSample, type ClockSample } from '../../../rules/lotteryClock';
import { pageRoundTrip, SERVER_CLOCK_EVENT } from '../../../rules/countdown';
import { startFromServed } from '../kit/served';
import { env } from '../kit/environment';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

export type { LotteryGameInfo };

/** Re-read the list now and then, so new games and changed schedules show. */
export const LOTTERY_LIST_REFRESH_MS = 5 * 60_000;

/** The lottery list (player-shell §2 /m/lottery, /m/startLottery): the games and the server-clock sample, once loaded. */
export interface LotteryListState {
  loaded: { list: LotteryGameInfo[]; sample: ClockSample } | null;
  failed: boolean;
}

/**
 * The list the edge wrote into /m/lottery (worker/edge/fills/list.ts), if any and in the page's language, with the
 * server clock read from the page's own request; a later load with a shorter round trip replaces that reading.
 * Read at the first use (rules/served.ts servedOnFirstUse), not at the module's evaluation: an island hydrating
 * at load elsewhere on the page evaluates this module while the list may still be unparsed.
 */
const served = servedOnFirstUse((): { state: LotteryListState; drawnAt: number; sample: ClockSample } | null => {
  const block = readServed(SERVED_LOTTERY_ID) as ServedLottery | null;
  if (!block || block.language !== activeLanguage() || typeof block.serverTime !== 'number' || !Array.isArray(block.list)) return null;
  const { sentAt, receivedAt } = pageRoundTrip();
  const first = clockSample(block.serverTime, sentAt, receivedAt);
  return { state: { loaded: { list: servedLotteryGames(block.list), sample: first }, failed: false }, drawnAt: block.serverTime, sample: first };
});

/** The site's LOTT and ELOTT games with their draw schedule; loads while in use and every 5 minutes. */
export const $lotteryList = atom<LotteryListState>({ loaded: null, failed: false });
startFromServed($lotteryList, served, (list) => list.state);

/**
 * The server time at which the edge drew the list's count-downs into the page (null: it did not): the island's
 * first render shows them as of then, as the markup it hydrates over does, and counts on from there.
 */
export const $lotteryDrawnAt = atom<number | null>(null);
startFromServed($lotteryDrawnAt, served, (list) => list.drawnAt);

/** The best server-clock reading so far (the served list's, until a load with a shorter round trip). */
let sample: ClockSample | null = null;
/** Whether the first load is still to come (the served list stands for it: it is not asked for again). */
let firstLoad = true;
let load = 0;

/**
 * Loads the list (GET /lgw/games). Its schedule fields are PlayDeck's choice (not found in the contract): without
 * the built-in lottery the list is empty rather than misread. Each answer refines the server-clock offset (the best
 * of the samples so far). A newer load wins over an older one.
 */
export async function loadLotteryList(): Promise<void> {
  const mine = ++load;
  const sentAt = env().now();
  if (!hasCapability(CAPABILITIES.builtInLottery)) {
    $lotteryList.set({ loaded: { list: [], sample: clockSample(sentAt, sentAt, sentAt) }, failed: false });
    return;
  }
  try {
    const value = await getLotteryGames();
    if (mine !== load) return;
    sample = betterSample(sample ?? served()?.sample ?? null, clockSample(value.serverTime, sentAt, env().now()));
    $lotteryList.set({ loaded: { list: value.list, sample }, failed: false });
    // The lottery page's count-down ticker runs on the best reading too (src/views/Lottery.astro).
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SERVER_CLOCK_EVENT, { detail: sample.offsetMs }));
  } catch {
    if (mine === load) $lotteryList.set({ ...$lotteryList.get(), failed: true });
  }
}

onMount($lotteryList, () => {
  // Pre-rendering reads the store too: no request there (a failed one would render the error into later pages).
  if (typeof window === 'undefined') return undefined;
  const servedStandsIn = firstLoad && served() !== null;
  firstLoad = false;
  if (!servedStandsIn) void loadLotteryList();
  const timer = env().setInterval(() => void loadLotteryList(), LOTTERY_LIST_REFRESH_MS);
  return () => env().clearInterval(timer);
});

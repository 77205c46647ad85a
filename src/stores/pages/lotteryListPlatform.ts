import { atom, onMount } from 'nanostores';
import { getMobileLotteryGames, type MobileLotteryGame } from '../../api/lottery';
import type { LaunchGame } from '../concepts/launch';
import { LOTTERY_LIST_REFRESH_MS } from './lotteryList';
import { env } from '../kit/environment';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/**
 * The platform's lottery list (player-shell §2 /m/lottery; platform-contract.md §7.5 GET /lgw/games/mobile), used
 * where the built-in lottery is not there (upstream mode, capability `lottery` off): the games the platform's own
 * mobile client lists, each opened through the lottery launcher in the platform's lotto-h5 page (§4).
 */

/** One listed game: what the list shows and what the launch rule reads. */
export interface PlatformLotteryGame {
  gameId: string;
  /** The game's name as listed (the platform's `displayName`). */
  name: string;
  /** LOTT or ELOTT; the platform's entry may omit it (then LOTT, the lottery's base category). */
  gameType: string;
  /** The vendor code ('' when the platform does not say). */
  vassalage: string;
  /** The vendor's name for the group heading (the vendor code when the platform gives none). */
  vendorName: string;
  gameGroupId: string | null;
  lottoMode: string | null;
}

/** The list once loaded, or that it failed. */
export interface PlatformLotteryState {
  list: PlatformLotteryGame[] | null;
  failed: boolean;
}

/** Reads one entry of the platform's answer (only gameId and displayName are sure to be there). */
export function platformGameOf(entry: MobileLotteryGame): PlatformLotteryGame {
  const vassalage = entry.vassalage ?? '';
  return {
    gameId: entry.gameId,
    name: entry.displayName || entry.gameName || entry.gameId,
    gameType: entry.gameType === 'ELOTT' ? 'ELOTT' : 'LOTT',
    vassalage,
    vendorName: entry.vendorName || vassalage,
    gameGroupId: entry.gameGroupId ?? null,
    lottoMode: entry.lottoMode ?? null,
  };
}

/**
 * What the launch rule (src/stores/concepts/launch.ts planLaunch) needs of a listed game: the lottery launcher opens it by game
 * id, so no node id is involved (0: none; the list marks the busy game by its id, not by node).
 */
export function launchGameOf(game: PlatformLotteryGame): LaunchGame {
  return { nodeId: 0, gameId: game.gameId, vassalage: game.vassalage, gameType: game.gameType, gameGroupId: game.gameGroupId, lottoMode: game.lottoMode };
}

/** The platform's lottery games; loads while in use and every 5 minutes. */
export const $platformLottery = atom<PlatformLotteryState>({ list: null, failed: false });

let load = 0;

/** Loads the list (GET /lgw/games/mobile). A newer load wins over an older one; a failure keeps the list shown. */
export async function loadPlatformLottery(): Promise<void> {
  const mine = ++load;
  try {
    const list = (await getMobileLotteryGames()).map(platformGameOf);
    if (mine === load) $platformLottery.set({ list, failed: false });
  } catch {
    if (mine === load) $platformLottery.set({ ...$platformLottery.get(), failed: true });
  }
}

onMount($platformLottery, () => {
  // Pre-rendering reads the store too: no request there.
  if (typeof window === 'undefined') return undefined;
  void loadPlatformLottery();
  const timer = env().setInterval(() => void loadPlatformLottery(), LOTTERY_LIST_REFRESH_MS);
  return () => env().clearInterval(timer);
});

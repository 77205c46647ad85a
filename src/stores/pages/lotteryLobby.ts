import { atom } from 'nanostores';
import { getLotteryGames, type LotteryGameInfo } from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** The vendor lobby of the lottery page: the vendor's lottery games (empty until loaded, or when unavailable). */
export const $lotteryLobby = atom<LotteryGameInfo[]>([]);

let request = 0;

/**
 * Loads the lottery games of `vassalage` for the lobby (player-shell §2 /m/launchGame "code (default lobby)").
 * Only where the built-in lottery's calls are served (capability `lottery`); a failure leaves the lobby empty,
 * since the lobby is an extra beside the game and needs no error of its own.
 */
export async function loadLotteryLobby(vassalage: string): Promise<void> {
  const mine = ++request;
  $lotteryLobby.set([]);
  if (!hasCapability(CAPABILITIES.builtInLottery)) return;
  try {
    const { list } = await getLotteryGames({ vassalage });
    if (mine === request) $lotteryLobby.set(list);
  } catch {
    // Nothing to show: the game itself is unaffected.
  }
}

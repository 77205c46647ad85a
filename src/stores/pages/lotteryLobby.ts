import { atom } from 'nanostores';
import { getLotteryGames, type LotteryGameInfo } from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { createPage } from '../kit/page';

/**
 * The vendor lobby of one visit of the lottery page (player-shell §2 /m/launchGame "code (default lobby)"), made
 * per visit (src/stores/kit/page.ts) by the lobby's switcher on /m/lotto-h5:
 * - `$lotteryLobby`: the vendor's lottery games (empty until loaded, or when unavailable).
 * - `load(vassalage)`: loads the lottery games of `vassalage`; the newest request wins. Only where the built-in
 *   lottery's calls are served (capability `lottery`); a failure leaves the lobby empty, since the lobby is an
 *   extra beside the game and needs no error of its own.
 * An answer that arrives after the page exits is dropped.
 */
export const lotteryLobbyPage = createPage('lotto-h5', (visit) => {
  const $lotteryLobby = atom<LotteryGameInfo[]>([]);
  let request = 0;

  async function load(vassalage: string): Promise<void> {
    const mine = ++request;
    $lotteryLobby.set([]);
    if (!hasCapability(CAPABILITIES.builtInLottery)) return;
    try {
      const { list } = await getLotteryGames({ vassalage });
      if (mine === request && !visit.exited) $lotteryLobby.set(list);
    } catch {
      // Nothing to show: the game itself is unaffected.
    }
  }

  return { $lotteryLobby, load };
});

/** One visit of the lottery page's vendor lobby. */
export type LotteryLobbyPage = ReturnType<typeof lotteryLobbyPage>;

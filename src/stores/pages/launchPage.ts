import { atom } from 'nanostores';
import { addRecentGame } from '../../api/catalogue';
import { ApiRequestError } from '../../api/client';
import { getLotteryGame, type LotteryGameSheetValue } from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { launcherCloseHref, LOTTO_CLOSE_KEY, lottoH5Href, muiFor, parseLauncherQuery } from '../concepts/launch';
import { replacePage } from '../kit/navigation';
import { createPage } from '../kit/page';
import { $session } from '../concepts/session';
import { $theme } from '../concepts/theme';

/** Where the launch page is: opening (with the game once checked), the game is unknown, or the check failed. */
export type LaunchStep = { kind: 'opening'; game: LotteryGameSheetValue | null } | { kind: 'notFound' } | { kind: 'failed' };

/** Notes where the lottery page's close button goes: /m/home with pageBack, else /m/game (player-shell §2). */
function rememberClose(pageBack: string | null): void {
  try {
    sessionStorage.setItem(LOTTO_CLOSE_KEY, launcherCloseHref(pageBack));
  } catch {
    // storage unavailable: the lottery page falls back to /m/game
  }
}

/**
 * The launch page of one visit (player-shell §2 /m/launchGame), made per visit (src/stores/kit/page.ts):
 * - `$launchStep`: opening (with the game once checked), the game is unknown, or the check failed.
 * - `startLaunch(search)`: opens the lottery for a launch (/m/launchGame?playType&gameId&gameGroupId&prize_mode&code
 *   &pageBack[&mui], `search` being the address query): a visitor goes to /m/login; otherwise the game is checked
 *   (only with the built-in lottery; upstream, the platform's own page checks it), the launch is recorded in the
 *   member's recent games, and the page is replaced by the lottery page (src/stores/concepts/launch.ts lottoH5Href)
 *   with the session's token and merchant and the theme. An unknown game ends in notFound, any other failure in
 *   failed (retry calls this again; the newest call wins).
 * Answers that arrive after the page exits are dropped: the page is not replaced and the step stays as it was.
 */
export const launchPage = createPage('launchGame', (visit) => {
  const $launchStep = atom<LaunchStep>({ kind: 'opening', game: null });
  let attempt = 0;

  async function startLaunch(search: string): Promise<void> {
    const mine = ++attempt;
    $launchStep.set({ kind: 'opening', game: null });
    const launch = parseLauncherQuery(search);
    const session = $session.get();
    if (!session) {
      replacePage('/m/login');
      return;
    }
    rememberClose(launch.pageBack);
    try {
      if (!launch.gameId) throw new ApiRequestError(404, 'game_not_found', null);
      const game = hasCapability(CAPABILITIES.builtInLottery) ? await getLotteryGame(launch.gameId) : null;
      if (mine !== attempt || visit.exited) return;
      $launchStep.set({ kind: 'opening', game });
      if (game) await addRecentGame(game.nodeId).catch(() => undefined);
      if (visit.exited) return;
      replacePage(lottoH5Href({
        mui: muiFor(launch.mui, session.merchantCode),
        playType: launch.playType,
        gameId: game?.gameId ?? launch.gameId,
        token: session.token,
        merchant: session.merchantCode,
        // The built-in page draws in the player's theme; the platform's own page takes its merchant's style sheet
        // (platform-contract.md §4: css=<merchant>.css).
        css: hasCapability(CAPABILITIES.builtInLottery) ? $theme.get() : `${session.merchantCode}.css`,
        prizeMode: launch.prizeMode,
      }));
    } catch (error) {
      if (mine !== attempt || visit.exited) return;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      $launchStep.set(code === 'game_not_found' || code === 'request_param_err' ? { kind: 'notFound' } : { kind: 'failed' });
    }
  }

  return { $launchStep, startLaunch };
});

/** One visit of the launch page. */
export type LaunchPage = ReturnType<typeof launchPage>;

import { useEffect, useState } from 'react';
import { addRecentGame } from '../api/catalogue';
import { ApiRequestError } from '../api/client';
import { getLotteryGame, type LotteryGameSheetValue } from '../api/lottery';
import { CAPABILITIES, hasCapability } from '../contract/capabilities';
import { useHydrated } from '../components/useHydrated';
import { playTypeLabel, prizeModeLabel } from '../components/lotteryLabels';
import { t } from '../lib/i18n';
import { launcherCloseHref, LOTTO_CLOSE_KEY, lottoH5Href, muiFor, parseLauncherQuery, type LauncherQuery } from '../lib/launch';
import { $session } from '../stores/session';
import { $theme } from '../stores/theme';

type Step = { kind: 'opening'; game: LotteryGameSheetValue | null } | { kind: 'notFound' } | { kind: 'failed' };

/** Notes where the lottery page's close button goes: /m/home with pageBack, else /m/game (player-shell §2). */
function rememberClose(pageBack: string | null): void {
  try {
    sessionStorage.setItem(LOTTO_CLOSE_KEY, launcherCloseHref(pageBack));
  } catch {
    // storage unavailable: the lottery page falls back to /m/game
  }
}

/**
 * Opens the lottery for a launch (player-shell §2 /m/launchGame?playType&gameId&gameGroupId&prize_mode&code&pageBack
 * [&mui]): a visitor goes to /m/login; otherwise the game is checked, the launch is recorded in the member's recent
 * games ("add recent game"), and the page is replaced by /m/lotto-h5/{mui}/{playType}/games/{gameId}?token=…&
 * merchant=…&css=…&prize_mode=… — mui is the merchant code in lower case unless given, token the session's, css
 * the theme. Closing returns to /m/home when pageBack is set, otherwise to /m/game.
 */
export default function LaunchGame() {
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ kind: 'opening', game: null });
  const [attempt, setAttempt] = useState(0);
  const query: LauncherQuery | null = hydrated ? parseLauncherQuery(window.location.search) : null;

  useEffect(() => {
    const launch = parseLauncherQuery(window.location.search);
    const session = $session.get();
    if (!session) {
      window.location.replace('/m/login');
      return undefined;
    }
    let live = true;
    rememberClose(launch.pageBack);
    const open = async () => {
      if (!launch.gameId) throw new ApiRequestError(404, 'game_not_found', null);
      // The setting's shape is PlayDeck's (not found in the contract): only the built-in lottery reads it; upstream,
      // the platform's own lottery page checks the game.
      const game = hasCapability(CAPABILITIES.builtInLottery) ? await getLotteryGame(launch.gameId) : null;
      if (!live) return;
      setStep({ kind: 'opening', game });
      if (game) await addRecentGame(game.nodeId).catch(() => undefined);
      window.location.replace(lottoH5Href({
        mui: muiFor(launch.mui, session.merchantCode),
        playType: launch.playType,
        gameId: game?.gameId ?? launch.gameId,
        token: session.token,
        merchant: session.merchantCode,
        css: $theme.get(),
        prizeMode: launch.prizeMode,
      }));
    };
    open().catch((error: unknown) => {
      if (!live) return;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      setStep(code === 'game_not_found' || code === 'request_param_err' ? { kind: 'notFound' } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const close = () => window.location.assign(launcherCloseHref(query?.pageBack ?? null));
  return (
    <section className="launcher card" aria-labelledby="launcher-title" aria-busy={step.kind === 'opening'}>
      <h2 id="launcher-title">{step.kind === 'opening' && step.game ? step.game.gameName : t('launcher.heading')}</h2>
      {step.kind === 'opening' && <p role="status">{t('launcher.opening')}</p>}
      {step.kind === 'notFound' && <p role="alert">{t('launcher.notFound')}</p>}
      {step.kind === 'failed' && (
        <div role="alert">
          <p>{t('lottery.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => { setStep({ kind: 'opening', game: null }); setAttempt((n) => n + 1); }}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {query && (
        <dl className="launcher-facts">
          <dt>{t('launcher.playType')}</dt>
          <dd>{playTypeLabel(query.playType)}</dd>
          <dt>{t('launcher.prizeMode')}</dt>
          <dd>{prizeModeLabel(query.prizeMode)}</dd>
        </dl>
      )}
      <button type="button" className="btn launcher-close" onClick={close}>{t('common.close')}</button>
    </section>
  );
}

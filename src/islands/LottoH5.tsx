import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { playTypeLabel, prizeModeLabel } from '../components/lotteryLabels';
import { playTypeToShow, type PlayType } from '../lib/betSlip';
import { t } from '../../rules/i18n';
import { launcherCloseHref, LOTTO_CLOSE_KEY } from '../stores/concepts/launch';
import { remainingMs, serverNow } from '../../rules/lotteryClock';
import { addressWithoutToken, lottoH5FromPath, themeFromCss, withPlayType, type LottoH5Target } from '../lib/lottoH5';
import { $deviceNow } from '../stores/kit/clock';
import { usePage } from '../hooks/usePage';
import { lotteryRoundPage } from '../stores/pages/lotteryRound';
import { $wallet } from '../stores/concepts/member';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import BalanceWidget from '../components/BalanceWidget';
import BetSlipPanel from '../components/lottery/BetSlipPanel';
import DrawPanel from '../components/lottery/DrawPanel';
import GameSwitcher from '../components/lottery/GameSwitcher';
import MyBets from '../components/lottery/MyBets';
import ResultsPanel from '../components/lottery/ResultsPanel';

/** Where the close button goes: what the launcher noted (pageBack), else "/m/game" (player-shell §2). */
function closeHref(): string {
  try {
    return sessionStorage.getItem(LOTTO_CLOSE_KEY) ?? launcherCloseHref(null);
  } catch {
    return launcherCloseHref(null);
  }
}

/** Reads the address once: the game it names, with the token taken out of the address bar and history. */
function readAddress(): LottoH5Target | null {
  const { pathname, search, hash } = window.location;
  const clean = addressWithoutToken(pathname, search, hash);
  if (clean) window.history.replaceState(window.history.state, '', clean);
  const theme = themeFromCss(new URLSearchParams(search).get('css'));
  if (theme) document.documentElement.dataset.theme = theme;
  return lottoH5FromPath(pathname, search);
}

/**
 * The embedded lottery page (player-shell §2 /m/lotto-h5/{mui}/{playType}/games/{gameId}?token&merchant&css&
 * prize_mode): the game, the draw taking bets now with its server-clock count-down and commitment, the bet slip of
 * the play type, the player's bets with cancel, and the last results with a verify expander. The session comes
 * from session storage, never from the address: the `token` query is removed with history.replaceState.
 */
export default function LottoH5() {
  const hydrated = useHydrated();
  const [target, setTarget] = useState<LottoH5Target | null | undefined>(undefined);
  const [playType, setPlayType] = useState<PlayType>('trad');
  const lottery = usePage(lotteryRoundPage);
  const round = useStore(lottery.$round);
  const session = useStore($session);
  const wallet = useStore($wallet);
  const settings = useStore($settings);
  const offset = useStore(lottery.$clockOffset);
  const deviceNow = useStore($deviceNow);

  useEffect(() => {
    const found = readAddress();
    queueMicrotask(() => {
      setTarget(found);
      if (found) setPlayType(found.playType);
    });
    if (!found) return undefined;
    return lottery.open({ gameId: found.gameId, prizeMode: found.prizeMode });
  }, [lottery]);

  if (!hydrated || target === undefined || (target && round.status === 'loading')) {
    return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  }
  if (!target || round.status === 'notFound') {
    return (
      <div className="empty-state">
        <p>{t(target ? 'launcher.notFound' : 'lottoH5.invalid')}</p>
        <a className="btn" href="/m/lottery">{t('lottoH5.back')}</a>
      </div>
    );
  }
  const { sheet, prizeMode, draws } = round;
  if (round.status === 'failed' || !sheet) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('lottery.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>{t('common.retry')}</button>
      </div>
    );
  }
  const shown = playTypeToShow(playType, sheet.playTypes);
  const symbol = wallet?.currencySymbol ?? settings?.currencySymbol ?? '';
  const closed = !draws || remainingMs(draws.current.closeAt, serverNow(deviceNow, offset)) === 0;
  const switchPlayType = (next: PlayType) => {
    setPlayType(next);
    lottery.clearSlip();
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${withPlayType(pathname, next)}${search}`);
  };
  const trial = session !== null && sessionMemberType(session) === 4;

  return (
    <div className="lotto">
      <section className="card lotto-head" aria-labelledby="lotto-game">
        <div>
          <h2 id="lotto-game" dir="auto">{sheet.gameName}</h2>
          <p className="muted">
            {sheet.displayName} · {prizeMode ? prizeModeLabel(prizeMode) : t('common.dash')}
          </p>
        </div>
        {session ? <BalanceWidget /> : <a className="btn btn-small" href="/m/login">{t('header.login')}</a>}
        <button type="button" className="btn btn-small" onClick={() => window.location.assign(closeHref())}>{t('common.close')}</button>
      </section>
      {trial && <p className="lotto-trial" role="note">{t('lottery.trial')}</p>}
      {sheet.playTypes.length > 1 && (
        <div className="chips" role="group" aria-label={t('launcher.playType')}>
          {sheet.playTypes.map((type) => (
            <button key={type} type="button" className="chip" aria-pressed={type === shown} onClick={() => switchPlayType(type)}>
              {playTypeLabel(type)}
            </button>
          ))}
        </div>
      )}
      <DrawPanel lottery={lottery} />
      <BetSlipPanel lottery={lottery} playType={shown} currencySymbol={symbol} closed={closed} />
      <MyBets lottery={lottery} currencySymbol={symbol} closed={closed} />
      <ResultsPanel lottery={lottery} />
      <GameSwitcher vassalage={sheet.vassalage} nodeId={sheet.nodeId} />
    </div>
  );
}

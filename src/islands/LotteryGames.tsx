import { memo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { countdownText, serverNow, upcomingClose } from '../../rules/lotteryClock';
import { $vendorGameTypes } from '../stores/concepts/catalogue';
import { $deviceNow, $deviceOpenedAt } from '../stores/kit/clock';
import { $launching, openGame } from '../stores/concepts/launcher';
import { $lotteryDrawnAt, $lotteryList, loadLotteryList, type LotteryGameInfo } from '../stores/pages/lotteryList';
import { $platformLottery, launchGameOf, loadPlatformLottery, type PlatformLotteryGame } from '../stores/pages/lotteryListPlatform';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';

/** Cards of each list whose art loads at once (the first screenful); the rest lazily. */
const EAGER_ART = 3;

/** The lottery categories (player-shell §3): LOTT and ELOTT. */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;

interface CountdownProps {
  closeAt: number;
  intervalMs: number;
  /** The server time to show the count-down as of. */
  now: number;
  /** True: the island re-renders it each second (/m/startLottery); false: the page's ticker rewrites it (/m/lottery). */
  ticking: boolean;
}

/**
 * One count-down. `data-close-at`/`data-interval` let the lottery page's ticker (src/lib/countdownTicker.ts) rewrite
 * it each second; there it renders once per close time, so the list's later renders leave the ticker's text alone,
 * and the text the ticker wrote before hydration is kept (suppressHydrationWarning: it is newer than the served one).
 */
const Countdown = memo(function Countdown({ closeAt, intervalMs, now }: CountdownProps) {
  return (
    <span className="lotto-timer" data-close-at={closeAt} data-interval={intervalMs} suppressHydrationWarning>
      {countdownText(closeAt, intervalMs, now)}
    </span>
  );
}, (before, after) => before.closeAt === after.closeAt && before.intervalMs === after.intervalMs
  && before.ticking === after.ticking && (!after.ticking || before.now === after.now));

/** Props: `order` soonest lists the draws closing first (the lottery start page); catalogue keeps the site's order. */
export interface LotteryGamesProps {
  order?: 'catalogue' | 'soonest';
}

/**
 * Lottery list (player-shell §2 /m/lottery, /m/startLottery): the built-in lottery's games where the deployment runs
 * it (capability `lottery`), else the platform's lottery list (platform-contract.md §7.5 GET /lgw/games/mobile,
 * upstream mode), each opened through the launch rule (§4) in the platform's lotto-h5 page.
 */
export default function LotteryGames(props: LotteryGamesProps) {
  return hasCapability(CAPABILITIES.builtInLottery) ? <BuiltInLotteryGames {...props} /> : <PlatformLotteryGames />;
}

/**
 * The platform's lottery games (upstream mode), grouped by vendor and then by type as the built-in list is, without
 * art or count-downs (the platform's list has neither; its lotto-h5 page shows the draw). Before hydration it repeats
 * the page's pre-rendered 'loading' exactly.
 */
function PlatformLotteryGames() {
  const hydrated = useHydrated();
  const { list, failed } = useStore($platformLottery);
  const [vendor, setVendor] = useState<string | null>(null);
  useStore($vendorGameTypes); // the launch rule reads the vendor mapping (prize mode)
  if (!hydrated) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (failed && !list) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('lottery.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void loadPlatformLottery()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!list) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (list.length === 0) return <p className="empty-state">{t('lottery.none')}</p>;
  const vendors = [...new Map(list.map((g) => [g.vassalage, g.vendorName])).entries()];
  const shown = list.filter((g) => vendor === null || g.vassalage === vendor);
  const card = (g: PlatformLotteryGame) => (
    <li key={g.gameId} className="lotto-card">
      <div className="lotto-card-text">
        <button type="button" className="lotto-row" onClick={() => void openGame(launchGameOf(g), 'list')}>{g.name}</button>
        {g.vendorName && <p className="lotto-row-meta">{g.vendorName}</p>}
      </div>
    </li>
  );
  return (
    <>
      {vendors.length > 1 && (
        <div className="chips" role="group" aria-label={t('games.vendor.label')}>
          <button type="button" className="chip" aria-pressed={vendor === null} onClick={() => setVendor(null)}>{t('games.vendor.all')}</button>
          {vendors.map(([code, name]) => (
            <button key={code} type="button" className="chip" aria-pressed={vendor === code} onClick={() => setVendor(code)}>{name || code}</button>
          ))}
        </div>
      )}
      {[...new Set(shown.map((g) => g.vassalage))].map((code) => {
        const mine = shown.filter((g) => g.vassalage === code);
        const id = `lottery-${code || 'platform'}`;
        return (
          <section key={code} className="lotto-list-section" aria-labelledby={id}>
            <h2 id={id}>{mine[0]?.vendorName || code || t('title.lottery')}</h2>
            {LOTTERY_TYPES.map((type) => {
              const games = mine.filter((g) => g.gameType === type);
              if (games.length === 0) return null;
              return (
                <div key={type} className="lotto-type">
                  <h3 id={`${id}-${type}`}>{categoryLabel(type)} <span className="muted">({games.length})</span></h3>
                  <ul className="lotto-list" aria-labelledby={`${id}-${type}`}>{games.map(card)}</ul>
                </div>
              );
            })}
          </section>
        );
      })}
    </>
  );
}

/**
 * The built-in lottery's LOTT and ELOTT games grouped by provider (vendor) and then by type, each with its art
 * (/icons/game/<nodeId>.svg), each with its draw's issue and the count-down to its close on the SERVER's clock (the
 * device clock may be off); the count-down rolls on to the next draw by itself. A tap launches through the launch
 * rule (§4).
 */
function BuiltInLotteryGames({ order = 'catalogue' }: LotteryGamesProps) {
  const hydrated = useHydrated();
  // The start page counts down through the island (its order follows the clock); the lottery page's own ticker
  // writes the count-downs there, before and after hydration (src/views/Lottery.astro).
  const ticking = order === 'soonest';
  const deviceNow = useStore(ticking ? $deviceNow : $deviceOpenedAt);
  const launching = useStore($launching);
  useStore($vendorGameTypes); // the launch rule reads the vendor mapping (prize mode)
  const { loaded, failed } = useStore($lotteryList);
  const drawnAt = useStore($lotteryDrawnAt);
  const [vendor, setVendor] = useState<string | null>(null);

  // Before hydration the server's markup must be repeated exactly, whatever the stores hold by then: the list the
  // edge wrote (worker/edge/fills/lottery-markup.ts) with its count-downs as of `drawnAt`, else the build's 'loading'.
  const served = !hydrated && drawnAt !== null && order === 'catalogue';
  if (!hydrated && !served) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (failed && !loaded) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('lottery.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void loadLotteryList()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!loaded) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (loaded.list.length === 0) return <p className="empty-state">{t('lottery.none')}</p>;

  // Without ticking, `now` only seeds count-downs as they first render: the page's ticker brings each new one up to
  // date before it is painted, and counts on from there.
  const now = served && drawnAt !== null ? drawnAt : serverNow(deviceNow, loaded.sample.offsetMs);
  const closeOf = (g: LotteryGameInfo) => upcomingClose(g.nextCloseAt, g.intervalMs, now);
  const vendors = [...new Map(loaded.list.map((g) => [g.vassalage, g.displayName])).entries()];
  const shown = loaded.list.filter((g) => !vendor || g.vassalage === vendor);
  const sorted = order === 'soonest' ? [...shown].sort((a, b) => closeOf(a) - closeOf(b) || a.nodeId - b.nodeId) : shown;

  const card = (g: LotteryGameInfo, eager: boolean) => (
    <li key={g.nodeId} className="lotto-card">
      <img
        className="lotto-art" src={`/icons/game/${g.nodeId}.svg`} alt="" width={48} height={48}
        loading={eager ? 'eager' : 'lazy'} decoding="async"
      />
      <div className="lotto-card-text">
        <button
          type="button"
          className="lotto-row"
          aria-busy={launching === g.nodeId}
          aria-describedby={`lotto-when-${g.nodeId}`}
          onClick={() => void openGame(g, 'list')}
        >
          {g.gameName}
        </button>
        <p className="lotto-row-meta" id={`lotto-when-${g.nodeId}`}>
          <span className="visually-hidden">{g.displayName}, </span>
          <span>{t('lottery.closesIn')} <Countdown closeAt={g.nextCloseAt} intervalMs={g.intervalMs} now={now} ticking={ticking} /></span>
        </p>
      </div>
    </li>
  );
  // The start page lists the draws closing first across all providers; the lottery page groups by provider, then
  // by lottery type, in the catalogue's order.
  const groups = order === 'soonest' ? [] : [...new Set(sorted.map((g) => g.vassalage))];

  return (
    <>
      {vendors.length > 1 && (
        <div className="chips" role="group" aria-label={t('games.vendor.label')}>
          <button type="button" className="chip" aria-pressed={vendor === null} onClick={() => setVendor(null)}>{t('games.vendor.all')}</button>
          {vendors.map(([code, name]) => (
            <button key={code} type="button" className="chip" aria-pressed={vendor === code} onClick={() => setVendor(code)}>{name}</button>
          ))}
        </div>
      )}
      {order === 'soonest' && <ul className="lotto-list">{sorted.map((g, i) => card(g, i < EAGER_ART))}</ul>}
      {groups.map((code, group) => {
        const mine = sorted.filter((g) => g.vassalage === code);
        return (
          <section key={code} className="lotto-list-section" aria-labelledby={`lottery-${code}`}>
            <h2 id={`lottery-${code}`}>{mine[0]?.displayName ?? code}</h2>
            {LOTTERY_TYPES.map((type) => {
              const games = mine.filter((g) => g.gameType === type);
              const first = group === 0;
              if (games.length === 0) return null;
              return (
                <div key={type} className="lotto-type">
                  <h3 id={`lottery-${code}-${type}`}>{categoryLabel(type)} <span className="muted">({games.length})</span></h3>
                  <ul className="lotto-list" aria-labelledby={`lottery-${code}-${type}`}>{games.map((g, i) => card(g, first && i < EAGER_ART))}</ul>
                </div>
              );
            })}
          </section>
        );
      })}
    </>
  );
}

import { memo } from 'react';
import { t, type MessageKey } from '../../rules/i18n';
import { countdownText, upcomingClose } from '../../rules/lotteryClock';
import { categoryLabel } from './labels';

/** The messages the list shows: the page carries them for the edge (src/views/listTexts.ts viewTexts). */
export const LOTTERY_LIST_MESSAGES: readonly MessageKey[] = ['category.LOTT', 'category.ELOTT', 'games.vendor.label', 'games.vendor.all', 'lottery.closesIn'];

/** Cards of each list whose art loads at once (the first screenful); the rest lazily. */
const EAGER_ART = 3;

/** The lottery categories (player-shell §3): LOTT and ELOTT. */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;

/** What a card shows of a built-in lottery game (/lgw/games, src/api/lottery.ts LotteryGameInfo has it). */
export interface LotteryCardGame {
  nodeId: number;
  gameName: string;
  /** The provider's name. */
  displayName: string;
  /** The provider's code. */
  vassalage: string;
  /** LOTT or ELOTT. */
  gameType: string;
  /** The known close of its current draw and the time between draws (epoch ms, ms). */
  nextCloseAt: number;
  intervalMs: number;
}

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

/** Props of the built-in lottery list: its games, the server time, the order, the provider chosen, the game launching. */
export interface LotteryListViewProps<G extends LotteryCardGame> {
  /** At least one game, in the catalogue's order. */
  games: readonly G[];
  /** The server time the count-downs are of (epoch ms). */
  now: number;
  /** `soonest` lists the draws closing first (the lottery start page); `catalogue` groups by provider, then by type. */
  order: 'catalogue' | 'soonest';
  /** The provider chip on (null: all). */
  vendor: string | null;
  /** The node id of the game launching, if any. */
  launching: number | null;
  onChooseVendor: (vassalage: string | null) => void;
  onLaunch: (game: G) => void;
}

/**
 * The built-in lottery's LOTT and ELOTT games (player-shell §2 /m/lottery, /m/startLottery) grouped by provider and
 * then by type, each with its art (/icons/game/<nodeId>.svg) and the count-down to its close as of `now`, with the
 * provider chips. Rendered by the island (src/islands/LotteryGames.tsx) and, for /m/lottery, by the edge into the
 * first HTML from the same served list as of the server time it read (worker/edge/fills/list.ts), so the island
 * hydrates over it without a mismatch.
 */
export default function LotteryListView<G extends LotteryCardGame>({ games, now, order, vendor, launching, onChooseVendor, onLaunch }: LotteryListViewProps<G>) {
  const ticking = order === 'soonest';
  const closeOf = (g: G) => upcomingClose(g.nextCloseAt, g.intervalMs, now);
  const vendors = [...new Map(games.map((g) => [g.vassalage, g.displayName])).entries()];
  const shown = games.filter((g) => !vendor || g.vassalage === vendor);
  const sorted = order === 'soonest' ? [...shown].sort((a, b) => closeOf(a) - closeOf(b) || a.nodeId - b.nodeId) : shown;

  const card = (g: G, eager: boolean) => (
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
          onClick={() => onLaunch(g)}
        >
          <bdi>{g.gameName}</bdi>
        </button>
        <p className="lotto-row-meta" id={`lotto-when-${g.nodeId}`}>
          <span className="visually-hidden"><bdi>{g.displayName}</bdi>, </span>
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
          <button type="button" className="chip" aria-pressed={vendor === null} onClick={() => onChooseVendor(null)}>{t('games.vendor.all')}</button>
          {vendors.map(([code, name]) => (
            <button key={code} type="button" className="chip" aria-pressed={vendor === code} onClick={() => onChooseVendor(code)}>{name}</button>
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
              const typed = mine.filter((g) => g.gameType === type);
              const first = group === 0;
              if (typed.length === 0) return null;
              return (
                <div key={type} className="lotto-type">
                  <h3 id={`lottery-${code}-${type}`}>{categoryLabel(type)} <span className="muted">({typed.length})</span></h3>
                  <ul className="lotto-list" aria-labelledby={`lottery-${code}-${type}`}>{typed.map((g, i) => card(g, first && i < EAGER_ART))}</ul>
                </div>
              );
            })}
          </section>
        );
      })}
    </>
  );
}

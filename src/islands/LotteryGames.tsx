import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { serverNow } from '../../rules/lotteryClock';
import LotteryListView from '../components/LotteryListView';
import { $vendorGameTypes } from '../stores/concepts/catalogue';
import { $deviceNow, $deviceOpenedAt } from '../stores/kit/clock';
import { $launching, openGame } from '../stores/concepts/launcher';
import { $lotteryDrawnAt, $lotteryList, loadLotteryList } from '../stores/pages/lotteryList';
import { $platformLottery, launchGameOf, loadPlatformLottery, type PlatformLotteryGame } from '../stores/pages/lotteryListPlatform';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';

/** The lottery categories (player-shell §3): LOTT and ELOTT. */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;

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
        <button type="button" className="lotto-row" onClick={() => void openGame(launchGameOf(g), 'list')}><bdi>{g.name}</bdi></button>
        {g.vendorName && <p className="lotto-row-meta" dir="auto">{g.vendorName}</p>}
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
 * The built-in lottery's LOTT and ELOTT games (the view src/components/LotteryListView.tsx) with the count-downs on
 * the SERVER's clock (the device clock may be off); the count-down rolls on to the next draw by itself. A tap
 * launches through the launch rule (§4). Before the list: 'loading', or its failure with "try again", or 'none'.
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
  // edge wrote (worker/edge/fills/list.ts renders the same view) with its count-downs as of `drawnAt`, else the build's 'loading'.
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
  return (
    <LotteryListView
      games={loaded.list} now={now} order={order} vendor={vendor} launching={launching} onChooseVendor={setVendor}
      onLaunch={(g) => void openGame(g, 'list')}
    />
  );
}

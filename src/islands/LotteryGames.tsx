import { useStore } from '@nanostores/react';
import { listGames } from '../api/calls';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { LIST_PAGE_SIZE } from '../lib/paging';
import { $vendorGameTypes, mappingEntry } from '../stores/catalogue';
import GameGrid from './GameGrid';
import PagedFooter from './PagedFooter';
import { usePagedGames, type PageLoader } from './usePagedGames';

/** The lottery categories (player-shell §3): LOTT and ELOTT. */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;

function LotterySection({ gameType }: { gameType: string }) {
  const loader: PageLoader = (pageNo, signal) =>
    listGames({ gameType, pageNo, pageSize: LIST_PAGE_SIZE }, signal)
      .then((v) => ({ items: v.games, pageNum: v.pageNum, totalPages: v.totalPages }));
  const paged = usePagedGames(gameType, loader);
  return (
    <section className="provider-section" aria-labelledby={`lottery-${gameType}`}>
      <h2 id={`lottery-${gameType}`}>{categoryLabel(gameType)}</h2>
      {paged.failed ? (
        <div className="empty-state" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
        </div>
      ) : !paged.loading && paged.list.items.length === 0 ? (
        <p className="empty-state">{t('games.empty')}</p>
      ) : (
        <GameGrid games={paged.list.items} place="list" loading={paged.loading} />
      )}
      <PagedFooter paged={paged} />
    </section>
  );
}

/**
 * Lottery list (player-shell §2 /m/lottery, /m/startLottery): the site's LOTT and ELOTT games, 9 a page with
 * 'more games'; a tap goes through the launch rule (lottery launcher with play type and prize mode).
 */
export default function LotteryGames() {
  const hydrated = useHydrated();
  const mapping = useStore($vendorGameTypes);
  if (!hydrated || !mapping) return <GameGrid games={[]} place="list" loading />;
  const offered = LOTTERY_TYPES.filter((type) => (mappingEntry(mapping, type)?.vendors.length ?? 0) > 0);
  if (offered.length === 0) return <p className="empty-state">{t('lottery.none')}</p>;
  return <>{offered.map((type) => <LotterySection key={type} gameType={type} />)}</>;
}

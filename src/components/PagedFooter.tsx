import { t } from '../../rules/i18n';
import { hasMore, pageIndicator } from '../../rules/paging';
import type { PagedState } from '../../rules/paging';

/**
 * The 'page / total pages' indicator and the 'more games' button, disabled on the last page (player-shell §2
 * Game list screen, §4 Paging).
 */
export default function PagedFooter({ paged }: { paged: PagedState<unknown> & { loadMore: () => void } }) {
  const { page, total } = pageIndicator(paged.list);
  if (paged.loading || paged.failed || total === 0) return null;
  return (
    <div className="paged-footer">
      <p className="page-indicator" aria-live="polite">
        <span className="visually-hidden">{t('games.pageIndicatorLabel', { page, total })}</span>
        <span aria-hidden="true">{t('games.pageIndicator', { page, total })}</span>
      </p>
      <button
        type="button"
        className="btn more-games"
        disabled={!hasMore(paged.list) || paged.loadingMore}
        aria-busy={paged.loadingMore}
        onClick={paged.loadMore}
      >
        {t('games.more')}
      </button>
    </div>
  );
}

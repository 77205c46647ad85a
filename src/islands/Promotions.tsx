import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { activePromotions, promotionById } from '../lib/promotions';
import { $settings } from '../stores/settings';

/**
 * Promotions (accounts §2 Promotions list, /m/activityDetail?id=…): `list` shows a card per running programme with
 * its label, title, excerpt and a 'more' link to its detail, or the empty state; `detail` shows the programme the
 * query names. Visitors may see promotions.
 */
export default function Promotions({ view }: { view: 'list' | 'detail' }) {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  if (!hydrated || !settings) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (view === 'detail') {
    const promotion = promotionById(new URLSearchParams(window.location.search).get('id'), settings.promotions);
    if (!promotion) {
      return (
        <div className="empty-state">
          <p>{t('promo.notFound')}</p>
          <a className="btn" href="/m/activity">{t('promo.all')}</a>
        </div>
      );
    }
    return (
      <article className="card promo-detail" aria-labelledby="promo-title">
        <p className="promo-label">{t('promo.running')}</p>
        <h2 id="promo-title">{t(promotion.title)}</h2>
        <p>{t(promotion.body)}</p>
        <a className="btn btn-primary" href={promotion.href}>{t(promotion.action)}</a>
      </article>
    );
  }
  const list = activePromotions(settings.promotions);
  if (list.length === 0) return <p className="empty-state">{t('promo.empty')}</p>;
  return (
    <ul className="promo-list">
      {list.map((p) => (
        <li key={p.id}>
          <article className="card promo-card" aria-labelledby={`promo-${p.id}`}>
            <span className={`promo-art promo-art-${p.id}`} aria-hidden="true" />
            <p className="promo-label">{t('promo.running')}</p>
            <h2 id={`promo-${p.id}`}>{t(p.title)}</h2>
            <p>{t(p.excerpt)}</p>
            <a className="btn btn-small" href={`/m/activityDetail?id=${p.id}`} aria-describedby={`promo-${p.id}`}>{t('promo.more')}</a>
          </article>
        </li>
      ))}
    </ul>
  );
}

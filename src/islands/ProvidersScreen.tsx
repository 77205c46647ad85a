import { useStore } from '@nanostores/react';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import VendorTile from '../components/VendorTile';
import { t } from '../lib/i18n';
import { vendorDisplayName } from '../lib/menu';
import { $catalogueFailed, $vendorGameTypes, refreshCatalogue } from '../stores/catalogue';

/** Props: a fixed category (the slots centre shows RNG); else the page query decides. */
export interface ProvidersScreenProps {
  gameType?: string;
}

function readQuery(): { gameType: string | null; vassalage: string | null } {
  const query = new URLSearchParams(window.location.search);
  return { gameType: query.get('gameType')?.trim() || null, vassalage: query.get('vassalage')?.trim() || null };
}

/**
 * Game providers (player-shell §2 /m/providers?vassalage=…, /m/slotsCenter): the vendors of each category from the
 * vendor mapping with their game counts, each linking to its game list. `gameType` (prop or query) shows one
 * category; `vassalage` shows the categories that vendor serves.
 */
export default function ProvidersScreen({ gameType: fixed }: ProvidersScreenProps) {
  const hydrated = useHydrated();
  const loaded = useStore($vendorGameTypes);
  const failed = useStore($catalogueFailed) && hydrated;
  const mapping = hydrated ? loaded : null;
  const query = hydrated ? readQuery() : { gameType: null, vassalage: null };
  const gameType = fixed ?? query.gameType;
  if (failed) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('games.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void refreshCatalogue()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!mapping) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const sections = mapping
    .filter((entry) => !gameType || entry.gameType === gameType || entry.gameCategory === gameType)
    .map((entry) => ({
      entry,
      vendors: entry.vendors.filter((v) => !query.vassalage || v.vassalage === query.vassalage),
    }))
    .filter((s) => s.vendors.length > 0);
  if (sections.length === 0) return <p className="empty-state">{t('providers.none')}</p>;
  return (
    <>
      {sections.map(({ entry, vendors }) => (
        <section key={entry.gameType} className="provider-section" aria-labelledby={`providers-${entry.gameType}`}>
          <div className="row-head">
            <h2 id={`providers-${entry.gameType}`}>{categoryLabel(entry.gameCategory)}</h2>
            <a href={`/m/gameList?gameType=${encodeURIComponent(entry.gameType)}`}>
              {t('games.viewAllOf', { category: categoryLabel(entry.gameCategory) })}
            </a>
          </div>
          <ul className="game-grid">
            {vendors.map((v, i) => (
              <li key={v.vassalage}>
                <VendorTile
                  gameType={entry.gameType}
                  vassalage={v.vassalage}
                  name={vendorDisplayName(v)}
                  gameCount={v.gameCount}
                  variant={(i % 4) + 1}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

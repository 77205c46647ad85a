import { useStore } from '@nanostores/react';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import VendorTile from '../components/VendorTile';
import { t } from '../../rules/i18n';
import { $lanesFailed, $vendorLanes, cardCode, cardName, refreshLanes } from '../stores/concepts/catalogue';

/** Props: a fixed category (the slots centre shows RNG); else the page query decides. */
export interface ProvidersScreenProps {
  gameType?: string;
}

function readQuery(): { gameType: string | null; vassalage: string | null } {
  const query = new URLSearchParams(window.location.search);
  return { gameType: query.get('gameType')?.trim() || null, vassalage: query.get('vassalage')?.trim() || null };
}

/**
 * Game providers (player-shell §2 /m/providers?vassalage=…, /m/slotsCenter): the vendor cards of each category
 * from the vendor lanes (platform-contract.md §2), with their game counts where known, each linking to its game list. `gameType` (prop or query) shows one
 * category; `vassalage` shows the categories that vendor serves.
 */
export default function ProvidersScreen({ gameType: fixed }: ProvidersScreenProps) {
  const hydrated = useHydrated();
  const loaded = useStore($vendorLanes);
  const failed = useStore($lanesFailed) && hydrated;
  const lanes = hydrated ? loaded : null;
  const query = hydrated ? readQuery() : { gameType: null, vassalage: null };
  const gameType = fixed ?? query.gameType;
  if (failed) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('games.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void refreshLanes()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!lanes) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const sections = lanes
    .filter((lane) => !gameType || lane.title === gameType)
    .map((lane) => ({
      lane,
      cards: lane.cards.filter((card) => !query.vassalage || cardCode(card) === query.vassalage.toUpperCase()),
    }))
    .filter((s) => s.cards.length > 0);
  if (sections.length === 0) return <p className="empty-state">{t('providers.none')}</p>;
  return (
    <>
      {sections.map(({ lane, cards }) => (
        <section key={lane.title} className="provider-section" aria-labelledby={`providers-${lane.title}`}>
          <div className="row-head">
            <h2 id={`providers-${lane.title}`}>{categoryLabel(lane.title)}</h2>
            <a href={`/m/gameList?gameType=${encodeURIComponent(lane.title)}`}>
              {t('games.viewAllOf', { category: categoryLabel(lane.title) })}
            </a>
          </div>
          <ul className="game-grid">
            {cards.map((card, i) => (
              <li key={cardCode(card)}>
                <VendorTile
                  gameType={lane.title}
                  vassalage={cardCode(card)}
                  name={cardName(card)}
                  gameCount={card.gameCount}
                  icon={card.lagerIcon}
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

import { t } from '../lib/i18n';

/** Props of a vendor tile. */
export interface VendorTileProps {
  gameType: string;
  vassalage: string;
  name: string;
  gameCount: number;
  variant: number;
}

/**
 * A vendor tile (player-shell §2 "SPORTS and ELOTT show only vendor tiles"): one per vendor, linking to the
 * game list of that vendor.
 */
export default function VendorTile({ gameType, vassalage, name, gameCount, variant }: VendorTileProps) {
  const href = `/m/gameList?${new URLSearchParams({ gameType, vassalage }).toString()}`;
  return (
    <a className={`tile vendor-tile tile-v${variant}`} href={href}>
      <span className="tile-art">
        <span className="tile-initials" aria-hidden="true">{name.slice(0, 2)}</span>
      </span>
      <span className="tile-name">{name}</span>
      <span className="tile-count">{t('games.vendorGames', { count: gameCount })}</span>
    </a>
  );
}

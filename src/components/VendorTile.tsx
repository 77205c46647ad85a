import { tn } from '../../rules/i18n';

/** Props of a vendor tile. */
export interface VendorTileProps {
  gameType: string;
  vassalage: string;
  name: string;
  /** Enabled games of the vendor, when known (the platform's vendor cards do not carry it). */
  gameCount?: number | undefined;
  /** The vendor's large icon URL (`lagerIcon`); '' or absent draws the initials. */
  icon?: string | undefined;
  variant: number;
}

/**
 * A vendor tile (player-shell §2 "SPORTS and ELOTT show only vendor tiles"): one per vendor card of the vendor
 * lanes (platform-contract.md §2), linking to the game list of that vendor.
 */
export default function VendorTile({ gameType, vassalage, name, gameCount, icon, variant }: VendorTileProps) {
  const href = `/m/gameList?${new URLSearchParams({ gameType, vassalage }).toString()}`;
  return (
    <a className={`tile vendor-tile tile-v${variant}`} href={href}>
      <span className="tile-art">
        {icon
          ? <img src={icon} alt="" loading="lazy" decoding="async" width={160} height={160} />
          : <span className="tile-initials" aria-hidden="true">{name.slice(0, 2)}</span>}
      </span>
      <span className="tile-name" dir="auto">{name}</span>
      {gameCount !== undefined && <span className="tile-count">{tn('games.vendorGames', gameCount)}</span>}
    </a>
  );
}

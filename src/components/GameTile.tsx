import { useId, useState } from 'react';
import type { GameTileWire } from '../../contract/calls/catalogue-schemas';
import { t } from '../../rules/i18n';
import { tileVariant, type TilePlace } from '../../rules/tiles';

/** A game as a tile shows it (src/api/catalogue.ts Game; the served lists carry the same). */
export type TileGame = Omit<GameTileWire, 'minBet'> & { minBet?: number | undefined };

type Game = TileGame;

/** Props of one game tile. */
export interface GameTileProps {
  game: Game;
  place: TilePlace;
  isFavourite: boolean;
  favouriteBusy: boolean;
  launching: boolean;
  onLaunch: (game: Game) => void;
  onToggleFavourite: (game: Game, isFavourite: boolean) => void;
  /** Load the icon at once (tiles in the first screenful: the page's largest paint is often one of them). */
  eager?: boolean;
  /** Ask for the icon before other images (the first row of a list: the page's largest paint). */
  urgent?: boolean;
  /** Id of the vendor label (default a React id); lists whose first page the edge writes use `<prefix>-<nodeId>`. */
  vendorLabelId?: string | undefined;
}

/** Icon size the tiles reserve, so lazy images never shift the layout. */
const ICON_SIZE = 160;

/**
 * A game tile (player-shell §2 "Game category menu and tile"): icon, vendor display name, game name and the
 * favourite toggle; style variant tile-v{n}. Tapping the tile launches the game.
 */
export default function GameTile({
  game, place, isFavourite, favouriteBusy, launching, onLaunch, onToggleFavourite, eager = false, urgent = false, vendorLabelId,
}: GameTileProps) {
  const reactId = useId();
  const vendorId = vendorLabelId ?? reactId;
  const [broken, setBroken] = useState(false);
  // showIcon is the icon URL the platform answers, preferred to iconUrl (platform-contract.md §2 game list).
  const icon = game.showIcon || game.iconUrl;
  const toggleName = t(isFavourite ? 'games.tile.remove' : 'games.tile.add', { game: game.gameName });
  return (
    <div className={`tile tile-v${tileVariant(game, place)}`}>
      <button
        type="button"
        className="tile-launch"
        aria-describedby={vendorId}
        aria-busy={launching}
        onClick={() => onLaunch(game)}
      >
        <span className="tile-art">
          {broken || !icon ? (
            <span className="tile-initials" aria-hidden="true">{game.gameName.slice(0, 2)}</span>
          ) : (
            <img
              src={icon}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={urgent ? 'high' : undefined}
              decoding="async"
              width={ICON_SIZE}
              height={ICON_SIZE}
              onError={() => setBroken(true)}
            />
          )}
          {launching && <span className="spinner tile-spinner" aria-hidden="true" />}
        </span>
        <span className="tile-name" dir="auto">{game.gameName}</span>
      </button>
      {/* Outside the button so the button's name is exactly the game name (label in name, WCAG 2.5.3). */}
      <span className="tile-vendor" id={vendorId} dir="auto">{game.displayName}</span>
      <button
        type="button"
        className="tile-fav"
        aria-pressed={isFavourite}
        aria-label={toggleName}
        aria-busy={favouriteBusy}
        onClick={() => onToggleFavourite(game, isFavourite)}
      >
        {favouriteBusy ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z" />
          </svg>
        )}
      </button>
    </div>
  );
}

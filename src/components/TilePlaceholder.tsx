/** A loading placeholder tile (player-shell §2: "random 1 to 4 for placeholders; 4 placeholder tiles"). */
export default function TilePlaceholder({ variant }: { variant: number }) {
  return (
    <div className={`tile tile-placeholder tile-v${variant}`} aria-hidden="true">
      <span className="tile-art" />
      <span className="tile-line" />
      <span className="tile-line tile-line-short" />
    </div>
  );
}

import { t } from '../../rules/i18n';
import { categoryLabel } from './labels';

/** The lobby entry's code: "an 'all games' entry (label key in_all_games, lobby)". */
export const LOBBY = 'lobby';

/** Props of the category menu. */
export interface CategoryMenuProps {
  categories: readonly string[];
  /** The active entry: a category code, LOBBY, or null when searching. */
  active: string | null;
  onSelect: (code: string) => void;
}

/**
 * Game category menu (player-shell §2 "Game category menu and tile"): 'all games' (in_all_games, the lobby)
 * then one entry per category in the vendor sorting order.
 */
export default function CategoryMenu({ categories, active, onSelect }: CategoryMenuProps) {
  const entries = [{ code: LOBBY, label: t('in_all_games') }, ...categories.map((code) => ({ code, label: categoryLabel(code) }))];
  return (
    <nav className="category-menu" aria-label={t('games.menu')}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.code}>
            <button type="button" aria-pressed={entry.code === active} onClick={() => onSelect(entry.code)}>
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

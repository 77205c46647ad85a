import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { $menuOpen, openMenu } from '../stores/concepts/ui';

/**
 * The menu button of the top header and the home header (player-shell §2 Side menu: "The menu opens and
 * closes"): opens the side menu; aria-expanded tells whether it is open. Never disabled: in the frame it hydrates on
 * the first interaction (client:interaction), which holds a tap made before and replays it.
 */
export default function MenuButton() {
  const open = useStore($menuOpen);
  return (
    <button
      type="button"
      className="icon-btn menu-btn"
      aria-label={t('menu.open')}
      title={t('menu.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={(event) => openMenu(event.currentTarget)}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </button>
  );
}

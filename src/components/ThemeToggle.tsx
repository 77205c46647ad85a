import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { t } from '../../rules/i18n';
import { $theme, toggleTheme } from '../stores/concepts/theme';

/**
 * Theme switch (accounts §2 "Theme is dark or light, stored locally, default dark"): a labelled switch, on for
 * the light theme; the choice is kept under `theme` and applied at once.
 */
export default function ThemeToggle() {
  const hydrated = useHydrated();
  const stored = useStore($theme);
  const light = hydrated && stored === 'light';
  return (
    <button type="button" role="switch" aria-checked={light} className="setting-row" onClick={toggleTheme} disabled={!hydrated}>
      <span className="setting-label">{t('theme.light')}</span>
      <span className="setting-value">{t(light ? 'theme.on' : 'theme.off')}</span>
      <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
    </button>
  );
}

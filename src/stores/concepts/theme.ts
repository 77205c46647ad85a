import { persistentAtom } from '@nanostores/persistent';

/** The two themes (accounts §2 "Theme is dark or light, stored locally, default dark"). */
export type Theme = 'dark' | 'light';

/** Browser bar colour of each theme (the --bg-raised token of global.css). */
const THEME_COLOR: Record<Theme, string> = { dark: '#181e30', light: '#ffffff' };

/** The site's default theme: what the worker wrote into `<html data-site-theme>` for this merchant, else dark. */
function siteTheme(): Theme {
  if (typeof document === 'undefined') return 'dark';
  return document.documentElement.dataset.siteTheme === 'light' ? 'light' : 'dark';
}

/**
 * The player's theme, kept in local storage under `theme` (public/theme.js applies it before first paint);
 * without a stored choice it is the site's default theme.
 */
export const $theme = persistentAtom<Theme>('theme', siteTheme(), {
  encode: (value) => value,
  decode: (raw) => (raw === 'light' ? 'light' : raw === 'dark' ? 'dark' : siteTheme()),
});

/** Applies a theme to the page: the data-theme attribute the tokens key on, and the browser bar colour. */
function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

/** Sets the theme, remembers it and applies it at once. */
export function setTheme(theme: Theme): void {
  $theme.set(theme);
  if (typeof document !== 'undefined') apply(theme);
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme($theme.get() === 'light' ? 'dark' : 'light');
}

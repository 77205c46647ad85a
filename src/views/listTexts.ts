/**
 * The messages the edge needs to render an island's view into a pre-rendered page (worker/edge/fills/render.ts):
 * the views put them, translated at build time, into the fill element's `data-texts`, so the worker needs no
 * locale files. Build-time only (it reads the EN keys).
 */
import en from '../../locales/en.json';
import { pageLocale, t, type MessageKey } from '../../rules/i18n';

/**
 * The messages a view the edge renders needs (the keys the view lists, e.g. src/components/HotGamesRowView.tsx
 * HOT_GAMES_ROW_MESSAGES) and every key starting with one of `prefixes` (e.g. 'category.': every category's label),
 * in the page's language, as JSON for `data-texts`: a page locale (rules/i18n.ts PageLocale) holding only those
 * keys, which the worker renders the view in (worker/edge/fills/render.ts).
 */
export function viewTexts(keys: readonly MessageKey[], prefixes: readonly string[] = []): string {
  const { language, tag, dir } = pageLocale();
  const prefixed = (Object.keys(en) as MessageKey[]).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
  return JSON.stringify({ language, tag, dir, messages: Object.fromEntries([...keys, ...prefixed].map((key) => [key, t(key)])) });
}

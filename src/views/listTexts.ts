/**
 * Interface texts the edge needs to write a list's first page into a pre-rendered page (worker/edge/fills/list.ts):
 * the views put them, translated at build time, into the fill element's `data-texts`, so the worker needs no
 * locale files. Build-time only (it reads the EN keys).
 */
import en from '../../locales/en.json';
import { pageLocale, t, type MessageKey } from '../../rules/i18n';

/** Every `<prefix><code>` label in the page's language, by code. */
function labelsOf(prefix: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of Object.keys(en)) {
    if (key.startsWith(prefix)) labels[key.slice(prefix.length)] = t(key as MessageKey);
  }
  return labels;
}

/** The game list's texts (worker/edge/fills/list-markup.ts GameListTexts), as JSON for `data-texts`. */
export function gameListTexts(): string {
  return JSON.stringify({
    language: pageLocale().language,
    tag: pageLocale().tag,
    categories: labelsOf('category.'),
    classify: labelsOf('classify.'),
    searchLabel: t('games.search.label'),
    searchPlaceholder: t('in_slot_search'),
    searchSubmit: t('games.search.submit'),
    vendorLabel: t('games.vendor.label'),
    vendorAll: t('games.vendor.all'),
    classifyGroup: t('games.classify.label'),
    tileAdd: t('games.tile.add'),
    pageIndicator: t('games.pageIndicator'),
    pageIndicatorLabel: t('games.pageIndicatorLabel'),
    more: t('games.more'),
  });
}

/** The lottery list's texts (worker/edge/fills/lottery-markup.ts LotteryTexts), as JSON for `data-texts`. */
export function lotteryTexts(): string {
  const categories = labelsOf('category.');
  return JSON.stringify({
    language: pageLocale().language,
    categories: { LOTT: categories.LOTT, ELOTT: categories.ELOTT },
    vendorLabel: t('games.vendor.label'),
    vendorAll: t('games.vendor.all'),
    closesIn: t('lottery.closesIn'),
  });
}

/** Home's hot games row's texts (worker/edge/fills/hot-games-markup.ts HotGamesTexts), as JSON for `data-texts`. */
export function hotGamesTexts(): string {
  return JSON.stringify({
    language: pageLocale().language,
    tag: pageLocale().tag,
    title: t('category.HOT'),
    viewAll: t('games.viewAll'),
    viewAllOf: t('games.viewAllOf', { category: t('category.HOT') }),
    tileAdd: t('games.tile.add'),
  });
}

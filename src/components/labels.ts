import { humanise } from '../../rules/gameListView';
import { isMessageKey, t } from '../../rules/i18n';

/** Translated label of a game category (player-shell §3 Game categories), else the code made readable. */
export function categoryLabel(code: string): string {
  const key = `category.${code}`;
  return isMessageKey(key) ? t(key) : humanise(code);
}

/** Translated label of a classification (all, new, favorite, slot, …), else the code made readable. */
export function classifyLabel(code: string): string {
  const key = `classify.${code}`;
  return isMessageKey(key) ? t(key) : humanise(code);
}

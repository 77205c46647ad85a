/**
 * Interface texts the edge needs to write the registration form into /m/register (worker/edge/fills/register.ts):
 * the view puts them, translated at build time, into the fill element's `data-texts`, so the worker needs no
 * locale files. Build-time only (it reads the EN keys).
 */
import en from '../../locales/en.json';
import { pageLocale, t, type MessageKey } from '../../rules/i18n';

/** Message keys the form's markup uses besides every `form.*`, `register.*` and `social.*` key. */
const OTHER_KEYS = ['common.loading', 'common.close', 'forget.code', 'forget.getCode'] as const satisfies readonly MessageKey[];

/** The registration form's texts (worker/edge/fills/register-markup.ts RegisterTexts), as JSON for `data-texts`. */
export function registerTexts(): string {
  const messages: Record<string, string> = {};
  for (const key of Object.keys(en)) {
    if (/^(form|register|social)\./.test(key)) messages[key] = t(key as MessageKey);
  }
  for (const key of OTHER_KEYS) messages[key] = t(key);
  return JSON.stringify({ language: pageLocale().language, messages });
}

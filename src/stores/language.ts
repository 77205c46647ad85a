import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LANGUAGE, type Language } from '../lib/i18n';
import { languageCookie, parseLanguage } from '../lib/languages';

/**
 * The interface language (accounts §2 "Language and theme"; player-shell §3 local storage key `language`),
 * default EN. The page itself is the pre-rendered variant the worker chose from the `language` cookie.
 */
export const $language = persistentAtom<Language>('language', DEFAULT_LANGUAGE, {
  encode: (value) => value,
  decode: (raw) => parseLanguage(raw) ?? DEFAULT_LANGUAGE,
});

/**
 * Chooses a language: stores it under `language`, writes the `language` cookie (1 year, SameSite=Lax, path /)
 * and reloads, so the worker serves that language's page.
 */
export function chooseLanguage(code: Language): void {
  $language.set(code);
  document.cookie = languageCookie(code);
  window.location.reload();
}

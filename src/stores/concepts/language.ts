import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LANGUAGE, activeLanguage, type Language } from '../../../rules/i18n';
import { languageCookie, parseLanguage } from '../../../rules/languages';

/**
 * The interface language (accounts §2 "Language and theme"; player-shell §3 local storage key `language`),
 * default EN. It always names the language of the page on screen: the pre-rendered variant the worker chose
 * (`?lang=` > `language` cookie > Accept-Language > EN). The build never sets it (a store is shared by every page
 * the build renders): what a page renders reads the page's language from `activeLanguage()` / `t()` instead.
 */
export const $language = persistentAtom<Language>('language', DEFAULT_LANGUAGE, {
  encode: (value) => value,
  decode: (raw) => parseLanguage(raw) ?? DEFAULT_LANGUAGE,
});

// In the browser the page's own language wins over what an earlier page stored (e.g. after `?lang=th`).
if (typeof document !== 'undefined' && $language.get() !== activeLanguage()) $language.set(activeLanguage());

/**
 * Window event sent when the player picks another language (player-shell §9 / accounts §9: forms revalidate
 * filled fields after 200 ms, home re-fetches vendors after 250 ms). `detail.language` is the new code.
 */
export const LANGUAGE_EVENT = 'playdeck:language';

/** Detail of the {@link LANGUAGE_EVENT} event. */
export interface LanguageEventDetail {
  language: Language;
}

/** Calls `listener` with the new language on every language change; returns the function that stops it. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LanguageEventDetail>).detail.language);
  window.addEventListener(LANGUAGE_EVENT, handler);
  return () => window.removeEventListener(LANGUAGE_EVENT, handler);
}

/**
 * Chooses a language (accounts §2 language picker): stores it under `language`, writes the `language` cookie
 * (1 year, SameSite=Lax, path /), announces it with {@link LANGUAGE_EVENT} and reloads the page without any
 * `?lang=` (which would outrank the cookie). Reloading is how the language changes: every page is pre-rendered
 * in each language and the worker serves the variant the cookie names.
 */
export function chooseLanguage(code: Language): void {
  $language.set(code);
  document.cookie = languageCookie(code);
  window.dispatchEvent(new CustomEvent<LanguageEventDetail>(LANGUAGE_EVENT, { detail: { language: code } }));
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  if (url.href === window.location.href) window.location.reload();
  else window.location.replace(url.href);
}

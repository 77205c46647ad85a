import { useEffect, useEffectEvent } from 'react';
import { LANGUAGE_REVALIDATE_MS } from '../lib/validation';
import { $language } from '../stores/language';

/**
 * Window event announcing a language change made without a page load:
 * `window.dispatchEvent(new CustomEvent('playdeck:language', { detail: { language: 'TH' } }))`.
 * Forms listen to it (and to the `$language` store) to revalidate their filled fields.
 */
export const LANGUAGE_EVENT = 'playdeck:language';

/**
 * Runs `revalidate` 200 ms after the last language change (accounts §5 "On a language change, filled fields are
 * revalidated after a 200 ms debounce"), so field errors follow the new language.
 */
export function useLanguageRevalidation(revalidate: () => void): void {
  const run = useEffectEvent(revalidate);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => run(), LANGUAGE_REVALIDATE_MS);
    };
    window.addEventListener(LANGUAGE_EVENT, schedule);
    const unlisten = $language.listen(schedule);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(LANGUAGE_EVENT, schedule);
      unlisten();
    };
  }, []);
}

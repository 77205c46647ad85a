import { onMount, type Store } from 'nanostores';
import { LANGUAGE_REVALIDATE_MS } from '../../../rules/validation';
import { $language, LANGUAGE_EVENT } from './language';
import { env } from '../kit/environment';

/**
 * While `store` is in use, runs `revalidate` 200 ms after the last language change (accounts §5 "On a language
 * change, filled fields are revalidated after a 200 ms debounce"), so field errors follow the new language. Both
 * the `$language` store and the {@link LANGUAGE_EVENT} window event count as a change.
 */
export function revalidateOnLanguageChange(store: Store, revalidate: () => void): void {
  onMount(store, () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      env().clearTimeout(timer);
      timer = env().setTimeout(revalidate, LANGUAGE_REVALIDATE_MS);
    };
    const unlisten = $language.listen(schedule);
    const hasWindow = typeof window !== 'undefined';
    if (hasWindow) window.addEventListener(LANGUAGE_EVENT, schedule);
    return () => {
      env().clearTimeout(timer);
      unlisten();
      if (hasWindow) window.removeEventListener(LANGUAGE_EVENT, schedule);
    };
  });
}

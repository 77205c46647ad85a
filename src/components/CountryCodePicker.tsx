import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { $countries } from '../stores/concepts/countries';
import { $language } from '../stores/concepts/language';
import CountryCodePickerView, { type CountryCodePickerProps } from './CountryCodePickerView';

export type { CountryCodePickerProps } from './CountryCodePickerView';

/**
 * Country dialling code (accounts §2, §7): the view CountryCodePickerView.tsx with the country list and the
 * interface language from the stores; the list is read after hydration only (the pre-rendered HTML shows it loading).
 */
export default function CountryCodePicker(props: CountryCodePickerProps) {
  const hydrated = useHydrated();
  const list = useStore($countries);
  const language = useStore($language);
  return <CountryCodePickerView {...props} countries={hydrated ? list : null} language={language} />;
}

import { atom, onMount } from 'nanostores';
import { getCountryList, type CountryListValue } from '../../api/system';
import './session'; // connects the API client to the session (src/api imports no store)

/** One dialling code of the list (GET /wps/system/country, accounts §7 "system country"). */
export type Country = CountryListValue['list'][number];

/**
 * The dialling-code list the SMS and mobile-registration calls accept: null while loading, [] when it could not
 * be loaded (the pickers then take typed digits). Fetched once per page, when a picker first needs it.
 */
export const $countries = atom<Country[] | null>(null);

onMount($countries, () => {
  if (typeof window === 'undefined') return;
  getCountryList().then(
    ({ list }) => $countries.set(list),
    () => $countries.set([]),
  );
});

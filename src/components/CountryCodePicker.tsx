import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { countryForLanguage } from '../lib/country';
import { t, type MessageKey } from '../../rules/i18n';
import { $countries } from '../stores/concepts/countries';
import { $language } from '../stores/concepts/language';

/** Props of the dialling-code picker; the value is digits without '+'. */
export interface CountryCodePickerProps {
  value: string;
  onValue: (value: string) => void;
  error?: MessageKey | null | undefined;
  /** The control's id (else a generated one): the registration form names it so the edge can write the same markup. */
  id?: string | undefined;
}

/**
 * Country dialling code (accounts §2 "mobile number with country dialling code", §7 "system country"): a list from
 * the server, preselected from the interface language (accounts §3 language-to-country map, else the list's
 * first); if the list cannot be loaded the player types the digits.
 */
export default function CountryCodePicker({ value, onValue, error, id: givenId }: CountryCodePickerProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;
  const hydrated = useHydrated();
  const list = useStore($countries);
  // Read after hydration only: the pre-rendered HTML shows the list as loading.
  const countries = hydrated ? list : null;
  const language = useStore($language);

  useEffect(() => {
    if (value !== '' || !countries || countries.length === 0) return;
    const country = countryForLanguage(language);
    const preferred = countries.find((c) => c.countryCode === country) ?? countries[0];
    if (preferred) onValue(preferred.dialingCode);
  }, [value, countries, language, onValue]);

  const described = error ? errorId : undefined;
  return (
    <div className={`field dial-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{t('form.countryDialingCode')}</label>
      {countries && countries.length === 0 ? (
        <input
          id={id}
          name="countryDialingCode"
          type="text"
          inputMode="numeric"
          autoComplete="tel-country-code"
          maxLength={5}
          value={value}
          onChange={(event) => onValue(event.currentTarget.value.replace(/[^\d+]/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      ) : (
        <select
          id={id}
          name="countryDialingCode"
          autoComplete="tel-country-code"
          value={value}
          disabled={!countries}
          onChange={(event) => onValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        >
          {!countries && <option value="">{t('common.loading')}</option>}
          {(countries ?? []).map((c) => (
            <option key={c.countryCode} value={c.dialingCode}>{`${c.countryCode} +${c.dialingCode}`}</option>
          ))}
        </select>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

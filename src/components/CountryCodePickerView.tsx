import { useEffect, useId } from 'react';
import { countryForLanguage } from '../lib/country';
import { t, type Language, type MessageKey } from '../../rules/i18n';

/** Props of the dialling-code picker; the value is digits without '+'. */
export interface CountryCodePickerProps {
  value: string;
  onValue: (value: string) => void;
  error?: MessageKey | null | undefined;
  /** The control's id (else a generated one): the registration form names it so the edge can write the same markup. */
  id?: string | undefined;
}

/** A country of the dialling-code list (GET system country, accounts §7). */
export interface DialCountry {
  countryCode: string;
  dialingCode: string;
}

/** The picker's view: the list as the player's state has it (CountryCodePicker.tsx binds it to the stores). */
export interface CountryCodePickerViewProps extends CountryCodePickerProps {
  /** The list: null while loading (and before hydration), [] when it could not be loaded (typed digits then). */
  countries: readonly DialCountry[] | null;
  /** The interface language (the preselected country follows it). */
  language: Language;
}

/**
 * Country dialling code (accounts §2 "mobile number with country dialling code", §7 "system country"): a list from
 * the server, preselected from the interface language (accounts §3 language-to-country map, else the list's
 * first); if the list cannot be loaded the player types the digits. The view: the registration form's first HTML
 * renders it on the server (worker/edge/fills/register.ts) with the list loading.
 */
export default function CountryCodePickerView({ value, onValue, error, id: givenId, countries, language }: CountryCodePickerViewProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;

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

import FormField from './FormField';
import type { ComponentType } from 'react';
import { t, type MessageKey } from '../../rules/i18n';
import { REGISTER_INPUTS as INPUTS, registerFieldId, type TextField } from '../../rules/registerInputs';
import type { RegisterField, RegisterValues, ShownField } from '../../rules/validation';
import type { CaptchaFieldProps } from './CaptchaFieldView';
import type { CountryCodePickerProps } from './CountryCodePickerView';
import type { SmsCodeFieldProps } from './SmsCodeFieldView';

/**
 * The fields that show the player's state from stores (the country list, the captcha image, the SMS toasts): the
 * island gives the bound ones (CountryCodePicker.tsx, CaptchaField.tsx, SmsCodeField.tsx), which read their stores
 * only where they show; the edge gives their views with nothing loaded (src/components/RegisterFormView.tsx
 * STILL_REGISTER_PARTS).
 */
export interface RegisterFieldParts {
  CountryCodePicker: ComponentType<CountryCodePickerProps>;
  CaptchaField: ComponentType<CaptchaFieldProps>;
  SmsCodeField: ComponentType<SmsCodeFieldProps>;
}

/** Captcha module of registration (accounts §9 module ids). */
export const REGISTER_CAPTCHA_MODULE = 'REGISTER_REE3';

/** Props of the registration field list; RegisterForm owns every value and error. */
export interface RegisterFieldsProps {
  shown: readonly ShownField[];
  values: RegisterValues;
  errors: Partial<Record<RegisterField, MessageKey>>;
  onValue: (field: RegisterField, value: string) => void;
  captchaNonce: number;
  onCaptchaReload: () => void;
  /** Sends the registration SMS code (SmsCodeField `request`). */
  requestCode: () => Promise<number | null> | null;
  onUsernameBlur: () => void;
  disabled: boolean;
  parts: RegisterFieldParts;
}

/**
 * The fields of one registration tab in the settings' display order (accounts §2): text fields with their labels
 * and hints ("optional" on those not required), the dialling code paired with the mobile number, the captcha
 * image, and the SMS code with its get-code link. The fields that read stores come in `parts` (the edge renders the
 * list with still ones, worker/edge/fills/register.ts).
 */
export default function RegisterFields(props: RegisterFieldsProps) {
  const { shown, values, errors, onValue } = props;
  const { CountryCodePicker, CaptchaField, SmsCodeField } = props.parts;
  const required = new Map(shown.map((s) => [s.field, s.required]));
  const notes = new Map(shown.flatMap((s) => (s.note ? [[s.field, s.note] as const] : [])));
  const text = (field: TextField) => {
    const { label, hintKey, ...input } = INPUTS[field];
    const hint = [hintKey, notes.get(field)].filter((key) => key !== undefined).map((key) => t(key)).join(' ');
    return (
      <FormField
        key={field}
        {...input}
        id={registerFieldId(field)}
        label={t(label)}
        hint={hint || undefined}
        name={field}
        optional={required.get(field) === false}
        value={values[field]}
        onValue={(value) => onValue(field, value)}
        error={errors[field]}
        onLeave={field === 'username' ? props.onUsernameBlur : undefined}
      />
    );
  };
  const picker = (
    <CountryCodePicker
      key="countryDialingCode"
      id={registerFieldId('countryDialingCode')}
      value={values.countryDialingCode}
      onValue={(value) => onValue('countryDialingCode', value)}
      error={errors.countryDialingCode}
    />
  );
  return (
    <>
      {shown.map(({ field }, i) => {
        if (field === 'countryDialingCode') return shown[i + 1]?.field === 'mobileNum' ? null : picker;
        if (field === 'mobileNum' && shown[i - 1]?.field === 'countryDialingCode') {
          return <div key="phone" className="field-pair">{picker}{text('mobileNum')}</div>;
        }
        if (field === 'captcha') {
          return (
            <CaptchaField key="captcha" id={registerFieldId('captcha')} moduleId={REGISTER_CAPTCHA_MODULE} nonce={props.captchaNonce} onReload={props.onCaptchaReload}
              value={values.captcha} onValue={(value) => onValue('captcha', value)} error={errors.captcha} />
          );
        }
        if (field === 'verificationCode') {
          return (
            <SmsCodeField key="verificationCode" id={registerFieldId('verificationCode')} value={values.verificationCode} onValue={(value) => onValue('verificationCode', value)}
              error={errors.verificationCode} request={props.requestCode} disabled={props.disabled} />
          );
        }
        return text(field);
      })}
    </>
  );
}

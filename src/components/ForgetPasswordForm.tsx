import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import FormField from './FormField';
import { useHydrated } from './useHydrated';
import NewPasswordFields from './NewPasswordFields';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { t } from '../../rules/i18n';
import type { ForgetBySms } from '../stores/pages/forgetPassword';
import CaptchaField from './CaptchaField';
import CountryCodePicker from './CountryCodePicker';
import SmsCodeField from './SmsCodeField';

/** Captcha module of the human check before an SMS (accounts §9 module ids). */
const SMS_CAPTCHA_MODULE = 'VALID_CAPTCHA3';

/**
 * Forgot password, reset by SMS (accounts §2 /m/forget, §4 SMS code, §5): dialling code and number, the captcha as
 * the human check, the get-code link with its countdown, then the code and the new password twice. The flow lives
 * in src/stores/pages/forgetPassword.ts (the `sms` part of the page's visit, `flow`).
 */
export default function ForgetPasswordForm({ flow }: { flow: ForgetBySms }) {
  const { form } = flow;
  const hydrated = useHydrated();
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const busy = useStore(form.$busy);
  const nonce = useStore(flow.$captchaNonce);
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit();
  };

  return (
    <form ref={ref} className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="field-pair">
        <CountryCodePicker value={values.countryDialingCode} onValue={form.setter('countryDialingCode')} error={errors.countryDialingCode} />
        <FormField
          label={t('form.mobileNum')} name="mobileNum" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={11}
          hint={t('form.mobileHint')} value={values.mobileNum} onValue={form.setter('mobileNum')} error={errors.mobileNum}
        />
      </div>
      {/* The captcha image loads once the page is live (its cookie must come from this browser). */}
      <CaptchaField
        moduleId={SMS_CAPTCHA_MODULE} nonce={hydrated ? nonce : 0} onReload={flow.reloadCaptcha}
        value={values.captcha} onValue={form.setter('captcha')} error={errors.captcha}
      />
      <SmsCodeField
        value={values.verificationCode} onValue={form.setter('verificationCode')} error={errors.verificationCode}
        request={flow.requestCode} disabled={busy}
      />
      <NewPasswordFields form={form} />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      {/* Live before hydration: a tap or Enter is held by client:interaction and replayed (src/views/Forget.astro). */}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('forget.submit')}
      </button>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getCountryList, resetPasswordBySms, sendSmsCodeNoLogin } from '../api/calls';
import { ApiRequestError } from '../api/client';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { countryForLanguage } from '../lib/country';
import { t, type MessageKey } from '../lib/i18n';
import {
  phoneErrors, resetErrors, SMS_DEFAULT_WAIT_MS, SMS_POLL_MS, smsSecondsLeft, type ResetValues,
} from '../lib/passwordChange';
import { captcha as captchaRule, firstFailing, serverErrorKey } from '../lib/validation';
import { $language } from '../stores/language';
import { hideToast, showToast } from '../stores/toast';
import CaptchaField from './CaptchaField';

const ORDER = ['countryDialingCode', 'mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const;
/** Captcha module of the human check before an SMS (accounts §9 module ids). */
const SMS_CAPTCHA_MODULE = 'VALID_CAPTCHA3';
/** accounts §8: "SMS sent: in_sms_send (1.5 s); loading in_sms_sending (10 s)". */
const SMS_SENT_MS = 1500;
const SMS_SENDING_MS = 10_000;
const DONE_MS = 1500;

type Country = { countryCode: string; dialingCode: string; name: string };

/**
 * Forgot password, reset by SMS (accounts §2 /m/forget; §4 SMS code; §5): country code and mobile number (valid
 * before a code is asked for), the captcha as the human check, the get-code link with a countdown to the server's
 * expiration time (checked every 500 ms), the code, and the new password twice. Success sends the player to log in.
 */
export default function ForgetPasswordForm() {
  const hydrated = useHydrated();
  const language = useStore($language);
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [values, setValues] = useState<ResetValues>({
    countryDialingCode: '', mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '',
  });
  const [captcha, setCaptcha] = useState('');
  const [nonce, setNonce] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<keyof ResetValues | 'captcha', MessageKey>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | HTMLSelectElement | null>>>({});
  const set = (field: keyof ResetValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  useEffect(() => {
    // The captcha image loads once the page is live (its cookie must come from this browser session).
    getCountryList()
      .then(({ list }) => setCountries(list), () => setCountries([]))
      .finally(() => setNonce(Date.now()));
  }, []);
  const preferred = countries?.find((c) => c.countryCode === countryForLanguage(language))?.dialingCode ?? countries?.[0]?.dialingCode ?? '';
  const dialingCode = values.countryDialingCode || preferred;

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (smsSecondsLeft(expiresAt, at) === 0) setExpiresAt(null);
    }, SMS_POLL_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
  const secondsLeft = expiresAt === null ? 0 : smsSecondsLeft(expiresAt, now);

  const fail = (error: unknown) => {
    const code = error instanceof ApiRequestError ? error.code : 'internal_error';
    if (code === 'captcha_invalid' || code === 'captcha_required') {
      setErrors((e) => ({ ...e, captcha: 'error.captcha_invalid' }));
      setNonce(Date.now());
      setCaptcha('');
    } else setFormError(serverErrorKey(code));
  };

  const sendCode = async () => {
    const phone = phoneErrors({ countryDialingCode: dialingCode, mobileNum: values.mobileNum });
    const captchaError = captchaRule(captcha, 'register');
    const next = { ...phone, ...(captchaError ? { captcha: captchaError } : {}) };
    setErrors(next);
    setFormError(null);
    if (nonce === 0) setNonce(Date.now());
    if (Object.keys(next).length > 0) return;
    const loading = showToast('in_sms_sending', 'loading', SMS_SENDING_MS);
    try {
      const { expirationTime } = await sendSmsCodeNoLogin({ mobileNum: values.mobileNum.trim(), countryDialingCode: dialingCode, captcha: captcha.trim() });
      hideToast(loading);
      showToast('in_sms_send', 'success', SMS_SENT_MS);
      setNow(Date.now());
      setExpiresAt(expirationTime > Date.now() ? expirationTime : Date.now() + SMS_DEFAULT_WAIT_MS);
      setCaptcha('');
      setNonce(Date.now());
    } catch (error) {
      hideToast(loading);
      fail(error);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const all = { ...values, countryDialingCode: dialingCode };
    const next = resetErrors(all);
    setErrors(next);
    setFormError(null);
    const failing = firstFailing(ORDER, next);
    if (failing) {
      inputs.current[failing]?.focus();
      return;
    }
    setBusy(true);
    try {
      await resetPasswordBySms({ ...all, mobileNum: all.mobileNum.trim(), verificationCode: all.verificationCode.trim() });
      showToast('forget.done', 'success', DONE_MS);
      setTimeout(() => window.location.assign('/m/login'), DONE_MS);
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="field-pair">
        {countries && countries.length === 0 ? (
          <FormField
            label={t('form.countryDialingCode')} name="countryDialingCode" inputMode="numeric" maxLength={4}
            value={values.countryDialingCode} onValue={set('countryDialingCode')} error={errors.countryDialingCode}
            inputRef={(el) => { inputs.current.countryDialingCode = el; }}
          />
        ) : (
          <div className={`field${errors.countryDialingCode ? ' field-invalid' : ''}`}>
            <label htmlFor="forget-dial">{t('form.countryDialingCode')}</label>
            <select
              id="forget-dial" name="countryDialingCode" value={dialingCode} disabled={!countries}
              ref={(el) => { inputs.current.countryDialingCode = el; }}
              onChange={(event) => set('countryDialingCode')(event.currentTarget.value)}
            >
              {(countries ?? []).map((c) => <option key={c.countryCode} value={c.dialingCode}>+{c.dialingCode} {c.name}</option>)}
            </select>
          </div>
        )}
        <FormField
          label={t('form.mobileNum')} name="mobileNum" type="tel" inputMode="numeric" autoComplete="tel-national"
          hint={t('form.mobileHint')} value={values.mobileNum} onValue={set('mobileNum')} error={errors.mobileNum}
          inputRef={(el) => { inputs.current.mobileNum = el; }}
        />
      </div>
      <CaptchaField
        moduleId={SMS_CAPTCHA_MODULE} nonce={nonce} onReload={() => setNonce(Date.now())}
        value={captcha} onValue={setCaptcha} error={errors.captcha}
      />
      <div className="field-row sms-row">
        <FormField
          label={t('forget.code')} name="verificationCode" inputMode="numeric" autoComplete="one-time-code"
          value={values.verificationCode} onValue={set('verificationCode')} error={errors.verificationCode}
          inputRef={(el) => { inputs.current.verificationCode = el; }}
        />
        <button type="button" className="btn sms-send" disabled={!hydrated || secondsLeft > 0} onClick={() => void sendCode()}>
          {secondsLeft > 0 ? t('forget.wait', { seconds: secondsLeft }) : t('forget.getCode')}
        </button>
      </div>
      <FormField
        label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={set('newPassword')} error={errors.newPassword}
        inputRef={(el) => { inputs.current.newPassword = el; }}
      />
      <FormField
        label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={set('confirmNewPassword')} error={errors.confirmNewPassword}
        inputRef={(el) => { inputs.current.confirmNewPassword = el; }}
      />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('forget.submit')}
      </button>
    </form>
  );
}

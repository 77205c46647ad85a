import { useCallback, useRef, useState, type FormEvent } from 'react';
import { login, sendSmsCodeNoLogin, setPasswordByPhone } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import FormField from '../components/FormField';
import { focusField } from '../components/focusField';
import { useHydrated } from '../components/useHydrated';
import { isMessageKey, t, type MessageKey } from '../lib/i18n';
import { resetErrors, type ResetValues } from '../lib/passwordChange';
import { smsRequestErrors } from '../lib/sms';
import { firstFailing, inputIssues, serverErrorKey } from '../lib/validation';
import { sessionFromValue } from '../lib/account';
import { startSession } from '../stores/session';
import { showToast } from '../stores/toast';
import CaptchaField from './CaptchaField';
import CountryCodePicker from './CountryCodePicker';
import SmsCodeField from './SmsCodeField';

type Field = keyof ResetValues | 'captcha';
const ORDER: readonly Field[] = ['countryDialingCode', 'mobileNum', 'captcha', 'verificationCode', 'newPassword', 'confirmNewPassword'];
/** The message of a field the server refused (invalid_input issues name the field). */
const ISSUE_MESSAGE: Record<Field, MessageKey> = {
  countryDialingCode: 'validation.countryDialingCode', mobileNum: 'validation.mobileNum', captcha: 'validation.captcha',
  verificationCode: 'validation.smsCode', newPassword: 'validation.password', confirmNewPassword: 'in_confirmation_correct',
};
/** Captcha module of the human check before an SMS (accounts §9 module ids). */
const SMS_CAPTCHA_MODULE = 'VALID_CAPTCHA3';
/** How long the success text stays before the login screen (accounts §9: short messages 1 to 1.5 s). */
const DONE_MS = 1500;
const EMPTY: ResetValues = { countryDialingCode: '', mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' };

/**
 * Forgot password, reset by SMS (accounts §2 /m/forget, §4 SMS code, §5): the dialling code and mobile number (valid
 * before a code is asked for), the captcha as the human check, the get-code link with its countdown, then the code
 * and the new password twice. Nothing tells whether a number has an account: the code request answers alike for
 * every number, and a number without one only ever hears "verification code error". Success (POST
 * /wps/member/password/verification, platform-contract.md §3) logs in with the new password (the number as the
 * username, as mobile accounts are named) and goes home; where that login is refused it goes to log in by hand.
 */
export default function ForgetPasswordForm() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<ResetValues>(EMPTY);
  const [captcha, setCaptcha] = useState('');
  // The captcha image loads once the page is live (its cookie must come from this browser): see `hydrated` below.
  const [nonce, setNonce] = useState(() => Date.now());
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (field: keyof ResetValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setDial = useCallback((value: string) => setValues((v) => ({ ...v, countryDialingCode: value })), []);

  const showErrors = (next: Partial<Record<Field, MessageKey>>) => {
    setErrors(next);
    const first = firstFailing(ORDER, next);
    if (first) focusField(form.current, first);
  };
  const fail = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) throw error;
    const mapped: Partial<Record<Field, MessageKey>> = {};
    for (const { path, key } of inputIssues(error.value)) {
      const field = ORDER.find((f) => f === (path === 'mobileNo' ? 'mobileNum' : path));
      if (field) mapped[field] = key && isMessageKey(key) ? key : ISSUE_MESSAGE[field];
    }
    if (error.errorCode === 'captcha_invalid' || error.errorCode === 'captcha_required') mapped.captcha = 'error.captcha_invalid';
    if (error.errorCode === 'verification_code_error') mapped.verificationCode = 'error.verification_code_error';
    if (Object.keys(mapped).length > 0) showErrors(mapped);
    else setFormError(serverErrorKey(error.errorCode));
  };

  const requestCode = () => {
    const next = smsRequestErrors({ countryDialingCode: values.countryDialingCode, mobileNum: values.mobileNum, captcha });
    setFormError(null);
    showErrors(next);
    if (Object.keys(next).length > 0) return null;
    return sendSmsCodeNoLogin({ mobileNum: values.mobileNum.trim(), countryDialingCode: values.countryDialingCode.trim(), captcha: captcha.trim() })
      .then(({ expirationTime }) => expirationTime, (error: unknown) => {
        fail(error);
        return null;
      })
      .finally(() => {
        // The captcha is spent by the send, right or wrong: show a fresh one.
        setCaptcha('');
        setNonce(Date.now());
      });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = resetErrors(values);
    setFormError(null);
    showErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const mobileNum = values.mobileNum.trim();
      await setPasswordByPhone({
        newPassword: values.newPassword, mobileNum, verificationCode: values.verificationCode.trim(),
        countryDialingCode: values.countryDialingCode.trim(),
      });
      showToast('forget.done', 'success', DONE_MS);
      const session = await login({ type: 'username', username: mobileNum, password: values.newPassword }).catch(() => null);
      if (session) startSession(sessionFromValue(session));
      setTimeout(() => window.location.assign(session ? '/m/home' : '/m/login'), DONE_MS);
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="field-pair">
        <CountryCodePicker value={values.countryDialingCode} onValue={setDial} error={errors.countryDialingCode} />
        <FormField
          label={t('form.mobileNum')} name="mobileNum" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={11}
          hint={t('form.mobileHint')} value={values.mobileNum} onValue={set('mobileNum')} error={errors.mobileNum}
        />
      </div>
      <CaptchaField
        moduleId={SMS_CAPTCHA_MODULE} nonce={hydrated ? nonce : 0} onReload={() => setNonce(Date.now())}
        value={captcha} onValue={setCaptcha} error={errors.captcha}
      />
      <SmsCodeField
        value={values.verificationCode} onValue={set('verificationCode')} error={errors.verificationCode} request={requestCode} disabled={!hydrated || busy}
      />
      <FormField
        label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={set('newPassword')} error={errors.newPassword}
      />
      <FormField
        label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={set('confirmNewPassword')} error={errors.confirmNewPassword}
      />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('forget.submit')}
      </button>
    </form>
  );
}

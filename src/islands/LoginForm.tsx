import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ApiRequestError } from '../api/client';
import { login, sendSmsCodeNoLogin, type LoginBody } from '../api/accounts';
import { CAPABILITIES, hasCapability } from '../contract/capabilities';
import FormField from '../components/FormField';
import { focusField } from '../components/focusField';
import TabSwitch, { tabId } from '../components/TabSwitch';
import { useHydrated } from '../components/useHydrated';
import { useSiteSwitches } from '../components/useSiteSwitches';
import { gatedBy } from '../lib/switchGate';
import { sessionFromValue } from '../lib/account';
import { t, type MessageKey } from '../lib/i18n';
import { loginModes, socialProviders, type LoginMode } from '../lib/login-methods';
import { smsRequestErrors } from '../lib/sms';
import * as rules from '../lib/validation';
import { $remembered, saveLoginChoice } from '../stores/remember';
import { startSession } from '../stores/session';
import CaptchaField from './CaptchaField';
import CountryCodePicker from './CountryCodePicker';
import FollowLinks from './FollowLinks';
import FreePlayCard from './FreePlayCard';
import SessionExchange from './SessionExchange';
import SmsCodeField from './SmsCodeField';
import SocialLoginButtons from './SocialLoginButtons';
import { useLanguageRevalidation } from './useLanguageRevalidation';
import '../styles/account.css';

/** Captcha module of the login form and of the SMS human check (accounts §9 module ids). */
const LOGIN_CAPTCHA_MODULE = 'VALID_CAPTCHA3';

type Values = { username: string; password: string; captcha: string; countryDialingCode: string; mobileNum: string; smsCaptcha: string; verificationCode: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, MessageKey>>;
const FIELDS: Record<LoginMode, readonly Field[]> = {
  password: ['username', 'password', 'captcha'],
  sms: ['countryDialingCode', 'mobileNum', 'smsCaptcha', 'verificationCode'],
};
/** The message of a field the server refused (invalid_input issues name the field). */
const ISSUE_MESSAGE: Record<Field, MessageKey> = {
  username: 'validation.loginUsername', password: 'validation.loginPassword', captcha: 'validation.captcha',
  countryDialingCode: 'validation.countryDialingCode', mobileNum: 'validation.mobileNum', smsCaptcha: 'validation.captcha',
  verificationCode: 'validation.smsCode',
};
const EMPTY: Values = { username: '', password: '', captcha: '', countryDialingCode: '', mobileNum: '', smsCaptcha: '', verificationCode: '' };

/** The rule of each login field (accounts §5 loginUsername, loginPassword, loginMobileNum, verificationCode). */
function check(field: Field, values: Values): rules.RuleResult {
  switch (field) {
    case 'username': return rules.loginUsername(values.username);
    case 'password': return rules.loginPassword(values.password);
    case 'captcha': return rules.captcha(values.captcha, 'login');
    case 'countryDialingCode': return rules.countryDialingCode(values.countryDialingCode);
    case 'mobileNum': return rules.loginMobileNum(values.mobileNum);
    case 'smsCaptcha': return null; // only needed to send a code
    case 'verificationCode': return rules.verificationCode(values.verificationCode);
  }
}

/** True when a failed login answer asks for the captcha (accounts §3 "A failed response may carry data.value.captcha"). */
function asksForCaptcha(error: ApiRequestError): boolean {
  return (error.value as { captcha?: unknown } | null)?.captcha === true || error.errorCode === 'captcha_required' || error.errorCode === 'captcha_invalid';
}

/**
 * Login screen (accounts §2 Login screen, §4 Auth and Login method, §5): password and SMS-code tabs (SMS only with
 * MOBILEVERCODELOGIN3); the captcha only after a failed login asks for it; in SMS mode the dialling code, number,
 * captcha (the human check before a code is sent), code and get-code link; "remember me" keeps the username and a
 * revocable token (src/stores/remember.ts); social buttons in password mode per FACEBOOKLOGIN3 / GOOGLELOGIN3;
 * follow-us links, forgot-password and register links, and free play. The first failing field gets focus; filled
 * fields revalidate 200 ms after a language change.
 */
export default function LoginForm() {
  const hydrated = useHydrated();
  // Stores other islands may have filled already are read only after hydration, so the first render matches the
  // pre-rendered HTML (a mismatch would re-create the inputs and lose what the player typed meanwhile).
  const switches = useSiteSwitches();
  const modes = loginModes(switches);
  const [chosen, setChosen] = useState<LoginMode>('password');
  const mode = modes.includes(chosen) ? chosen : 'password';
  const [values, setValues] = useState<Values>(EMPTY);
  const [prefill, setPrefill] = useState(0);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  // SMS mode only shows after the player picks its tab (after hydration), so this never renders on the server.
  const [smsNonce, setSmsNonce] = useState(() => Date.now());
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const captchaShown = captchaNonce > 0;

  // Prefill once from the remembered login (read from local storage after hydration, src/stores/remember.ts).
  const rememberedValue = useStore($remembered);
  const remembered = hydrated ? rememberedValue : null;
  const [prefilled, setPrefilled] = useState(false);
  if (remembered && !prefilled) {
    setPrefilled(true);
    setValues((v) => (remembered.type === 'sms'
      ? { ...v, mobileNum: remembered.username, countryDialingCode: remembered.countryDialingCode }
      : { ...v, username: remembered.username }));
    if (remembered.type === 'sms') setChosen('sms');
    setPrefill((n) => n + 1);
  }

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setDial = useCallback((value: string) => setValues((v) => ({ ...v, countryDialingCode: value })), []);
  const showErrors = (next: Errors, order: readonly Field[] = FIELDS[mode]) => {
    setErrors(next);
    const first = rules.firstFailing(order, next);
    // Only one captcha shows at a time; its input is named captcha in both modes.
    if (first) focusField(form.current, first === 'smsCaptcha' ? 'captcha' : first);
  };
  useLanguageRevalidation(() => {
    const shown = Object.fromEntries(FIELDS[mode].map((f) => [f, values[f]])) as Record<Field, string>;
    setErrors((current) => rules.revalidateFilled(shown, current, (f) => check(f, values)));
  });

  const requestCode = () => {
    const found = smsRequestErrors({ countryDialingCode: values.countryDialingCode, mobileNum: values.mobileNum, captcha: values.smsCaptcha });
    const next: Errors = {};
    if (found.countryDialingCode) next.countryDialingCode = found.countryDialingCode;
    if (found.mobileNum) next.mobileNum = found.mobileNum;
    if (found.captcha) next.smsCaptcha = found.captcha;
    setFormError(null);
    showErrors(next);
    if (Object.keys(next).length > 0) return null;
    const body = { countryDialingCode: values.countryDialingCode.trim(), mobileNum: values.mobileNum.trim(), captcha: values.smsCaptcha.trim() };
    return sendSmsCodeNoLogin(body).then(
      ({ expirationTime }) => expirationTime,
      (error: unknown) => {
        failed(error);
        return null;
      },
    ).finally(() => {
      // The captcha is spent by the send (right or wrong): show a fresh one.
      setValues((v) => ({ ...v, smsCaptcha: '' }));
      setSmsNonce(Date.now());
    });
  };

  const failed = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) throw error;
    if (mode === 'password' && asksForCaptcha(error)) {
      setValues((v) => ({ ...v, captcha: '' }));
      setCaptchaNonce(Date.now());
    }
    const captchaField: Field = mode === 'sms' ? 'smsCaptcha' : 'captcha';
    const mapped: Errors = {};
    if (error.errorCode === 'captcha_required' || error.errorCode === 'captcha_invalid') mapped[captchaField] = rules.serverErrorKey(error.errorCode);
    else if (error.errorCode === 'verification_code_error') mapped.verificationCode = 'error.verification_code_error';
    for (const { path } of rules.inputIssues(error.value)) {
      // SMS login names the number `username` and the code `password` on the wire (§3).
      const field = mode === 'sms' && path === 'username' ? 'mobileNum' : mode === 'sms' && path === 'password' ? 'verificationCode' : path === 'mobileNo' ? 'mobileNum' : (path as Field);
      if (FIELDS[mode].includes(field)) mapped[field] = ISSUE_MESSAGE[field];
    }
    if (Object.keys(mapped).length > 0) showErrors(mapped);
    else {
      setFormError(rules.serverErrorKey(error.errorCode));
      if (mode === 'password') focusField(form.current, 'password');
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const order = FIELDS[mode].filter((f) => f !== 'smsCaptcha' && (f !== 'captcha' || captchaShown));
    const found: Errors = {};
    for (const field of order) {
      const error = check(field, values);
      if (error) found[field] = error;
    }
    showErrors(found, order);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    // Read from the box itself: it is uncontrolled, so a tick made before hydration counts too.
    const remember = (form.current?.elements.namedItem('rememberMe') as HTMLInputElement | null)?.checked === true;
    // SMS login sends the number as `username` and the code as `password` (platform-contract.md §3); rememberMe
    // is PlayDeck's extension field, sent only where the deployment serves remembered logins.
    const rememberField = hasCapability(CAPABILITIES.rememberMe) ? { rememberMe: remember } : {};
    const body: LoginBody = mode === 'sms'
      ? { type: 'sms', countryDialingCode: values.countryDialingCode.trim(), username: values.mobileNum.trim(), password: values.verificationCode.trim(), ...rememberField }
      : { type: 'username', username: values.username.trim(), password: values.password, ...rememberField, ...(captchaShown ? { captcha: values.captcha.trim() } : {}) };
    try {
      const value = await login(body);
      startSession(sessionFromValue(value));
      saveLoginChoice(remember, {
        type: mode === 'sms' ? 'sms' : 'username',
        username: mode === 'sms' ? values.mobileNum.trim() : values.username.trim(),
        countryDialingCode: values.countryDialingCode.trim(),
      }, value);
      window.location.assign('/m/home');
    } catch (error) {
      setBusy(false);
      failed(error);
    }
  };

  const tabs = modes.map((id) => ({ id, label: t(id === 'sms' ? 'login.tabSms' : 'login.tabPassword') }));
  return (
    <div className="account-form">
      <SessionExchange onSignedIn={() => window.location.assign('/m/home')} onOauthError={(code) => setFormError(rules.serverErrorKey(code))} />
      {tabs.length > 1 && <div {...gatedBy('MOBILEVERCODELOGIN3')}><TabSwitch label={t('login.method')} idPrefix="login" tabs={tabs} selected={mode} onSelect={(id) => {
        setChosen(id);
        setErrors({});
        setFormError(null);
        // Both captchas share one challenge cookie: a fresh image for whichever shows now.
        setSmsNonce(Date.now());
        if (captchaShown) setCaptchaNonce(Date.now());
      }} /></div>}
      <form
        ref={form} id="login-panel" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}
        {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': tabId('login', mode) } : {})}
      >
        {mode === 'password' ? (
          <>
            <FormField key={`u${prefill}`} label={t('form.username')} name="username" autoComplete="username" autoCapitalize="off" spellCheck={false}
              value={values.username} onValue={set('username')} error={errors.username} />
            <FormField label={t('form.password')} name="password" type="password" autoComplete="current-password" revealable
              value={values.password} onValue={set('password')} error={errors.password} />
            {captchaShown && (
              <CaptchaField moduleId={LOGIN_CAPTCHA_MODULE} nonce={captchaNonce} onReload={() => setCaptchaNonce(Date.now())}
                value={values.captcha} onValue={set('captcha')} error={errors.captcha} />
            )}
          </>
        ) : (
          <>
            <div className="field-pair">
              <CountryCodePicker value={values.countryDialingCode} onValue={setDial} error={errors.countryDialingCode} />
              <FormField key={`m${prefill}`} label={t('form.mobileNum')} name="mobileNum" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={11}
                hint={t('form.mobileHint')} value={values.mobileNum} onValue={set('mobileNum')} error={errors.mobileNum} />
            </div>
            <CaptchaField moduleId={LOGIN_CAPTCHA_MODULE} nonce={smsNonce} onReload={() => setSmsNonce(Date.now())}
              value={values.smsCaptcha} onValue={set('smsCaptcha')} error={errors.smsCaptcha} />
            <SmsCodeField value={values.verificationCode} onValue={set('verificationCode')} error={errors.verificationCode}
              request={requestCode} disabled={!hydrated || busy} />
          </>
        )}
        <div className="login-options">
          {(!hydrated || hasCapability(CAPABILITIES.rememberMe)) && (
            <label className="check">
              <input key={`r${prefill}`} type="checkbox" name="rememberMe" defaultChecked={remembered !== null} />
              {t('login.remember')}
            </label>
          )}
          <a href="/m/forget">{t('login.forgot')}</a>
        </div>
        <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
      </form>
      <SocialLoginButtons providers={socialProviders(mode, switches)} />
      <p className="form-switch">
        {t('login.noAccount')} <a href="/m/register">{t('login.toRegister')}</a>
      </p>
      <FreePlayCard disabled={!hydrated || busy} />
      <FollowLinks />
    </div>
  );
}

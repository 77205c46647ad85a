import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { CAPABILITIES, hasCapability } from '../../contract/capabilities';
import FormField from '../components/FormField';
import TabSwitch, { tabId } from '../components/TabSwitch';
import { useHydrated } from '../components/useHydrated';
import { useSiteSwitches } from '../components/useSiteSwitches';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { gatedBy } from '../lib/switchGate';
import { t } from '../../rules/i18n';
import { loginModes, socialProviders } from '../../rules/login-methods';
import { usePage } from '../hooks/usePage';
import { loginPage } from '../stores/pages/login';
import { openPage } from '../stores/kit/navigation';
import { $remembered } from '../stores/concepts/remember';
import CaptchaField from '../components/CaptchaField';
import CountryCodePicker from '../components/CountryCodePicker';
import FollowLinks from '../components/FollowLinks';
import FreePlayCard from '../components/FreePlayCard';
import SessionExchange from './SessionExchange';
import SmsCodeField from '../components/SmsCodeField';
import SocialLoginButtons from '../components/SocialLoginButtons';
import ExclusionNotice from '../components/ExclusionNotice';
import '../styles/account.css';

/** Captcha module of the login form and of the SMS human check (accounts §9 module ids). */
const LOGIN_CAPTCHA_MODULE = 'VALID_CAPTCHA3';
/** The captcha of either tab is one input named `captcha`. */
const FOCUS_ALIAS = { smsCaptcha: 'captcha' } as const;

/**
 * Login screen (accounts §2 Login screen, §4 Auth and Login method, §5): password and SMS-code tabs (SMS only with
 * MOBILEVERCODELOGIN3); the captcha only after a failed login asks for it; in SMS mode the dialling code, number,
 * captcha (the human check before a code is sent), code and get-code link; "remember me" keeps the username and a
 * revocable token (src/stores/concepts/remember.ts); social buttons in password mode per FACEBOOKLOGIN3 / GOOGLELOGIN3;
 * follow-us links, forgot-password and register links, and free play. A log-in refused by a break or self-exclusion
 * shows until when, with reopening and the payout of the balance (src/components/ExclusionNotice.tsx). A page the browser cannot seal the login on
 * (plain http off localhost) says so at the form's top, its submit off. The flow lives in src/stores/pages/login.ts.
 */
export default function LoginForm() {
  const {
    $loginCaptchaNonce, $loginMode, $loginPrefill, $smsCaptchaNonce, chooseLoginMode, exclusion, loginForm: form, reloadLoginCaptcha,
    reloadSmsCaptcha, requestLoginCode, sealingUnavailable, showLoginError, submitLogin,
  } = usePage(loginPage);
  const notice = useStore(exclusion.$notice);
  const hydrated = useHydrated();
  // Without Web Crypto (plain http off localhost) the login cannot be sealed: the form says so once hydrated.
  const insecure = hydrated && sealingUnavailable;
  // Stores other islands may have filled already are read only after hydration, so the first render matches the
  // pre-rendered HTML (a mismatch would re-create the inputs and lose what the player typed meanwhile).
  const switches = useSiteSwitches();
  const modes = loginModes(switches);
  const storeMode = useStore($loginMode);
  const mode = hydrated ? storeMode : 'password';
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const busy = useStore(form.$busy);
  const captchaNonce = useStore($loginCaptchaNonce);
  const smsNonce = useStore($smsCaptchaNonce);
  const prefill = useStore($loginPrefill);
  const rememberedValue = useStore($remembered);
  const remembered = hydrated ? rememberedValue : null;
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus, FOCUS_ALIAS);
  const captchaShown = captchaNonce > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the box itself: it is uncontrolled, so a tick made before hydration counts too.
    const box = ref.current?.elements.namedItem('rememberMe') as HTMLInputElement | null;
    void submitLogin(box?.checked === true);
  };

  const tabs = modes.map((id) => ({ id, label: t(id === 'sms' ? 'login.tabSms' : 'login.tabPassword') }));
  return (
    <div className="account-form">
      <SessionExchange onSignedIn={() => openPage('/m/home')} onOauthError={showLoginError} />
      {tabs.length > 1 && <div {...gatedBy('MOBILEVERCODELOGIN3')}><TabSwitch label={t('login.method')} idPrefix="login" tabs={tabs} selected={mode} onSelect={chooseLoginMode} /></div>}
      {notice && (
        <ExclusionNotice notice={notice} withPassword={mode === 'password'} onReopen={() => void exclusion.reopen()}
          onPayout={(fields) => void exclusion.payout(fields)} />
      )}
      <form
        ref={ref} id="login-panel" method="post" noValidate onSubmit={submit} aria-busy={busy}
        {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': tabId('login', mode) } : {})}
      >
        {insecure && <p className="form-insecure" role="alert">{t('form.insecureConnection')}</p>}
        {mode === 'password' ? (
          <>
            <FormField key={`u${prefill}`} label={t('form.username')} name="username" autoComplete="username" autoCapitalize="off" spellCheck={false}
              value={values.username} onValue={form.setter('username')} error={errors.username} />
            <FormField label={t('form.password')} name="password" type="password" autoComplete="current-password" revealable
              value={values.password} onValue={form.setter('password')} error={errors.password} />
            {captchaShown && (
              <CaptchaField moduleId={LOGIN_CAPTCHA_MODULE} nonce={captchaNonce} onReload={reloadLoginCaptcha}
                value={values.captcha} onValue={form.setter('captcha')} error={errors.captcha} />
            )}
          </>
        ) : (
          <>
            <div className="field-pair">
              <CountryCodePicker value={values.countryDialingCode} onValue={form.setter('countryDialingCode')} error={errors.countryDialingCode} />
              <FormField key={`m${prefill}`} label={t('form.mobileNum')} name="mobileNum" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={11}
                hint={t('form.mobileHint')} value={values.mobileNum} onValue={form.setter('mobileNum')} error={errors.mobileNum} />
            </div>
            <CaptchaField moduleId={LOGIN_CAPTCHA_MODULE} nonce={smsNonce} onReload={reloadSmsCaptcha}
              value={values.smsCaptcha} onValue={form.setter('smsCaptcha')} error={errors.smsCaptcha} />
            <SmsCodeField value={values.verificationCode} onValue={form.setter('verificationCode')} error={errors.verificationCode}
              request={requestLoginCode} disabled={!hydrated || busy} />
          </>
        )}
        <div className="login-options">
          {(!hydrated || hasCapability(CAPABILITIES.rememberMe)) && (
            <label className="check" data-capability={CAPABILITIES.rememberMe}>
              <input key={`r${prefill}-${remembered !== null}`} type="checkbox" name="rememberMe" defaultChecked={remembered !== null} />
              {t('login.remember')}
            </label>
          )}
          <a href="/m/forget">{t('login.forgot')}</a>
        </div>
        <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
        {/* Enabled before hydration: a tap or the Enter key is held by client:interaction and replayed once live. */}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || insecure}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
      </form>
      <SocialLoginButtons providers={socialProviders(mode, switches)} />
      <p className="form-switch">
        {t('login.noAccount')} <a href="/m/register">{t('login.toRegister')}</a>
      </p>
      <FreePlayCard disabled={busy} />
      <FollowLinks />
    </div>
  );
}

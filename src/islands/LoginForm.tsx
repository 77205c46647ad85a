import { useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../api/client';
import { freePlay, login } from '../api/calls';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { sessionFromValue } from '../lib/account';
import { t, type MessageKey } from '../lib/i18n';
import * as rules from '../lib/validation';
import { startSession } from '../stores/session';
import { hideToast, showToast } from '../stores/toast';
import CaptchaField from './CaptchaField';
import '../styles/account.css';

/** Captcha module of the login form (accounts §9 module ids). */
const LOGIN_CAPTCHA_MODULE = 'VALID_CAPTCHA3';
/** Free-play loading and refusal toasts (player-shell §8: in_please_wait 2 to 3 s; short messages 2 s). */
const FREE_PLAY_LOADING_MS = 10_000;
const FREE_PLAY_ERROR_MS = 2000;

type Field = 'username' | 'password' | 'captcha';
const ORDER: readonly Field[] = ['username', 'password', 'captcha'];
type Errors = Partial<Record<Field, MessageKey>>;

/** True when a failed login answer asks for the captcha (accounts §3 "A failed response may carry data.value.captcha"). */
function asksForCaptcha(error: ApiRequestError): boolean {
  const value = error.value as { captcha?: unknown } | null;
  return value?.captcha === true || error.code === 'captcha_required' || error.code === 'captcha_invalid';
}

/**
 * Password login (accounts §2 Login screen, §4 Auth, §5 loginUsername/loginPassword): the username is trimmed;
 * the captcha stays hidden until a failed login carries value.captcha; server errors show as translated text;
 * success stores the session and goes to /m/home. Also the free-play (trial) action.
 */
export default function LoginForm() {
  const hydrated = useHydrated();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const captchaShown = captchaNonce > 0;

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = rules.firstFailing(ORDER, next);
    const refs = { username: usernameRef, password: passwordRef, captcha: captchaRef };
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found: Errors = {};
    const usernameError = rules.loginUsername(username);
    const passwordError = rules.loginPassword(password);
    const captchaError = captchaShown ? rules.captcha(captcha, 'login') : null;
    if (usernameError) found.username = usernameError;
    if (passwordError) found.password = passwordError;
    if (captchaError) found.captcha = captchaError;
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = { username: username.trim(), password, type: 'username' as const };
      const value = await login(captchaShown ? { ...body, captcha: captcha.trim() } : body);
      startSession(sessionFromValue(value));
      window.location.assign('/m/home');
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiRequestError)) throw error;
      if (asksForCaptcha(error)) {
        setCaptcha('');
        setCaptchaNonce(Date.now());
      }
      if (error.code === 'captcha_required' || error.code === 'captcha_invalid') {
        showErrors({ captcha: rules.serverErrorKey(error.code) });
      } else if (error.code === 'invalid_input') {
        const issues = (error.value as { issues?: { path: string }[] } | null)?.issues ?? [];
        const mapped: Errors = {};
        for (const issue of issues) {
          if (issue.path === 'username') mapped.username = 'validation.loginUsername';
          else if (issue.path === 'password') mapped.password = 'validation.loginPassword';
          else if (issue.path === 'captcha') mapped.captcha = 'validation.captcha';
        }
        showErrors(mapped);
        if (Object.keys(mapped).length === 0) setFormError('error.invalid_input');
      } else {
        setFormError(rules.serverErrorKey(error.code));
        passwordRef.current?.focus();
      }
    }
  };

  const tryForFree = async () => {
    if (busy) return;
    setBusy(true);
    const loading = showToast('in_please_wait', 'loading', FREE_PLAY_LOADING_MS);
    try {
      const value = await freePlay();
      hideToast(loading);
      if (value.token) {
        startSession(sessionFromValue(value));
        window.location.assign('/m/home');
      } else setBusy(false);
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiRequestError ? error.code : 'internal_error';
      showToast(rules.serverErrorKey(code), 'error', FREE_PLAY_ERROR_MS);
    }
  };

  return (
    <div className="account-form">
      <form method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <FormField
          label={t('form.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={username}
          onValue={setUsername}
          error={errors.username}
          inputRef={(element) => {
            usernameRef.current = element;
          }}
        />
        <FormField
          label={t('form.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onValue={setPassword}
          error={errors.password}
          inputRef={(element) => {
            passwordRef.current = element;
          }}
        />
        {captchaShown && (
          <CaptchaField
            moduleId={LOGIN_CAPTCHA_MODULE}
            nonce={captchaNonce}
            onReload={() => setCaptchaNonce(Date.now())}
            value={captcha}
            onValue={setCaptcha}
            error={errors.captcha}
            inputRef={captchaRef}
          />
        )}
        <p className="form-error" role="alert">
          {formError ? t(formError) : ''}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
      </form>
      <p className="form-switch">
        {t('login.noAccount')} <a href="/m/register">{t('login.toRegister')}</a>
      </p>
      <div className="free-play card">
        <p>{t('login.freePlayHint')}</p>
        <button type="button" className="btn btn-block" disabled={!hydrated || busy} onClick={() => void tryForFree()}>
          {t('login.freePlay')}
        </button>
      </div>
    </div>
  );
}

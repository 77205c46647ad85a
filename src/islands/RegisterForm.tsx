import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../api/client';
import { getRegisterSettings, register } from '../api/calls';
import type { RegisterFieldSetting } from '../api/types';
import FormField, { type FormFieldProps } from '../components/FormField';
import PolicyDialog, { type PolicyName } from '../components/PolicyDialog';
import { registerPayload, sessionFromValue } from '../lib/account';
import { isMessageKey, t, type MessageKey } from '../lib/i18n';
import {
  FORMAT_MESSAGE, REGISTER_FIELDS, firstFailing, registerErrors, registerField, serverErrorKey, type RegisterField,
  type RegisterValues,
} from '../lib/validation';
import { startSession } from '../stores/session';
import { showToast } from '../stores/toast';
import CaptchaField from './CaptchaField';
import '../styles/account.css';

/** Captcha module of registration (accounts §9 module ids). */
const REGISTER_CAPTCHA_MODULE = 'REGISTER_REE3';
/** Time the success toast stays before going home (player-shell §9: short toasts 1 to 1.5 s). */
const SUCCESS_MS = 1200;
/** Country dialling codes of the spec's language-to-country map (accounts §3), first is the default (EN → US). */
const DIAL_CODES = [
  ['US', '1'], ['CN', '86'], ['JP', '81'], ['TH', '66'], ['VN', '84'], ['MM', '95'], ['ES', '34'], ['IN', '91'],
  ['ID', '62'], ['KH', '855'], ['KR', '82'], ['MY', '60'], ['BR', '55'], ['TW', '886'], ['PK', '92'],
] as const;

type Shown = { field: RegisterField; required: boolean }[];
type Errors = Partial<Record<RegisterField, MessageKey>>;
type TextField = Exclude<RegisterField, 'captcha' | 'countryDialingCode'>;

/** Input attributes per text field (accounts §2 Registration screen, hints of §5). */
const INPUTS: Record<TextField, Partial<FormFieldProps> & { label: MessageKey }> = {
  username: { label: 'form.username', autoComplete: 'username', autoCapitalize: 'off', spellCheck: false, maxLength: 16, hint: t('form.usernameHint') },
  password: { label: 'form.password', type: 'password', autoComplete: 'new-password', revealable: true, maxLength: 20, hint: t('form.passwordHint') },
  confirmPassword: { label: 'form.confirmPassword', type: 'password', autoComplete: 'new-password', revealable: true, maxLength: 20 },
  nickname: { label: 'form.nickname', autoComplete: 'nickname', maxLength: 20 },
  email: { label: 'form.email', type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'off' },
  mobileNum: { label: 'form.mobileNum', type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 11, hint: t('form.mobileHint') },
  affiliateCode: { label: 'form.affiliateCode', autoCapitalize: 'off', spellCheck: false, maxLength: 32 },
};

/** Fields on screen from the server settings: enabled fields, plus username and password the username tab needs. */
function shownFields(settings: RegisterFieldSetting[]): Shown {
  const byName = new Map(settings.map((s) => [s.field, s]));
  return REGISTER_FIELDS.flatMap((field) => {
    const setting = byName.get(field);
    const essential = field === 'username' || field === 'password';
    return setting?.enabled || essential ? [{ field, required: essential || Boolean(setting?.required) }] : [];
  });
}

function initialValues(): RegisterValues {
  const values = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as RegisterValues;
  values.countryDialingCode = DIAL_CODES[0][1];
  if (typeof location !== 'undefined') values.affiliateCode = new URLSearchParams(location.search).get('affiliateCode') ?? '';
  return values;
}

/**
 * Username registration (accounts §2 Registration screen, §3 payload, §5 rules): fields from the server's
 * settings, client rules mirroring the server's, the first failing field focused, server issues mapped back
 * to their fields; success shows in_registered_successfully, stores the session and goes to /m/home.
 */
export default function RegisterForm() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<RegisterValues>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [agreed, setAgreed] = useState(true);
  const [policy, setPolicy] = useState<PolicyName | null>(null);
  const [busy, setBusy] = useState(false);
  const [nonce, setNonce] = useState(0);
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});

  useEffect(() => {
    let live = true;
    getRegisterSettings().then(
      (value) => {
        if (!live) return;
        setShown(shownFields(value.fields));
        setNonce(Date.now());
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const set = (field: RegisterField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = firstFailing(REGISTER_FIELDS, next);
    if (first) inputs.current[first]?.focus();
  };
  const newCaptcha = () => {
    setValues((v) => ({ ...v, captcha: '' }));
    setNonce(Date.now());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shown || busy || !agreed) return;
    setFormError(null);
    const found = registerErrors(shown, values);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const context = {
        host: location.host,
        hostname: location.hostname,
        standalone: window.matchMedia('(display-mode: standalone)').matches,
      };
      const session = await register(registerPayload(values, shown.map((s) => s.field), context));
      showToast('in_registered_successfully', 'success', SUCCESS_MS);
      startSession(sessionFromValue(session));
      setTimeout(() => window.location.assign('/m/home'), SUCCESS_MS);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiRequestError)) throw error;
      newCaptcha();
      const mapped: Errors = {};
      if (error.code === 'invalid_input') {
        const issues = (error.value as { issues?: { path: string; key?: string }[] } | null)?.issues ?? [];
        for (const { path, key } of issues) {
          const field = REGISTER_FIELDS.find((f) => f === path);
          if (!field) continue;
          mapped[field] = key && isMessageKey(key) ? key : (registerField(field, values, true) ?? FORMAT_MESSAGE[field]);
        }
      } else if (error.code === 'username_taken') mapped.username = 'error.username_taken';
      else if (error.code === 'captcha_required' || error.code === 'captcha_invalid') mapped.captcha = serverErrorKey(error.code);
      if (Object.keys(mapped).length > 0) showErrors(mapped);
      else setFormError(serverErrorKey(error.code));
    }
  };

  if (!shown) {
    return (
      <div className="account-form register-pending" aria-busy={!loadFailed}>
        {loadFailed ? (
          <div className="card" role="alert">
            <p>{t('register.settingsError')}</p>
            <button type="button" className="btn" onClick={() => {
                setLoadFailed(false);
                setAttempt((n) => n + 1);
              }}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <p className="form-loading">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const required = new Map(shown.map((s) => [s.field, s.required]));
  const textField = (field: TextField) => {
    if (!required.has(field)) return null;
    const { label, ...input } = INPUTS[field];
    return (
      <FormField
        key={field}
        {...input}
        label={t(label)}
        name={field}
        optional={!required.get(field) && field !== 'confirmPassword'}
        value={values[field]}
        onValue={set(field)}
        error={errors[field]}
        inputRef={(el) => {
          inputs.current[field] = el;
        }}
      />
    );
  };

  return (
    <div className="account-form">
      <form method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        {textField('username')}
        {textField('password')}
        {textField('confirmPassword')}
        {textField('nickname')}
        {textField('email')}
        {required.has('countryDialingCode') ? (
          <div className="field-pair">
            <div className="field">
              <label htmlFor="reg-dial">{t('form.countryDialingCode')}</label>
              <select
                id="reg-dial"
                name="countryDialingCode"
                autoComplete="tel-country-code"
                value={values.countryDialingCode}
                onChange={(e) => set('countryDialingCode')(e.currentTarget.value)}
              >
                {DIAL_CODES.map(([country, code]) => (
                  <option key={country} value={code}>{`+${code} ${country}`}</option>
                ))}
              </select>
            </div>
            {textField('mobileNum')}
          </div>
        ) : (
          textField('mobileNum')
        )}
        {textField('affiliateCode')}
        {required.has('captcha') && (
          <CaptchaField
            moduleId={REGISTER_CAPTCHA_MODULE}
            nonce={nonce}
            onReload={() => setNonce(Date.now())}
            value={values.captcha}
            onValue={set('captcha')}
            error={errors.captcha}
            inputRef={(el) => {
              inputs.current.captcha = el;
            }}
          />
        )}
        <div className="agree">
          <input id="reg-agree" type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
          <label htmlFor="reg-agree">{t('register.agreePrefix')}</label>{' '}
          <button type="button" className="link-btn" aria-haspopup="dialog" onClick={() => setPolicy('terms')}>
            {t('register.terms')}
          </button>{' '}
          {t('register.agreeJoin')}{' '}
          <button type="button" className="link-btn" aria-haspopup="dialog" onClick={() => setPolicy('privacy')}>
            {t('register.privacy')}
          </button>
        </div>
        <p className="form-error" role="alert">
          {formError ? t(formError) : ''}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !agreed}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
      </form>
      <p className="form-switch">
        {t('register.haveAccount')} <a href="/m/login">{t('register.toLogin')}</a>
      </p>
      <PolicyDialog policy={policy} onClose={() => setPolicy(null)} />
    </div>
  );
}

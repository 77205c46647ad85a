import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../api/client';
import { checkUsername, getRegisterSettings, lookupAffiliate, register, registerMobile, sendSmsCodeRegister, type RegisterBody } from '../api/accounts';
import { focusField } from '../components/focusField';
import PolicyDialog, { type PolicyName } from '../components/PolicyDialog';
import TabSwitch, { tabId } from '../components/TabSwitch';
import { useHydrated } from '../components/useHydrated';
import { useSiteSwitches } from '../components/useSiteSwitches';
import { registerPayload, sessionFromValue } from '../lib/account';
import { isMessageKey, t, type MessageKey } from '../lib/i18n';
import { socialProviders } from '../lib/login-methods';
import { affiliateFromQuery, fieldsForTab, registerMethod, registerTabs, settingsList, type FieldSetting, type RegisterTab } from '../lib/register-tabs';
import { smsRequestErrors } from '../lib/sms';
import {
  FORMAT_MESSAGE, REGISTER_FIELDS, firstFailing, inputIssues, isRegisterField, registerErrors, serverErrorKey, username as usernameRule,
  type RegisterField, type RegisterValues,
} from '../lib/validation';
import { startSession } from '../stores/session';
import { showToast } from '../stores/toast';
import FollowLinks from './FollowLinks';
import RegisterFields from './RegisterFields';
import SocialLoginButtons from './SocialLoginButtons';
import '../styles/account.css';

/** Time the success toast stays before going home (accounts §9: short toasts 1 to 1.5 s). */
const SUCCESS_MS = 1200;

type Errors = Partial<Record<RegisterField, MessageKey>>;
/** The invitation code from the link: verified (sent without showing its field), or not (the field shows if enabled). */
type Affiliate = { verified: string | null };

const EMPTY = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as RegisterValues;

/** Field errors of a refused registration (accounts §5, §8), or null when the refusal belongs to the whole form. */
function fieldErrors(error: ApiRequestError, shown: ReadonlySet<RegisterField>): Errors | null {
  const errors: Errors = {};
  const put = (field: RegisterField, key: MessageKey) => {
    if (shown.has(field)) errors[field] = key;
  };
  for (const issue of inputIssues(error.value)) {
    // The register SMS names the number mobileNo (platform-contract.md §3); the form's field is mobileNum.
    const path = issue.path === 'mobileNo' ? 'mobileNum' : issue.path;
    const key = issue.key;
    if (isRegisterField(path)) put(path, key && isMessageKey(key) ? key : FORMAT_MESSAGE[path]);
  }
  const byCode: Partial<Record<string, [RegisterField, MessageKey]>> = {
    username_taken: ['username', 'error.username_taken'],
    mobile_taken: ['mobileNum', 'error.mobile_taken'],
    captcha_invalid: ['captcha', 'error.captcha_invalid'],
    captcha_required: ['captcha', 'error.captcha_required'],
    invitation_code_error: ['affiliateCode', 'invitation_code_error'],
    verification_code_error: ['verificationCode', 'error.verification_code_error'],
    phone_mismatch: ['mobileNum', 'error.phone_mismatch'],
  };
  const mapped = byCode[error.errorCode];
  if (mapped) put(...mapped);
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Registration screen (accounts §2 Registration screen, §3 payload, §4 Registration method and Affiliate code, §5):
 * username and mobile tabs per USERNAMEREG3 / MOBILENUMREG3 (the typed phone carries across), the fields of the
 * server's settings, the invitation code of the link checked first (its field shows only when the check failed),
 * the SMS code on the mobile tab with REGMOBVERF3, passwords there with MOBILENUMPASSREG3; the first failing
 * field is focused; success shows in_registered_successfully, stores the session and goes home.
 */
export default function RegisterForm() {
  const hydrated = useHydrated();
  // Null until hydrated, so the first render matches the pre-rendered HTML (see LoginForm).
  const switches = useSiteSwitches();
  const [fields, setFields] = useState<FieldSetting[] | null>(null);
  const [affiliate, setAffiliate] = useState<Affiliate | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<RegisterTab | null>(null);
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [agreed, setAgreed] = useState(true);
  const [policy, setPolicy] = useState<PolicyName | null>(null);
  const [busy, setBusy] = useState(false);
  const [nonce, setNonce] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    const code = affiliateFromQuery(window.location.search);
    const check = code === '' ? Promise.resolve(null) : lookupAffiliate(code).then((v) => v.code, () => null);
    Promise.all([getRegisterSettings(), check]).then(
      ([value, verified]) => {
        if (!live) return;
        if (!verified && code !== '') setValues((v) => ({ ...v, affiliateCode: code }));
        setAffiliate({ verified });
        setFields(settingsList(value));
        setNonce(Date.now());
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const { tabs, initial } = registerTabs(switches ?? {});
  const tab = chosen && tabs.includes(chosen) ? chosen : initial;
  const shown = tab && fields && affiliate && switches ? fieldsForTab(tab, fields, switches, affiliate.verified !== null) : null;

  const set = (field: RegisterField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = firstFailing(shown?.map((s) => s.field) ?? [], next);
    if (first) focusField(form.current, first);
  };
  const newCaptcha = () => {
    setValues((v) => ({ ...v, captcha: '' }));
    setNonce(Date.now());
  };

  const requestCode = () => {
    const found = smsRequestErrors({ countryDialingCode: values.countryDialingCode, mobileNum: values.mobileNum, captcha: values.captcha });
    setFormError(null);
    showErrors(found);
    if (Object.keys(found).length > 0) return null;
    // The ModuleId header says which registration asks: the mobile tab (MOBILENUMREG3) or the username tab's phone check.
    const moduleId = tab === 'mobile' ? 'MOBILENUMREG3' : 'REGMOBVERF3';
    return sendSmsCodeRegister({ countryDialingCode: values.countryDialingCode.trim(), mobileNo: values.mobileNum.trim(), captcha: values.captcha.trim() }, moduleId)
      .then(({ expirationTime }) => expirationTime, (error: unknown) => {
        if (!(error instanceof ApiRequestError)) throw error;
        const mapped = fieldErrors(error, new Set(['countryDialingCode', 'mobileNum', 'captcha']));
        if (mapped) showErrors(mapped);
        else setFormError(serverErrorKey(error.errorCode));
        return null;
      })
      .finally(newCaptcha);
  };

  const usernameBlur = () => {
    const name = values.username.trim();
    if (name === '' || usernameRule(name)) return;
    checkUsername(name).then(
      ({ available }) => !available && setErrors((e) => ({ ...e, username: 'error.username_taken' })),
      () => undefined, // a failed check changes nothing: registration checks again
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shown || !tab || busy || !agreed) return;
    setFormError(null);
    const found = registerErrors(shown, values);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const affiliateShown = shown.some((s) => s.field === 'affiliateCode');
    try {
      if (affiliateShown && values.affiliateCode.trim() !== '') {
        // accounts §4: with the field shown, the code is verified first and registration proceeds only on success.
        const verified = await lookupAffiliate(values.affiliateCode.trim()).catch(() => null);
        if (!verified) {
          setBusy(false);
          showErrors({ affiliateCode: 'invitation_code_error' });
          return;
        }
      }
      const nav = navigator as Navigator & { standalone?: boolean };
      const payload = registerPayload(values, shown.map((s) => s.field), {
        host: location.host,
        hostname: location.hostname,
        registerMethod: registerMethod({
          userAgent: nav.userAgent,
          standaloneDisplay: window.matchMedia('(display-mode: standalone)').matches,
          iosStandalone: nav.standalone === true,
        }),
      });
      if (affiliate?.verified) payload.affiliateCode = affiliate.verified;
      // login: true → the answer is the session (platform-contract.md §3).
      const body = { ...payload, login: true } as RegisterBody;
      const session = await (tab === 'mobile' ? registerMobile(body) : register(body));
      showToast('in_registered_successfully', 'success', SUCCESS_MS);
      if (session) startSession(sessionFromValue(session));
      setTimeout(() => window.location.assign('/m/home'), SUCCESS_MS);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiRequestError)) throw error;
      // Field errors come before the captcha check on the server, so only other refusals spend the captcha.
      if (error.errorCode !== 'request_param_err') newCaptcha();
      const mapped = fieldErrors(error, new Set(shown.map((s) => s.field)));
      if (mapped) showErrors(mapped);
      else setFormError(serverErrorKey(error.errorCode));
    }
  };

  if (!shown || !tab) {
    const closed = switches !== null && tabs.length === 0;
    return (
      <div className="account-form register-pending" aria-busy={!loadFailed && !closed}>
        {loadFailed || closed ? (
          <div className="card" role="alert">
            <p>{t(closed ? 'register.closed' : 'register.settingsError')}</p>
            {!closed && (
              <button type="button" className="btn" onClick={() => {
                setLoadFailed(false);
                setAttempt((n) => n + 1);
              }}>
                {t('common.retry')}
              </button>
            )}
          </div>
        ) : (
          <p className="form-loading">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const tabItems = tabs.map((id) => ({ id, label: t(id === 'mobile' ? 'register.tabMobile' : 'register.tabUsername') }));
  return (
    <div className="account-form">
      {tabItems.length > 1 && (
        <TabSwitch label={t('register.method')} idPrefix="register" tabs={tabItems} selected={tab} onSelect={(id) => {
          setChosen(id);
          setErrors({});
          setFormError(null);
        }} />
      )}
      <form
        ref={form} id="register-panel" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}
        {...(tabItems.length > 1 ? { role: 'tabpanel', 'aria-labelledby': tabId('register', tab) } : {})}
      >
        <RegisterFields
          key={tab} shown={shown} values={values} errors={errors} onValue={set} captchaNonce={nonce} onCaptchaReload={() => setNonce(Date.now())}
          requestCode={requestCode} onUsernameBlur={usernameBlur} disabled={!hydrated || busy}
        />
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
        <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy || !agreed}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
      </form>
      <SocialLoginButtons providers={socialProviders('password', switches)} />
      <p className="form-switch">
        {t('register.haveAccount')} <a href="/m/login">{t('register.toLogin')}</a>
      </p>
      <FollowLinks />
      <PolicyDialog policy={policy} onClose={() => setPolicy(null)} />
    </div>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import PolicyDialog, { type PolicyName } from '../components/PolicyDialog';
import TabSwitch, { tabId } from '../components/TabSwitch';
import { useSiteSwitches } from '../components/useSiteSwitches';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { t } from '../../rules/i18n';
import { socialProviders } from '../../rules/login-methods';
import {
  $agreed, $registerCaptchaNonce, $registerSetupFailed, $registerShown, $registerTab, $registerTabs, checkUsernameTaken, chooseRegisterTab,
  loadRegisterSetup, registerForm as form, registerServed, reloadRegisterCaptcha, requestRegisterCode, setAgreed, setRegisterValue, submitRegister,
} from '../stores/pages/register';
import FollowLinks from '../components/FollowLinks';
import RegisterFields from '../components/RegisterFields';
import SocialLoginButtons from '../components/SocialLoginButtons';
import '../styles/account.css';

/**
 * Registration screen (accounts §2 Registration screen, §3 payload, §4 Registration method and Affiliate code, §5):
 * username and mobile tabs per USERNAMEREG3 / MOBILENUMREG3 (the typed phone carries across), the fields of the
 * server's settings, the invitation code of the link, the SMS code on the mobile tab with REGMOBVERF3, passwords
 * there with MOBILENUMPASSREG3. The flow lives in src/stores/pages/register.ts. Where the edge wrote the form with its
 * settings (worker/edge/fills/register.ts), the first render is that form (tests/unit/register-markup.test.tsx), not
 * "Loading…", and the page hydrates it on the player's first interaction.
 */
export default function RegisterForm() {
  // Null until hydrated, so the first render matches the pre-rendered HTML (see LoginForm).
  const switches = useSiteSwitches();
  // The form is known at once when the edge wrote it with its settings (the page's switches decide the tabs, as
  // they did for the edge): the first render is the edge's markup. Otherwise "Loading…" until hydrated.
  const known = switches !== null || registerServed() !== null;
  const tabs = useStore($registerTabs);
  const storeTab = useStore($registerTab);
  const storeShown = useStore($registerShown);
  const shown = known ? storeShown : null;
  const tab = known ? storeTab : null;
  const loadFailed = useStore($registerSetupFailed);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const busy = useStore(form.$busy);
  const agreed = useStore($agreed);
  const nonce = useStore($registerCaptchaNonce);
  const [policy, setPolicy] = useState<PolicyName | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitRegister();
  };

  if (!shown || !tab) {
    const closed = switches !== null && tabs.length === 0;
    return (
      <div className="account-form register-pending" aria-busy={!loadFailed && !closed}>
        {loadFailed || closed ? (
          <div className="card" role="alert">
            <p>{t(closed ? 'register.closed' : 'register.settingsError')}</p>
            {!closed && (
              <button type="button" className="btn" onClick={() => void loadRegisterSetup(window.location.search)}>
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
        <TabSwitch label={t('register.method')} idPrefix="register" tabs={tabItems} selected={tab} onSelect={chooseRegisterTab} />
      )}
      <form
        ref={ref} id="register-panel" method="post" noValidate onSubmit={submit} aria-busy={busy}
        {...(tabItems.length > 1 ? { role: 'tabpanel', 'aria-labelledby': tabId('register', tab) } : {})}
      >
        <RegisterFields
          key={tab} shown={shown} values={values} errors={errors} onValue={setRegisterValue} captchaNonce={nonce} onCaptchaReload={reloadRegisterCaptcha}
          requestCode={requestRegisterCode} onUsernameBlur={() => void checkUsernameTaken()} disabled={busy}
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
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !agreed}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
      </form>
      <SocialLoginButtons providers={socialProviders('password', switches)} />
      <p className="form-switch">
        {t('register.haveAccount')} <a href="/m/login">{t('register.toLogin')}</a>
      </p>
      <FollowLinks />
      <PolicyDialog id="reg-policy" policy={policy} onClose={() => setPolicy(null)} />
    </div>
  );
}

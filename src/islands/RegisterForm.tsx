import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { PolicyName } from '../components/PolicyDialog';
import CaptchaField from '../components/CaptchaField';
import CountryCodePicker from '../components/CountryCodePicker';
import FollowLinks from '../components/FollowLinks';
import RegisterFormView, { type RegisterFormActions, type RegisterParts } from '../components/RegisterFormView';
import SmsCodeField from '../components/SmsCodeField';
import { useHydrated } from '../components/useHydrated';
import { useSiteSwitches } from '../components/useSiteSwitches';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { usePage } from '../hooks/usePage';
import { registerPage, registerServed } from '../stores/pages/register';
import '../styles/account.css';

/** The form's parts bound to their stores (each reads its store only where it shows). */
const PARTS: RegisterParts = { CountryCodePicker, CaptchaField, SmsCodeField, FollowLinks };

/**
 * Registration screen (accounts §2 Registration screen, §3 payload, §4 Registration method and Affiliate code, §5):
 * username and mobile tabs per USERNAMEREG3 / MOBILENUMREG3 (the typed phone carries across), the fields of the
 * server's settings, the invitation code of the link, the SMS code on the mobile tab with REGMOBVERF3, passwords
 * there with MOBILENUMPASSREG3. The flow lives in src/stores/pages/register.ts. Where the edge wrote the form with its
 * settings (worker/edge/fills/register.ts renders the same view, src/components/RegisterFormView.tsx), the first
 * render is that form, not "Loading…", and the page hydrates it on the player's first interaction. A page the browser
 * cannot seal the registration on (plain http off localhost) says so at the form's top, its submit off.
 */
export default function RegisterForm() {
  const {
    $agreed, $registerCaptchaNonce, $registerSetupFailed, $registerShown, $registerTab, $registerTabs, checkUsernameTaken, chooseRegisterTab,
    loadRegisterSetup, registerForm: form, reloadRegisterCaptcha, requestRegisterCode, sealingUnavailable, setAgreed, setRegisterValue,
    submitRegister,
  } = usePage(registerPage);
  // Without Web Crypto (plain http off localhost) the form says so; shown once hydrated, as the first HTML has no such note.
  const insecure = useHydrated() && sealingUnavailable;
  // Null until hydrated, so the first render matches the pre-rendered HTML (see LoginForm).
  const switches = useSiteSwitches();
  // The form is known at once when the edge wrote it with its settings (the page's switches decide the tabs, as
  // they did for the edge): the first render is the edge's markup. Otherwise "Loading…" until hydrated.
  const known = switches !== null || registerServed() !== null;
  const tabs = useStore($registerTabs);
  const storeTab = useStore($registerTab);
  const storeShown = useStore($registerShown);
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
  const actions: RegisterFormActions = {
    onRetry: () => void loadRegisterSetup(window.location.search),
    onChooseTab: chooseRegisterTab,
    onSubmit: () => void submitRegister(),
    onValue: setRegisterValue,
    onCaptchaReload: reloadRegisterCaptcha,
    requestCode: requestRegisterCode,
    onUsernameBlur: () => void checkUsernameTaken(),
    onAgree: setAgreed,
    onPolicy: setPolicy,
  };
  return (
    <RegisterFormView
      switches={switches} tabs={tabs} tab={known ? storeTab : null} shown={known ? storeShown : null} loadFailed={loadFailed}
      values={values} errors={errors} formError={formError} busy={busy} agreed={agreed} captchaNonce={nonce} policy={policy}
      parts={PARTS} formRef={ref} actions={actions} insecure={insecure}
    />
  );
}

import { atom, computed, onMount } from 'nanostores';
import { checkUsername, getRegisterSettings, lookupAffiliate, register, registerMobile, sendSmsCodeRegister, type RegisterBody } from '../../api/accounts';
import type { ApiRequestError } from '../../api/client';
import { registerPayload, type RegisterContext } from '../../lib/account';
import { isMessageKey, type MessageKey } from '../../../rules/i18n';
import { readServed, servedOnFirstUse, SERVED_REGISTER_ID, type ServedRegister } from '../../../rules/served';
import { affiliateFromQuery, fieldsForTab, registerMethod, registerTabs, settingsList, type FieldSetting, type RegisterTab } from '../../../rules/register-tabs';
import { possiblePhone, smsRequestErrors } from '../../lib/sms';
import {
  FORMAT_MESSAGE, REGISTER_FIELDS, inputIssues, isRegisterField, registerErrors, serverErrorKey, username as usernameRule,
  type RegisterField, type RegisterValues,
} from '../../../rules/validation';
import { createForm, refusal, type FieldErrors } from '../kit/form';
import { openPageAfter } from '../kit/navigation';
import { startFromServed } from '../kit/served';
import { sessionFromValue, startSession } from '../concepts/session';
import { $siteSwitches } from '../concepts/switches';
import { showToast } from '../concepts/toast';
import { env } from '../kit/environment';
import { createPage } from '../kit/page';

/** Time the success toast stays before going home (accounts §9: short toasts 1 to 1.5 s). */
export const REGISTER_SUCCESS_MS = 1200;

/** What the form needs from the server before it shows: the field settings and the link's invitation code check. */
export interface RegisterSetup {
  fields: FieldSetting[];
  /** The link's invitation code once verified (sent without showing its field), else null. */
  verifiedAffiliate: string | null;
}

/**
 * The setup the edge wrote into the page with the form (worker/edge/fills/register.ts), or null: not in a browser,
 * no data block (the edge's call failed), or the address carries an invitation code (the edge writes nothing
 * then: the code is checked here). The form hydrates over the edge's markup from it without asking again.
 */
function servedSetup(): RegisterSetup | null {
  const served = readServed(SERVED_REGISTER_ID) as ServedRegister | null;
  if (!served || !Array.isArray(served.fields)) return null;
  if (affiliateFromQuery(typeof location === 'undefined' ? '' : location.search) !== '') return null;
  return { fields: served.fields as FieldSetting[], verifiedAffiliate: null };
}

/**
 * The setup the page came with (see servedSetup), read at the first call (rules/served.ts servedOnFirstUse); the
 * form's first render uses it, so it matches the edge's markup.
 */
export const registerServed = servedOnFirstUse(servedSetup);

/**
 * True when a registration-settings answer has the contract's shape as far as the form reads it (§3: a map field →
 * `{ enabled, required, … }` with boolean flags); the browser carries no zod (contract/schema-stub.ts), so the
 * shape is checked here by hand. Anything else is a failed load (the retry shows), never a broken form.
 */
export function isRegisterSettingsMap(value: unknown): value is Parameters<typeof settingsList>[0] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(value) && Object.values(value).every((rule) => isObject(rule) && typeof rule.enabled === 'boolean' && typeof rule.required === 'boolean');
}

/** Field errors of a refused registration (accounts §5, §8), or null when the refusal belongs to the whole form. */
function fieldErrors(error: ApiRequestError, shown: ReadonlySet<RegisterField>): FieldErrors<RegisterField> | null {
  const errors: FieldErrors<RegisterField> = {};
  const put = (field: RegisterField, key: MessageKey) => {
    if (shown.has(field)) errors[field] = key;
  };
  for (const issue of inputIssues(error.value)) {
    // The register SMS names the number mobileNo (platform-contract.md §3); the form's field is mobileNum.
    const path = issue.path === 'mobileNo' ? 'mobileNum' : issue.path;
    if (isRegisterField(path)) put(path, issue.key && isMessageKey(issue.key) ? issue.key : FORMAT_MESSAGE[path]);
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

/** What this browser says about the registration (host, and how the site was opened: app, web clip, PWA or H5). */
export function browserRegisterContext(): RegisterContext {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    host: location.host,
    hostname: location.hostname,
    registerMethod: registerMethod({
      userAgent: nav.userAgent,
      standaloneDisplay: window.matchMedia('(display-mode: standalone)').matches,
      iosStandalone: nav.standalone === true,
    }),
  };
}

/**
 * The registration page of one visit (accounts §2 Registration screen, §3 payload, §4, §5; /m/register), made per
 * visit (src/stores/kit/page.ts). Its members keep the names the module exported before it was made per visit:
 * - `registerForm`: values, field errors, the form message, busy (../kit/form.ts).
 * - `$registerSetup` (the field settings and the link's checked invitation code: first the setup the page came
 *   with, {@link registerServed}; loaded when first used otherwise), `$registerSetupFailed`, `$chosenRegisterTab`,
 *   `$agreed`, `$registerCaptchaNonce`, `$registerTabs`, `$registerTab`, `$registerShown`.
 * - `sealingUnavailable`: the browser has no Web Crypto to seal the registration with (plain http off localhost).
 * - `loadRegisterSetup(search)`, `setRegisterValue`, `chooseRegisterTab`, `setAgreed`, `reloadRegisterCaptcha`,
 *   `requestRegisterCode`, `checkUsernameTaken`, `submitRegister(context?)`: as documented on each.
 * After the page exits, answers are dropped (no settings, errors, captcha or toast change); an account the server
 * created late still starts its session, but nothing goes home.
 */
export const registerPage = createPage('register', (visit) => {
  /** The registration form's values, field errors, form message and busy flag. */
  const registerForm = createForm<RegisterField>(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as RegisterValues);
  /** The setup once loaded (first: the one the page came with); null while loading or after a failure. */
  const $registerSetup = atom<RegisterSetup | null>(null);
  startFromServed($registerSetup, registerServed, (setup) => setup);
  /** True when the setup could not be loaded (the retry button shows). */
  const $registerSetupFailed = atom(false);
  /** The tab the player picked (null: the site's first). */
  const $chosenRegisterTab = atom<RegisterTab | null>(null);
  /**
   * "I am of legal age and agree" to the terms and privacy policy: unticked until the player ticks it (consent is
   * never pre-given; docs/honest-money.md); submit is off without it.
   */
  const $agreed = atom(false);
  /** The captcha image (0 until the setup arrived; renewed whenever a captcha is spent). */
  const $registerCaptchaNonce = atom(0);
  /**
   * True when this browser cannot seal the registration (no Web Crypto: a page over plain http on a name other than
   * localhost; ../kit/environment.ts `canSeal`): the view says so and the form is not sent.
   */
  const sealingUnavailable = !env().canSeal();

  /** The registration tabs the site offers (USERNAMEREG3, MOBILENUMREG3; accounts §4 Registration method). */
  const $registerTabs = computed($siteSwitches, (switches) => registerTabs(switches ?? {}).tabs);
  /** The tab on screen: the picked one while offered, else the first. */
  const $registerTab = computed([$chosenRegisterTab, $registerTabs], (chosen, tabs) => (chosen && tabs.includes(chosen) ? chosen : tabs[0] ?? null));
  /** The fields on screen in order, with whether each is required and its rule; null until known. */
  const $registerShown = computed([$registerTab, $registerSetup, $siteSwitches], (tab, setup, switches) =>
    tab && setup && switches ? fieldsForTab(tab, setup.fields, switches, setup.verifiedAffiliate !== null) : null);

  let load = 0;
  /**
   * Loads the field settings (GET /wps/system/setting/register) and checks the link's invitation code from `search`
   * (accounts §4 Affiliate code): a verified code is sent without its field; a code that failed the check is typed
   * into the field for the player to fix. A newer load wins over an older one.
   */
  async function loadRegisterSetup(search: string): Promise<void> {
    const mine = ++load;
    $registerSetupFailed.set(false);
    const code = affiliateFromQuery(search);
    const check = code === '' ? Promise.resolve(null) : lookupAffiliate(code).then((v) => v.code, () => null);
    try {
      const [value, verifiedAffiliate] = await Promise.all([getRegisterSettings(), check]);
      if (mine !== load || visit.exited) return;
      if (!isRegisterSettingsMap(value)) {
        console.warn('registration settings: the answer does not fit its contract schema');
        $registerSetupFailed.set(true);
        return;
      }
      if (!verifiedAffiliate && code !== '') registerForm.setValue('affiliateCode', code);
      $registerSetup.set({ fields: settingsList(value), verifiedAffiliate });
      $registerCaptchaNonce.set(env().now());
    } catch {
      if (mine === load && !visit.exited) $registerSetupFailed.set(true);
    }
  }

  visit.onExit(onMount($registerSetup, () => {
    if (typeof window === 'undefined' || visit.exited) return;
    // Served with the page: only the captcha image is still to fetch (its box is reserved in the markup).
    if ($registerSetup.get() !== null && !$registerSetupFailed.get()) {
      if ($registerCaptchaNonce.get() === 0) $registerCaptchaNonce.set(env().now());
      return;
    }
    void loadRegisterSetup(window.location.search);
  }));

  /** Sets a field as typed; its error goes away until the next check. */
  function setRegisterValue(field: RegisterField, value: string): void {
    registerForm.setValue(field, value);
    const { [field]: _fixed, ...rest } = registerForm.$errors.get();
    registerForm.$errors.set(rest as FieldErrors<RegisterField>);
  }

  /** Switches tabs (the typed phone carries across); errors clear. */
  function chooseRegisterTab(tab: RegisterTab): void {
    $chosenRegisterTab.set(tab);
    registerForm.$errors.set({});
    registerForm.$formError.set(null);
  }

  /** Ticks or unticks "I agree" (accounts §2: registration needs it). */
  function setAgreed(agreed: boolean): void {
    $agreed.set(agreed);
  }

  /** Shows a fresh captcha (the player asked, or the last one was spent). */
  function reloadRegisterCaptcha(): void {
    registerForm.setValue('captcha', '');
    $registerCaptchaNonce.set(env().now());
  }

  function order(): RegisterField[] {
    return $registerShown.get()?.map((s) => s.field) ?? [];
  }

  function showRefusal(error: ApiRequestError, shown: ReadonlySet<RegisterField>): void {
    const mapped = fieldErrors(error, shown);
    if (mapped) registerForm.showErrors(mapped, order());
    else registerForm.$formError.set(serverErrorKey(error.errorCode));
  }

  /**
   * Asks for a registration code (accounts §4 SMS code): null while the number or captcha is not valid, else the
   * call resolving to expirationTime or null when refused (a number that cannot be a phone of the dialling code is
   * refused on the form, by the same rules as the server's, before anything is sent); the ModuleId says which registration asks (the mobile
   * tab: MOBILENUMREG3; the username tab's phone check: REGMOBVERF3). The captcha is spent either way.
   */
  function requestRegisterCode(): Promise<number | null> | null {
    const values = registerForm.$values.get();
    registerForm.$formError.set(null);
    if (!registerForm.showErrors(smsRequestErrors(values), order())) return null;
    const moduleId = $registerTab.get() === 'mobile' ? 'MOBILENUMREG3' : 'REGMOBVERF3';
    return possiblePhone(values.countryDialingCode, values.mobileNum).then((possible) => {
      if (visit.exited) return null;
      if (!possible) {
        registerForm.showErrors({ mobileNum: 'validation.mobileNum' }, order());
        return null;
      }
      return sendSmsCodeRegister({ countryDialingCode: values.countryDialingCode.trim(), mobileNo: values.mobileNum.trim(), captcha: values.captcha.trim() }, moduleId)
        .then(({ expirationTime }) => (visit.exited ? null : expirationTime), (error: unknown) => {
          if (!visit.exited) showRefusal(refusal(error), new Set(['countryDialingCode', 'mobileNum', 'captcha']));
          return null;
        })
        .finally(() => {
          if (!visit.exited) reloadRegisterCaptcha();
        });
    });
  }

  /**
   * On leaving the username field (also a field left before the page hydrated, src/components/FormField.tsx
   * `onLeave`): a well-formed name already taken shows username_taken under the field at once, not at submit. An
   * answer for a name the player has changed since (or after the page exits) is dropped; a failed check changes
   * nothing (registration checks again).
   */
  async function checkUsernameTaken(): Promise<void> {
    const name = registerForm.$values.get().username.trim();
    if (name === '' || usernameRule(name)) return;
    try {
      const { available } = await checkUsername(name);
      if (available || visit.exited || registerForm.$values.get().username.trim() !== name) return;
      registerForm.$errors.set({ ...registerForm.$errors.get(), username: 'error.username_taken' });
    } catch {
      // registration checks again
    }
  }

  /**
   * Registers (accounts §2 Registration screen, §3 payload; platform-contract.md §3 POST /wps/member/register or
   * /registerMobile with `login: true`): checks the shown fields (first failing focused); with the invitation field
   * shown and filled, verifies the code first and goes on only when it holds; sends the payload (a verified link
   * code rides along); success shows in_registered_successfully, starts the session and goes home after 1.2 s. A
   * refusal shows by its field or under the form; refusals other than field errors spend the captcha. Without Web
   * Crypto (`sealingUnavailable`) nothing is sent and the form message says why (`form.insecureConnection`).
   */
  async function submitRegister(context: RegisterContext = browserRegisterContext()): Promise<void> {
    const shown = $registerShown.get();
    const tab = $registerTab.get();
    const { $values, $busy, $formError, showErrors } = registerForm;
    if (!shown || !tab || $busy.get() || !$agreed.get()) return;
    $formError.set(sealingUnavailable ? 'form.insecureConnection' : null);
    if (sealingUnavailable) return;
    const values = $values.get();
    if (!showErrors(registerErrors(shown, values), order())) return;
    $busy.set(true);
    const affiliateShown = shown.some((s) => s.field === 'affiliateCode');
    try {
      if (affiliateShown && values.affiliateCode.trim() !== '') {
        // accounts §4: with the field shown, the code is verified first and registration proceeds only on success.
        const verified = await lookupAffiliate(values.affiliateCode.trim()).catch(() => null);
        if (visit.exited) return;
        if (!verified) {
          $busy.set(false);
          showErrors({ affiliateCode: 'invitation_code_error' }, order());
          return;
        }
      }
      const payload = registerPayload(values, shown.map((s) => s.field), context);
      const verifiedAffiliate = $registerSetup.get()?.verifiedAffiliate;
      if (verifiedAffiliate) payload.affiliateCode = verifiedAffiliate;
      // login: true → the answer is the session (platform-contract.md §3).
      const body = { ...payload, login: true } as RegisterBody;
      const session = await (tab === 'mobile' ? registerMobile(body) : register(body));
      if (!visit.exited) showToast('in_registered_successfully', 'success', REGISTER_SUCCESS_MS);
      if (session) startSession(sessionFromValue(session));
      if (!visit.exited) openPageAfter('/m/home', REGISTER_SUCCESS_MS);
    } catch (error) {
      if (visit.exited) return;
      $busy.set(false);
      const refused = refusal(error);
      // Field errors come before the captcha check on the server, so only other refusals spend the captcha.
      if (refused.errorCode !== 'request_param_err') reloadRegisterCaptcha();
      showRefusal(refused, new Set(shown.map((s) => s.field)));
    }
  }

  return {
    registerForm, $registerSetup, $registerSetupFailed, $chosenRegisterTab, $agreed, $registerCaptchaNonce, $registerTabs,
    $registerTab, $registerShown, sealingUnavailable, loadRegisterSetup, setRegisterValue, chooseRegisterTab, setAgreed, reloadRegisterCaptcha,
    requestRegisterCode, checkUsernameTaken, submitRegister,
  };
});

/** One visit of the registration page. */
export type RegisterPage = ReturnType<typeof registerPage>;

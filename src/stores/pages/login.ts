import { atom, computed, onMount } from 'nanostores';
import { login, sendSmsCodeNoLogin, type LoginBody } from '../../api/accounts';
import type { ApiRequestError } from '../../api/client';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { loginModes, type LoginMode } from '../../../rules/login-methods';
import { possiblePhone, smsRequestErrors } from '../../lib/sms';
import * as rules from '../../../rules/validation';
import { createForm, refusal, type FieldErrors } from '../kit/form';
import { openPage } from '../kit/navigation';
import { $remembered, saveLoginChoice } from '../concepts/remember';
import { revalidateOnLanguageChange } from '../concepts/revalidate';
import { sessionFromValue, startSession } from '../concepts/session';
import { $siteSwitches } from '../concepts/switches';
import { env } from '../kit/environment';
import { createPage } from '../kit/page';
import { exclusionNotice } from './loginExclusion';

/** Fields of the login form (both tabs). */
export type LoginField = 'username' | 'password' | 'captcha' | 'countryDialingCode' | 'mobileNum' | 'smsCaptcha' | 'verificationCode';
/** The fields of each tab in screen order (accounts §2 Login screen). */
export const LOGIN_FIELDS: Record<LoginMode, readonly LoginField[]> = {
  password: ['username', 'password', 'captcha'],
  sms: ['countryDialingCode', 'mobileNum', 'smsCaptcha', 'verificationCode'],
};
/** The message of a field the server refused (invalid_input issues name the field). */
const ISSUE_MESSAGE: Record<LoginField, MessageKey> = {
  username: 'validation.loginUsername', password: 'validation.loginPassword', captcha: 'validation.captcha',
  countryDialingCode: 'validation.countryDialingCode', mobileNum: 'validation.mobileNum', smsCaptcha: 'validation.captcha',
  verificationCode: 'validation.smsCode',
};

/** The rule of each login field (accounts §5 loginUsername, loginPassword, loginMobileNum, verificationCode). */
function check(field: LoginField, values: Readonly<Record<LoginField, string>>): rules.RuleResult {
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
 * The login page of one visit (accounts §2 Login screen, §3, §4 Auth and Login method, §5; /m/login), made per visit
 * (src/stores/kit/page.ts). Its members keep the names the module exported before it was made per visit:
 * - `loginForm`: values, field errors, the form message, busy (../kit/form.ts); prefilled once per visit from the
 *   remembered login; filled fields revalidate 200 ms after a language change (../concepts/revalidate.ts).
 * - `$chosenLoginMode`, `$loginMode`: the tab picked and the tab on screen; `$loginCaptchaNonce`,
 *   `$smsCaptchaNonce`: the two captcha images; `$loginPrefill`: bumped when remembered values fill the form;
 *   `sealingUnavailable`: the browser has no Web Crypto to seal the login with (plain http off localhost).
 * - `exclusion`: the notice of a log-in refused by a break or self-exclusion (./loginExclusion.ts).
 * - `reloadLoginCaptcha()`, `reloadSmsCaptcha()`, `chooseLoginMode(mode)`, `showLoginError(code)`,
 *   `revalidateLogin()`, `requestLoginCode()`, `submitLogin(rememberMe)`: as documented on each.
 * After the page exits, answers are dropped: a refusal shows nothing and the SMS captcha is not renewed; a login that
 * succeeds late still starts the session and keeps the login choice (the server opened it) but does not go home.
 */
export const loginPage = createPage('login', (visit) => {
  /** The login form's values, field errors, form message and busy flag. */
  const loginForm = createForm<LoginField>({
    username: '', password: '', captcha: '', countryDialingCode: '', mobileNum: '', smsCaptcha: '', verificationCode: '',
  });
  /** The tab the player picked. */
  const $chosenLoginMode = atom<LoginMode>('password');
  /**
   * The tab on screen (accounts §4 "Login method toggles between username and sms"): the picked one while the site
   * offers it (SMS only with MOBILEVERCODELOGIN3), else password.
   */
  const $loginMode = computed([$chosenLoginMode, $siteSwitches], (chosen, switches) => (loginModes(switches).includes(chosen) ? chosen : 'password'));
  /** The password tab's captcha image (0: not shown; it shows only after a failed login asks for it, accounts §3). */
  const $loginCaptchaNonce = atom(0);
  /** The SMS tab's captcha image (the human check before a code is sent). */
  const $smsCaptchaNonce = atom(env().now());
  /** Bumped when remembered values fill the form (the view re-creates the filled inputs). */
  const $loginPrefill = atom(0);
  /**
   * True when this browser cannot seal the login (no Web Crypto: a page over plain http on a name other than
   * localhost; ../kit/environment.ts `canSeal`): the view says so and the form is not sent.
   */
  const sealingUnavailable = !env().canSeal();

  /** A log-in refused by a break or self-exclusion: until when, reopening, payout (./loginExclusion.ts). */
  const exclusion = exclusionNotice(visit, () => ({ username: loginForm.$values.get().username.trim(), password: loginForm.$values.get().password }));

  let prefilled = false;
  // Prefill once per visit from the remembered login (local storage, read once the form is live: src/stores/concepts/remember.ts).
  visit.onExit(onMount(loginForm.$values, () => $remembered.subscribe((remembered) => {
    if (!remembered || prefilled || visit.exited) return;
    prefilled = true;
    if (remembered.type === 'sms') {
      loginForm.setValue('mobileNum', remembered.username);
      loginForm.setValue('countryDialingCode', remembered.countryDialingCode);
      $chosenLoginMode.set('sms');
    } else loginForm.setValue('username', remembered.username);
    $loginPrefill.set($loginPrefill.get() + 1);
  })));

  /** Shows a fresh password-tab captcha (the player asked, or a failed login asked for one). */
  function reloadLoginCaptcha(): void {
    $loginCaptchaNonce.set(env().now());
  }

  /** Shows a fresh SMS-tab captcha (the player asked, or the last one was spent by a send). */
  function reloadSmsCaptcha(): void {
    loginForm.setValue('smsCaptcha', '');
    $smsCaptchaNonce.set(env().now());
  }

  /** Switches tabs: errors clear, and whichever captcha shows now gets a fresh image (both share one challenge cookie). */
  function chooseLoginMode(mode: LoginMode): void {
    $chosenLoginMode.set(mode);
    loginForm.$errors.set({});
    loginForm.$formError.set(null);
    $smsCaptchaNonce.set(env().now());
    if ($loginCaptchaNonce.get() > 0) reloadLoginCaptcha();
  }

  /** Shows a social login's error code under the form (the return leg's `#oauthError=`). */
  function showLoginError(errorCode: string): void {
    loginForm.$formError.set(rules.serverErrorKey(errorCode));
  }

  /** Revalidates the filled fields of the tab on screen (accounts §5, after a language change). */
  function revalidateLogin(): void {
    const values = loginForm.$values.get();
    const shown = Object.fromEntries(LOGIN_FIELDS[$loginMode.get()].map((f) => [f, values[f]])) as Record<LoginField, string>;
    loginForm.$errors.set(rules.revalidateFilled(shown, loginForm.$errors.get(), (f) => check(f, values)));
  }

  function failed(error: unknown): void {
    const refused = refusal(error);
    const mode = $loginMode.get();
    // A break or self-exclusion: the notice says until when (and offers reopening and the payout), not the form.
    if (exclusion.show(refused)) return;
    if (mode === 'password' && asksForCaptcha(refused)) {
      loginForm.setValue('captcha', '');
      reloadLoginCaptcha();
    }
    const mapped: FieldErrors<LoginField> = {};
    if (refused.errorCode === 'captcha_required' || refused.errorCode === 'captcha_invalid') mapped[mode === 'sms' ? 'smsCaptcha' : 'captcha'] = rules.serverErrorKey(refused.errorCode);
    else if (refused.errorCode === 'verification_code_error') mapped.verificationCode = 'error.verification_code_error';
    for (const { path } of rules.inputIssues(refused.value)) {
      // SMS login names the number `username` and the code `password` on the wire (platform-contract.md §3).
      const field = (mode === 'sms' && path === 'username' ? 'mobileNum' : mode === 'sms' && path === 'password' ? 'verificationCode' : path === 'mobileNo' ? 'mobileNum' : path) as LoginField;
      if (LOGIN_FIELDS[mode].includes(field)) mapped[field] = ISSUE_MESSAGE[field];
    }
    if (!loginForm.showErrors(mapped, LOGIN_FIELDS[mode])) return;
    loginForm.$formError.set(rules.serverErrorKey(refused.errorCode));
    if (mode === 'password') loginForm.focus('password');
  }

  /**
   * Asks for a login code (accounts §4 SMS code): null while the number or captcha is not valid (their errors
   * show), else the call resolving to the server's expirationTime, or null when refused. The captcha is spent by the
   * send, right or wrong: a fresh one shows after it.
   */
  function requestLoginCode(): Promise<number | null> | null {
    const values = loginForm.$values.get();
    const found = smsRequestErrors({ countryDialingCode: values.countryDialingCode, mobileNum: values.mobileNum, captcha: values.smsCaptcha });
    const errors: FieldErrors<LoginField> = {};
    if (found.countryDialingCode) errors.countryDialingCode = found.countryDialingCode;
    if (found.mobileNum) errors.mobileNum = found.mobileNum;
    if (found.captcha) errors.smsCaptcha = found.captcha;
    loginForm.$formError.set(null);
    if (!loginForm.showErrors(errors, LOGIN_FIELDS[$loginMode.get()])) return null;
    const body = { countryDialingCode: values.countryDialingCode.trim(), mobileNum: values.mobileNum.trim(), captcha: values.smsCaptcha.trim() };
    return possiblePhone(body.countryDialingCode, body.mobileNum).then((possible) => {
      if (visit.exited) return null;
      if (!possible) {
        loginForm.showErrors({ mobileNum: 'validation.mobileNum' }, LOGIN_FIELDS[$loginMode.get()]);
        return null;
      }
      return sendSmsCodeNoLogin(body).then(
        ({ expirationTime }) => (visit.exited ? null : expirationTime),
        (error: unknown) => {
          if (!visit.exited) failed(error);
          return null;
        },
      ).finally(() => {
        if (!visit.exited) reloadSmsCaptcha();
      });
    });
  }

  /**
   * Logs in with the tab on screen (accounts §2, §3; platform-contract.md §3 POST /wps/session): checks the tab's
   * fields (the captcha only once shown; the first failing field gets focus), sends the login (SMS login sends the
   * number as `username` and the code as `password`; `rememberMe` only where the deployment serves remembered
   * logins), starts the session, keeps or forgets the login per `rememberMe`, and goes home. A refusal shows by its
   * field, or under the form with focus on the password; a refusal asking for the captcha shows it. Without Web
   * Crypto (`sealingUnavailable`) nothing is sent and the form message says why (`form.insecureConnection`).
   */
  async function submitLogin(rememberMe: boolean): Promise<void> {
    const { $values, $busy, $formError, showErrors } = loginForm;
    if ($busy.get()) return;
    $formError.set(sealingUnavailable ? 'form.insecureConnection' : null);
    if (sealingUnavailable) return;
    exclusion.clear();
    const mode = $loginMode.get();
    const values = $values.get();
    const captchaShown = $loginCaptchaNonce.get() > 0;
    const order = LOGIN_FIELDS[mode].filter((f) => f !== 'smsCaptcha' && (f !== 'captcha' || captchaShown));
    const found: FieldErrors<LoginField> = {};
    for (const field of order) {
      const error = check(field, values);
      if (error) found[field] = error;
    }
    if (!showErrors(found, order)) return;
    $busy.set(true);
    const rememberField = hasCapability(CAPABILITIES.rememberMe) ? { rememberMe } : {};
    const body: LoginBody = mode === 'sms'
      ? { type: 'sms', countryDialingCode: values.countryDialingCode.trim(), username: values.mobileNum.trim(), password: values.verificationCode.trim(), ...rememberField }
      : { type: 'username', username: values.username.trim(), password: values.password, ...rememberField, ...(captchaShown ? { captcha: values.captcha.trim() } : {}) };
    try {
      const value = await login(body);
      startSession(sessionFromValue(value));
      saveLoginChoice(rememberMe, {
        type: mode === 'sms' ? 'sms' : 'username',
        username: mode === 'sms' ? values.mobileNum.trim() : values.username.trim(),
        countryDialingCode: values.countryDialingCode.trim(),
      }, value);
      if (!visit.exited) openPage('/m/home');
    } catch (error) {
      if (visit.exited) return;
      $busy.set(false);
      failed(error);
    }
  }

  revalidateOnLanguageChange(loginForm.$errors, revalidateLogin);

  return {
    loginForm, exclusion, $chosenLoginMode, $loginMode, $loginCaptchaNonce, $smsCaptchaNonce, $loginPrefill, sealingUnavailable,
    reloadLoginCaptcha, reloadSmsCaptcha, chooseLoginMode, showLoginError, revalidateLogin, requestLoginCode, submitLogin,
  };
});

/** One visit of the login page. */
export type LoginPage = ReturnType<typeof loginPage>;

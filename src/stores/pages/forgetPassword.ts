import { atom } from 'nanostores';
import { sendSmsCodeNoLogin, setPasswordByPhone } from '../../api/accounts';
import { resetErrors } from '../../lib/passwordChange';
import { possiblePhone, smsRequestErrors } from '../../lib/sms';
import { createForm, formMessage, issueErrors, refusal, type FieldErrors } from '../kit/form';
import { openPage } from '../kit/navigation';
import { createPage } from '../kit/page';
import { emailResetFlow } from './emailReset';
import { forgetByEmailFlow } from './forgetByEmail';
import { sessionFromValue, startSession } from '../concepts/session';
import { showToast } from '../concepts/toast';
import { env } from '../kit/environment';

/** Fields of the reset-by-SMS form in screen order (accounts §5). */
export const FORGET_FIELDS = ['countryDialingCode', 'mobileNum', 'captcha', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FORGET_FIELDS)[number];
/** How long the success text stays before the next screen (accounts §9: short messages 1 to 1.5 s). */
export const FORGET_DONE_MS = 1500;
const ISSUE_MESSAGE = {
  countryDialingCode: 'validation.countryDialingCode', mobileNum: 'validation.mobileNum', captcha: 'validation.captcha',
  verificationCode: 'validation.smsCode', newPassword: 'validation.password', confirmNewPassword: 'in_confirmation_correct',
} as const;

/**
 * The forgot-password page of one visit (accounts §2 /m/forget), made per visit (src/stores/kit/page.ts), with its
 * three parts on the same visit, so a tab switch keeps what was typed in each:
 * - `sms`: reset by SMS (below); `email`: reset by e-mail (./forgetByEmail.ts); `link`: the form an e-mailed reset
 *   link opens (./emailReset.ts).
 * The SMS part:
 * - `form`: the forgot-password-by-SMS form (../kit/form.ts); `$captchaNonce`: changes whenever a fresh captcha
 *   image is due (the image URL carries it); `reloadCaptcha()`: shows a fresh one (the player asked, or the last
 *   one was spent).
 * - `requestCode()`: asks for a reset code (accounts §4 SMS code): null when the number or the captcha is not valid
 *   yet (the errors show), else the call, resolving to the server's expirationTime or to null when refused. The
 *   captcha is spent by the send, right or wrong, so a fresh one shows after it. The answer is the same for every
 *   number: nothing tells whether a number has an account.
 * - `submit()`: sets the new password (POST /wps/member/password/verification, platform-contract.md §3) after
 *   checking the phone fields, code and the new password twice. The built-in API answers a session of the account
 *   (the player is logged in) and the page goes home after the success text (on the visit's timer). Where the
 *   answer carries no session (the platform answers null), the page goes to the login screen: no login is tried
 *   with the phone digits, which need not be the account's user name, so no failed attempt (and no captcha) is put
 *   on the account.
 * Answers that arrive after the page exits are dropped (a session the reset answered still starts).
 */
export const forgetPage = createPage('forget', (visit) => {
  const form = createForm<Field>({ countryDialingCode: '', mobileNum: '', captcha: '', verificationCode: '', newPassword: '', confirmNewPassword: '' });
  const $captchaNonce = atom(env().now());

  function reloadCaptcha(): void {
    form.setValue('captcha', '');
    $captchaNonce.set(env().now());
  }

  function failed(error: unknown): void {
    const refused = refusal(error);
    if (visit.exited) return;
    const mapped = issueErrors(refused, FORGET_FIELDS, ISSUE_MESSAGE, (path) => (path === 'mobileNo' ? 'mobileNum' : path));
    if (refused.errorCode === 'captcha_invalid' || refused.errorCode === 'captcha_required') mapped.captcha = 'error.captcha_invalid';
    if (refused.errorCode === 'verification_code_error') mapped.verificationCode = 'error.verification_code_error';
    if (form.showErrors(mapped, FORGET_FIELDS)) form.$formError.set(formMessage(refused));
  }

  function requestCode(): Promise<number | null> | null {
    const { $values, $formError, showErrors } = form;
    const values = $values.get();
    $formError.set(null);
    if (!showErrors(smsRequestErrors(values), FORGET_FIELDS)) return null;
    return possiblePhone(values.countryDialingCode, values.mobileNum).then((possible) => {
      if (!possible) {
        if (!visit.exited) showErrors({ mobileNum: 'validation.mobileNum' }, FORGET_FIELDS);
        return null;
      }
      return sendSmsCodeNoLogin({ mobileNum: values.mobileNum.trim(), countryDialingCode: values.countryDialingCode.trim(), captcha: values.captcha.trim() })
        .then(({ expirationTime }) => expirationTime, (error: unknown) => {
          failed(error);
          return null;
        })
        .finally(() => {
          if (!visit.exited) reloadCaptcha();
        });
    });
  }

  async function submit(): Promise<void> {
    const { $values, $busy, $formError, showErrors } = form;
    if ($busy.get()) return;
    const values = $values.get();
    $formError.set(null);
    if (!showErrors(resetErrors(values) as FieldErrors<Field>, FORGET_FIELDS)) return;
    $busy.set(true);
    try {
      const session = await setPasswordByPhone({
        newPassword: values.newPassword, mobileNum: values.mobileNum.trim(), verificationCode: values.verificationCode.trim(),
        countryDialingCode: values.countryDialingCode.trim(),
      });
      if (session) startSession(sessionFromValue(session));
      if (visit.exited) return;
      showToast(session ? 'forget.doneLoggedIn' : 'forget.done', 'success', FORGET_DONE_MS);
      visit.later(() => openPage(session ? '/m/home' : '/m/login'), FORGET_DONE_MS);
    } catch (error) {
      if (!visit.exited) $busy.set(false);
      failed(error);
    }
  }

  return {
    sms: { form, $captchaNonce, reloadCaptcha, requestCode, submit },
    email: forgetByEmailFlow(visit),
    link: emailResetFlow(visit),
  };
});

/** One visit of the forgot-password page. */
export type ForgetPage = ReturnType<typeof forgetPage>;
/** The reset-by-SMS part of one visit of the forgot-password page. */
export type ForgetBySms = ForgetPage['sms'];

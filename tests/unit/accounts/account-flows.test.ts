import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../src/api/client';
import type { LoginPage } from '../../../src/stores/pages/login';

// The network: every account call is stubbed; each test says what the server answers.
vi.mock('../../../src/api/accounts', () => ({
  login: vi.fn(),
  sendSmsCodeNoLogin: vi.fn(),
  setPasswordByPhone: vi.fn(),
  changePassword: vi.fn(),
  forgotPasswordByEmail: vi.fn(),
  resetPasswordByEmailToken: vi.fn(),
  resumeRememberedLogin: vi.fn(),
  exchangeSession: vi.fn(),
}));

const api = await import('../../../src/api/accounts');
const { $session } = await import('../../../src/stores/concepts/session');
const { $openedPage } = await import('../../../src/stores/kit/navigation');
const { $toast } = await import('../../../src/stores/concepts/toast');
const login = await import('../../../src/stores/pages/login');
const emailReset = await import('../../../src/stores/pages/emailReset');
const changePassword = await import('../../../src/stores/pages/changePassword');
const forget = await import('../../../src/stores/pages/forgetPassword');
const exchange = await import('../../../src/stores/pages/sessionExchange');

const session = { token: 'tok', userName: 'alice', type: 1, merchantCode: 'demo' };
// A fresh visit of /m/login per case (src/stores/kit/page.ts), left after it.
let loginVisit: LoginPage;
const refused = (errorCode: string, value: unknown = null, status = 400) => new ApiRequestError(status, errorCode, value);

beforeEach(() => {
  vi.resetAllMocks();
  vi.useFakeTimers();
  $session.set(null);
  $openedPage.set(null);
  loginVisit = login.loginPage();
});

afterEach(() => {
  loginVisit.exit();
  vi.useRealTimers();
});

describe('the login flow (accounts §2 Login screen, §3, §5)', () => {
  let form: LoginPage['loginForm'];
  let submitLogin: LoginPage['submitLogin'];
  beforeEach(() => {
    ({ loginForm: form, submitLogin } = loginVisit);
  });

  it('an empty form sends nothing and focuses the first failing field', async () => {
    await submitLogin(false);
    expect(form.$errors.get()).toEqual({ username: 'validation.loginUsername', password: 'validation.loginPassword' });
    expect(form.$focus.get()?.field).toBe('username');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('without Web Crypto (plain http off localhost) the form says so and sends nothing', async () => {
    const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');
    expect(loginVisit.sealingUnavailable).toBe(false);
    loginVisit.exit();
    setEnvironment({ canSeal: () => false });
    try {
      loginVisit = login.loginPage();
      expect(loginVisit.sealingUnavailable).toBe(true);
      loginVisit.loginForm.setValue('username', 'alice');
      loginVisit.loginForm.setValue('password', 'secret1');
      await loginVisit.submitLogin(false);
      expect(loginVisit.loginForm.$formError.get()).toBe('form.insecureConnection');
      expect(api.login).not.toHaveBeenCalled();
    } finally {
      resetEnvironment();
    }
  });

  it('a good login starts the session and goes home', async () => {
    vi.mocked(api.login).mockResolvedValue(session);
    form.setValue('username', ' alice ');
    form.setValue('password', 'secret1');
    await submitLogin(false);
    expect(api.login).toHaveBeenCalledWith({ type: 'username', username: 'alice', password: 'secret1', rememberMe: false });
    expect($session.get()?.token).toBe('tok');
    expect($openedPage.get()).toBe('/m/home');
    expect(form.$busy.get()).toBe(true);
  });

  it('a refusal asking for the captcha shows it, and the next submit needs and sends it', async () => {
    vi.mocked(api.login).mockRejectedValueOnce(refused('wrong_password', { captcha: true }));
    form.setValue('username', 'alice');
    form.setValue('password', 'bad');
    await submitLogin(false);
    expect(loginVisit.$loginCaptchaNonce.get()).toBeGreaterThan(0);
    expect(form.$formError.get()).toBe('error.wrong_password');
    expect(form.$focus.get()?.field).toBe('password');
    expect(form.$busy.get()).toBe(false);

    await submitLogin(false);
    expect(form.$errors.get()).toEqual({ captcha: 'login.enterCode' });
    vi.mocked(api.login).mockResolvedValue(session);
    form.setValue('captcha', 'AB12');
    await submitLogin(true);
    expect(api.login).toHaveBeenLastCalledWith(expect.objectContaining({ captcha: 'AB12', rememberMe: true }));
  });

  it('a wrong captcha shows by the captcha field', async () => {
    vi.mocked(api.login).mockRejectedValue(refused('captcha_invalid'));
    form.setValue('username', 'alice');
    form.setValue('password', 'x');
    await submitLogin(false);
    expect(form.$errors.get().captcha).toBeDefined();
    expect(form.$formError.get()).toBeNull();
  });

  it('SMS login sends the number as username and the code as password; the server naming them maps back', async () => {
    loginVisit.chooseLoginMode('sms');
    expect(loginVisit.$loginMode.get()).toBe('sms');
    form.setValue('countryDialingCode', '+7');
    form.setValue('mobileNum', '9161234567');
    form.setValue('verificationCode', '123456');
    vi.mocked(api.login).mockRejectedValue(refused('invalid_input', { issues: [{ path: 'password' }] }));
    await submitLogin(false);
    expect(api.login).toHaveBeenCalledWith(expect.objectContaining({ type: 'sms', username: '9161234567', password: '123456', countryDialingCode: '+7' }));
    expect(form.$errors.get()).toEqual({ verificationCode: 'validation.smsCode' });
    expect(form.$focus.get()?.field).toBe('verificationCode');
  });

  it('a code is asked for only with a valid number and an answered captcha, and the captcha is spent either way', async () => {
    loginVisit.chooseLoginMode('sms');
    expect(loginVisit.requestLoginCode()).toBeNull();
    expect(Object.keys(form.$errors.get())).toEqual(['countryDialingCode', 'mobileNum', 'smsCaptcha']);
    form.setValue('countryDialingCode', '+7');
    form.setValue('mobileNum', '9161234567');
    form.setValue('smsCaptcha', 'XY');
    vi.mocked(api.sendSmsCodeNoLogin).mockResolvedValue({ expirationTime: 1234 } as never);
    const before = loginVisit.$smsCaptchaNonce.get();
    vi.setSystemTime(Date.now() + 10);
    await expect(loginVisit.requestLoginCode()).resolves.toBe(1234);
    expect(form.$values.get().smsCaptcha).toBe('');
    expect(loginVisit.$smsCaptchaNonce.get()).not.toBe(before);
  });

  // #9: phone numbers through libphonenumber-js on the form too, by the server's rules (rules/phoneNumber.ts).
  it('a number that cannot be a phone of its dialling code is refused on the form, and nothing is sent or spent', async () => {
    loginVisit.chooseLoginMode('sms');
    form.setValue('countryDialingCode', '1');
    form.setValue('mobileNum', '02025550123'); // 11 digits as the spec allows, but +1 numbers have 10 and no trunk 0
    form.setValue('smsCaptcha', 'XY');
    vi.mocked(api.sendSmsCodeNoLogin).mockClear();
    await expect(loginVisit.requestLoginCode()).resolves.toBeNull();
    expect(form.$errors.get()).toEqual({ mobileNum: 'validation.mobileNum' });
    expect(api.sendSmsCodeNoLogin).not.toHaveBeenCalled();
    expect(form.$values.get().smsCaptcha).toBe('XY');
  });

  it('a Russian mobile typed with its trunk 8 is a possible phone and the code is asked for', async () => {
    loginVisit.chooseLoginMode('sms');
    form.setValue('countryDialingCode', '+7');
    form.setValue('mobileNum', '89161234567');
    form.setValue('smsCaptcha', 'XY');
    vi.mocked(api.sendSmsCodeNoLogin).mockResolvedValue({ expirationTime: 99 } as never);
    await expect(loginVisit.requestLoginCode()).resolves.toBe(99);
  });

  it('a refusal that arrives after the page exits shows nothing', async () => {
    let answer: (error: unknown) => void = () => {};
    vi.mocked(api.login).mockReturnValue(new Promise((_resolve, reject) => { answer = reject; }));
    form.setValue('username', 'alice');
    form.setValue('password', 'bad');
    const submitted = submitLogin(false);
    loginVisit.exit();
    answer(refused('wrong_password', { captcha: true }));
    await submitted;
    expect(form.$formError.get()).toBeNull();
    expect(loginVisit.$loginCaptchaNonce.get()).toBe(0);
    expect(form.$busy.get()).toBe(true);
  });

  it('a login that succeeds after the page exits keeps the session the server opened but does not go home', async () => {
    let answer: (value: typeof session) => void = () => {};
    vi.mocked(api.login).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    form.setValue('username', 'alice');
    form.setValue('password', 'secret1');
    const submitted = submitLogin(false);
    loginVisit.exit();
    answer(session);
    await submitted;
    expect($session.get()?.token).toBe('tok');
    expect($openedPage.get()).toBeNull();
  });

  it('a code answer that arrives after the page exits renews no captcha and starts no countdown', async () => {
    loginVisit.chooseLoginMode('sms');
    form.setValue('countryDialingCode', '+7');
    form.setValue('mobileNum', '9161234567');
    form.setValue('smsCaptcha', 'XY');
    vi.mocked(api.sendSmsCodeNoLogin).mockResolvedValue({ expirationTime: 1234 } as never);
    const before = loginVisit.$smsCaptchaNonce.get();
    vi.setSystemTime(Date.now() + 10);
    const requested = loginVisit.requestLoginCode();
    loginVisit.exit();
    await expect(requested).resolves.toBeNull();
    expect(form.$values.get().smsCaptcha).toBe('XY');
    expect(loginVisit.$smsCaptchaNonce.get()).toBe(before);
  });
});

// A fresh visit of /m/forget per case (src/stores/kit/page.ts), left after it.
let forgetVisit: ReturnType<typeof forget.forgetPage>;
beforeEach(() => {
  forgetVisit = forget.forgetPage();
});
afterEach(() => forgetVisit.exit());

describe('forgot password by e-mail (accounts §2 /m/forget)', () => {
  let form: ReturnType<typeof forget.forgetPage>['email']['form'];
  let submitForgetByEmail: () => Promise<void>;
  let $resetMailSent: ReturnType<typeof forget.forgetPage>['email']['$sent'];
  beforeEach(() => {
    ({ form, submit: submitForgetByEmail, $sent: $resetMailSent } = forgetVisit.email);
  });

  it('needs both fields, the e-mail in its format', async () => {
    form.setValue('username', 'alice');
    form.setValue('email', 'nope');
    await submitForgetByEmail();
    expect(form.$errors.get()).toEqual({ email: 'validation.email' });
    expect(api.forgotPasswordByEmail).not.toHaveBeenCalled();
  });

  it('says the mail went out whatever the server found', async () => {
    vi.mocked(api.forgotPasswordByEmail).mockResolvedValue(undefined as never);
    form.setValue('username', 'alice');
    form.setValue('email', 'a@example.com');
    await submitForgetByEmail();
    expect($resetMailSent.get()).toBe(true);
  });

  it('a refusal shows under the form', async () => {
    vi.mocked(api.forgotPasswordByEmail).mockRejectedValue(refused('TOO_MANY_REQUEST', null, 429));
    form.setValue('username', 'alice');
    form.setValue('email', 'a@example.com');
    await submitForgetByEmail();
    expect(form.$formError.get()).toBe('error.too_many_requests');
    expect(form.$busy.get()).toBe(false);
  });
});

describe('the e-mailed reset link (PlayDeck extension /wps/playdeck/password/emailReset)', () => {
  let form: ReturnType<typeof forget.forgetPage>['link']['form'];
  let submitEmailReset: (token: string) => Promise<void>;
  beforeEach(() => {
    ({ form, submit: submitEmailReset } = forgetVisit.link);
  });

  it('checks the password rule and the confirmation before sending', async () => {
    form.setValue('newPassword', 'abc');
    await submitEmailReset('t1');
    expect(form.$errors.get()).toEqual({ newPassword: 'validation.password', confirmNewPassword: 'in_incorrect_password' });
    expect(api.resetPasswordByEmailToken).not.toHaveBeenCalled();
  });

  it('sets the password with the token and goes to log in after the success text', async () => {
    vi.mocked(api.resetPasswordByEmailToken).mockResolvedValue(undefined as never);
    form.setValue('newPassword', 'abc123');
    form.setValue('confirmNewPassword', 'abc123');
    await submitEmailReset('t1');
    expect(api.resetPasswordByEmailToken).toHaveBeenCalledWith({ token: 't1', newPassword: 'abc123', confirmNewPassword: 'abc123' });
    expect($toast.get()).toMatchObject({ key: 'forget.done' });
    expect($openedPage.get()).toBeNull();
    vi.advanceTimersByTime(emailReset.RESET_DONE_MS);
    expect($openedPage.get()).toBe('/m/login');
  });

  it('a used link says so under the form', async () => {
    vi.mocked(api.resetPasswordByEmailToken).mockRejectedValue(refused('reset_link_invalid'));
    form.setValue('newPassword', 'abc123');
    form.setValue('confirmNewPassword', 'abc123');
    await submitEmailReset('t1');
    expect(form.$formError.get()).toBe('error.reset_link_invalid');
  });
});

describe('change password (accounts §2, §4, §8)', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let page: ReturnType<typeof changePassword.changePasswordPage>;
  let form: ReturnType<typeof changePassword.changePasswordPage>['form'];
  beforeEach(() => {
    page = changePassword.changePasswordPage();
    form = page.form;
  });
  afterEach(() => page.exit());
  const submitPasswordChange = () => page.submit();
  const fill = (old: string, fresh: string, confirm = fresh) => {
    form.setValue('oldPassword', old);
    form.setValue('newPassword', fresh);
    form.setValue('confirmNewPassword', confirm);
  };

  it('a new password equal to the old one shows same_password and sends nothing', async () => {
    fill('abc123', 'abc123');
    await submitPasswordChange();
    expect(form.$formError.get()).toBe('same_password');
    expect(form.$focus.get()?.field).toBe('newPassword');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('a wrong old password shows by the old password', async () => {
    vi.mocked(api.changePassword).mockRejectedValue(refused('wrong_password'));
    fill('old111', 'new222');
    await submitPasswordChange();
    expect(form.$errors.get()).toEqual({ oldPassword: 'error.wrong_password' });
    expect(form.$focus.get()?.field).toBe('oldPassword');
    expect(form.$busy.get()).toBe(false);
  });

  it('success shows the saved text, then goes home after 2 s', async () => {
    vi.mocked(api.changePassword).mockResolvedValue({ rememberToken: undefined } as never);
    fill('old111', 'new222');
    await submitPasswordChange();
    expect(page.$passwordSaved.get()).toBe(true);
    vi.advanceTimersByTime(2000);
    expect($openedPage.get()).toBe('/m/home');
  });

  it('drops an answer that arrives after the page was left', async () => {
    let answered: (v: never) => void = () => undefined;
    vi.mocked(api.changePassword).mockImplementationOnce(() => new Promise((resolve) => { answered = resolve; }));
    fill('old111', 'new222');
    const saving = submitPasswordChange();
    page.exit();
    answered({ rememberToken: undefined } as never);
    await saving;
    vi.advanceTimersByTime(2000);
    expect(page.$passwordSaved.get()).toBe(false);
    expect($openedPage.get()).toBeNull();
  });
});

describe('forgot password by SMS (accounts §2 /m/forget, §4)', () => {
  let form: ReturnType<typeof forget.forgetPage>['sms']['form'];
  beforeEach(() => {
    form = forgetVisit.sms.form;
  });
  const submitForget = () => forgetVisit.sms.submit();
  const requestResetCode = () => forgetVisit.sms.requestCode();
  const fill = () => {
    form.setValue('countryDialingCode', '+7');
    form.setValue('mobileNum', '9161234567');
    form.setValue('verificationCode', '123456');
    form.setValue('newPassword', 'abc123');
    form.setValue('confirmNewPassword', 'abc123');
  };

  it('a wrong code shows by the code field', async () => {
    vi.mocked(api.setPasswordByPhone).mockRejectedValue(refused('verification_code_error'));
    fill();
    await submitForget();
    expect(form.$errors.get()).toEqual({ verificationCode: 'error.verification_code_error' });
  });

  it('success starts the session the reset answered and goes home, with no second login', async () => {
    vi.mocked(api.setPasswordByPhone).mockResolvedValue(session);
    fill();
    await submitForget();
    expect(api.login).not.toHaveBeenCalled();
    expect($session.get()?.token).toBe(session.token);
    vi.advanceTimersByTime(forget.FORGET_DONE_MS);
    expect($openedPage.get()).toBe('/m/home');
  });

  it('an answer without a session goes to log in by hand, and tries no login with the phone digits', async () => {
    vi.mocked(api.setPasswordByPhone).mockResolvedValue(null);
    fill();
    await submitForget();
    expect(api.login).not.toHaveBeenCalled();
    vi.advanceTimersByTime(forget.FORGET_DONE_MS);
    expect($openedPage.get()).toBe('/m/login');
  });

  it('leaving the page cancels the way home still waiting', async () => {
    vi.mocked(api.setPasswordByPhone).mockResolvedValue(session);
    fill();
    await submitForget();
    forgetVisit.exit();
    vi.advanceTimersByTime(forget.FORGET_DONE_MS);
    expect($openedPage.get()).toBeNull();
  });

  it('a wrong captcha on the code request shows by the captcha, which is renewed', async () => {
    vi.mocked(api.sendSmsCodeNoLogin).mockRejectedValue(refused('captcha_invalid'));
    fill();
    form.setValue('captcha', 'zz');
    await expect(requestResetCode()).resolves.toBeNull();
    expect(form.$errors.get()).toEqual({ captcha: 'error.captcha_invalid' });
    expect(form.$values.get().captcha).toBe('');
  });
});

describe('the return leg of a social login (accounts §2 social login)', () => {
  let exchangeVisit: ReturnType<typeof exchange.sessionExchangePage>;
  beforeEach(() => {
    exchangeVisit = exchange.sessionExchangePage();
  });
  afterEach(() => exchangeVisit.exit());

  it('trades the one-time code for a session and spends the fragment first', async () => {
    vi.mocked(api.exchangeSession).mockResolvedValue(session);
    const spent = vi.fn();
    await expect(exchangeVisit.completeSignIn('#session=abc', spent)).resolves.toEqual({ kind: 'signedIn' });
    expect(spent).toHaveBeenCalled();
    expect(api.exchangeSession).toHaveBeenCalledWith('abc');
  });

  it('hands back the provider error', async () => {
    await expect(exchangeVisit.completeSignIn('#oauthError=oauth_denied', () => {})).resolves.toEqual({ kind: 'oauthError', errorCode: 'oauth_denied' });
  });

  it('an exchange answered after the page exits keeps the session but hands the page nothing to do', async () => {
    let answer: (value: typeof session) => void = () => {};
    vi.mocked(api.exchangeSession).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const completed = exchangeVisit.completeSignIn('#session=abc', () => {});
    exchangeVisit.exit();
    answer(session);
    await expect(completed).resolves.toEqual({ kind: 'none' });
    expect($session.get()?.token).toBe('tok');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterPage } from '../../../src/stores/pages/register';
import { ApiRequestError } from '../../../src/api/client';

// The network: every account call is stubbed; each test says what the server answers.
vi.mock('../../../src/api/accounts', () => ({
  getRegisterSettings: vi.fn(),
  lookupAffiliate: vi.fn(),
  checkUsername: vi.fn(),
  register: vi.fn(),
  registerMobile: vi.fn(),
  sendSmsCodeRegister: vi.fn(),
  resumeRememberedLogin: vi.fn(),
}));

const api = await import('../../../src/api/accounts');
const { $settings } = await import('../../../src/stores/concepts/settings');
const { $session } = await import('../../../src/stores/concepts/session');
const { $openedPage } = await import('../../../src/stores/kit/navigation');
const { REGISTER_SUCCESS_MS, registerPage } = await import('../../../src/stores/pages/register');

const on = { enabled: true, required: true };
const SETTINGS = { username: on, password: on, confirmPassword: on, affiliateCode: { enabled: true, required: false }, countryDialingCode: { enabled: false, required: false }, mobileNum: { enabled: false, required: false }, captcha: on, verificationCode: on };
const CONTEXT = { host: 'demo.test', hostname: 'demo.test', registerMethod: 'H5' } as const;
const session = { token: 'tok', userName: 'alice1', type: 1, merchantCode: 'demo' };

function useSwitches(switches: Record<string, boolean>): void {
  $settings.set({ switches } as never);
}

async function ready(search = '', agree = true): Promise<void> {
  vi.mocked(api.getRegisterSettings).mockResolvedValue(SETTINGS as never);
  await flow.loadRegisterSetup(search);
  // The consent box starts unticked (docs/honest-money.md); the cases that submit tick it as the player does.
  if (agree) flow.setAgreed(true);
}

// A fresh visit of /m/register per case (src/stores/kit/page.ts), left after it.
let flow: RegisterPage;
let form: RegisterPage['registerForm'];
beforeEach(() => {
  vi.resetAllMocks();
  vi.useFakeTimers();
  flow = registerPage();
  form = flow.registerForm;
  $session.set(null);
  $openedPage.set(null);
  useSwitches({ USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true });
});

afterEach(() => flow.exit());

describe('the registration flow (accounts §2 Registration screen, §4, §5)', () => {
  it('shows nothing until the settings arrive, then the first tab with its fields', async () => {
    expect(flow.$registerShown.get()).toBeNull();
    await ready();
    expect(flow.$registerTab.get()).toBe('username');
    expect(flow.$registerShown.get()?.map((s) => s.field)).toEqual(['username', 'password', 'confirmPassword', 'affiliateCode', 'captcha']);
  });

  it('a valid envelope with a wrong-shaped settings value: the retry state, no exception, no fields', async () => {
    for (const value of ['fields', ['username'], { username: 'on' }, { username: { enabled: 'yes', required: true } }, null]) {
      flow.$registerSetup.set(null);
      vi.mocked(api.getRegisterSettings).mockResolvedValue(value as never);
      await expect(flow.loadRegisterSetup('')).resolves.toBeUndefined();
      expect(flow.$registerSetupFailed.get()).toBe(true);
      expect(flow.$registerShown.get()).toBeNull();
    }
    await ready();
    expect(flow.$registerSetupFailed.get()).toBe(false);
    expect(flow.$registerShown.get()?.length).toBeGreaterThan(0);
  });

  it('a failed settings load offers a retry', async () => {
    vi.mocked(api.getRegisterSettings).mockRejectedValue(new Error('offline'));
    await flow.loadRegisterSetup('');
    expect(flow.$registerSetupFailed.get()).toBe(true);
    await ready();
    expect(flow.$registerSetupFailed.get()).toBe(false);
  });

  it("a link's verified invitation code hides its field and rides along; a refused one is typed in for the player", async () => {
    vi.mocked(api.lookupAffiliate).mockResolvedValue({ code: 'AG1' } as never);
    await ready('?affiliateCode=AG1');
    expect(flow.$registerShown.get()?.some((s) => s.field === 'affiliateCode')).toBe(false);

    vi.mocked(api.lookupAffiliate).mockRejectedValue(new ApiRequestError(400, 'invitation_code_error', null));
    await ready('?code=BAD');
    expect(form.$values.get().affiliateCode).toBe('BAD');
    expect(flow.$registerShown.get()?.some((s) => s.field === 'affiliateCode')).toBe(true);
  });

  it('an empty form sends nothing and focuses the first failing field', async () => {
    await ready();
    await flow.submitRegister(CONTEXT);
    expect(form.$focus.get()?.field).toBe('username');
    expect(api.register).not.toHaveBeenCalled();
  });

  it('typing into a field clears its error', async () => {
    await ready();
    await flow.submitRegister(CONTEXT);
    flow.setRegisterValue('username', 'a');
    expect(form.$errors.get().username).toBeUndefined();
  });

  it('without Web Crypto (plain http off localhost) the form says so and sends nothing', async () => {
    const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');
    flow.exit();
    setEnvironment({ canSeal: () => false });
    try {
      flow = registerPage();
      await ready();
      for (const [field, value] of [['username', 'alice1'], ['password', 'abc123'], ['confirmPassword', 'abc123'], ['captcha', 'QW12']] as const) flow.setRegisterValue(field, value);
      expect(flow.sealingUnavailable).toBe(true);
      await flow.submitRegister(CONTEXT);
      expect(flow.registerForm.$formError.get()).toBe('form.insecureConnection');
      expect(api.register).not.toHaveBeenCalled();
    } finally {
      resetEnvironment();
    }
  });

  it('a good registration starts the session and goes home after the success toast', async () => {
    await ready();
    vi.mocked(api.register).mockResolvedValue(session as never);
    for (const [field, value] of [['username', 'alice1'], ['password', 'abc123'], ['confirmPassword', 'abc123'], ['captcha', 'QW12']] as const) flow.setRegisterValue(field, value);
    await flow.submitRegister(CONTEXT);
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ username: 'alice1', password: 'abc123', login: true }));
    expect($session.get()?.token).toBe('tok');
    vi.advanceTimersByTime(REGISTER_SUCCESS_MS);
    expect($openedPage.get()).toBe('/m/home');
  });

  it('a taken name shows by the username field, and the captcha is renewed', async () => {
    await ready();
    vi.mocked(api.register).mockRejectedValue(new ApiRequestError(400, 'username_taken', null));
    for (const [field, value] of [['username', 'alice1'], ['password', 'abc123'], ['confirmPassword', 'abc123'], ['captcha', 'QW12']] as const) flow.setRegisterValue(field, value);
    await flow.submitRegister(CONTEXT);
    expect(form.$errors.get()).toEqual({ username: 'error.username_taken' });
    expect(form.$values.get().captcha).toBe('');
    expect(form.$busy.get()).toBe(false);
  });

  it('"I agree" starts unticked, and without it nothing is sent', async () => {
    await ready('', false);
    expect(flow.$agreed.get()).toBe(false);
    await flow.submitRegister(CONTEXT);
    expect(api.register).not.toHaveBeenCalled();
    expect(form.$focus.get()).toBeNull();
  });

  it('leaving a taken username shows username_taken at once', async () => {
    await ready();
    vi.mocked(api.checkUsername).mockResolvedValue({ available: false } as never);
    flow.setRegisterValue('username', 'alice1');
    await flow.checkUsernameTaken();
    expect(form.$errors.get().username).toBe('error.username_taken');
  });

  it('the mobile tab asks for the code with its own module id', async () => {
    await ready();
    flow.chooseRegisterTab('mobile');
    flow.setRegisterValue('countryDialingCode', '+7');
    flow.setRegisterValue('mobileNum', '9161234567');
    flow.setRegisterValue('captcha', 'QW');
    vi.mocked(api.sendSmsCodeRegister).mockResolvedValue({ expirationTime: 99 } as never);
    await expect(flow.requestRegisterCode()).resolves.toBe(99);
    expect(api.sendSmsCodeRegister).toHaveBeenCalledWith({ countryDialingCode: '+7', mobileNo: '9161234567', captcha: 'QW' }, 'MOBILENUMREG3');
  });

  it('settings answered after the page exits fill nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(api.getRegisterSettings).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const loading = flow.loadRegisterSetup('');
    flow.exit();
    answer(SETTINGS);
    await loading;
    expect(flow.$registerSetup.get()).toBeNull();
    expect(flow.$registerCaptchaNonce.get()).toBe(0);
  });

  it('a refusal answered after the page exits shows nothing, and a late account keeps its session but goes nowhere', async () => {
    await ready();
    for (const [field, value] of [['username', 'alice1'], ['password', 'abc123'], ['confirmPassword', 'abc123'], ['captcha', 'QW12']] as const) flow.setRegisterValue(field, value);
    let fail: (error: unknown) => void = () => {};
    vi.mocked(api.register).mockReturnValueOnce(new Promise((_resolve, reject) => { fail = reject; }) as never);
    const refused = flow.submitRegister(CONTEXT);
    flow.exit();
    fail(new ApiRequestError(400, 'username_taken', null));
    await refused;
    expect(form.$errors.get()).toEqual({});
    expect(form.$values.get().captcha).toBe('QW12');

    const late = registerPage();
    vi.mocked(api.getRegisterSettings).mockResolvedValue(SETTINGS as never);
    await late.loadRegisterSetup('');
    late.setAgreed(true);
    for (const [field, value] of [['username', 'alice1'], ['password', 'abc123'], ['confirmPassword', 'abc123'], ['captcha', 'QW12']] as const) late.setRegisterValue(field, value);
    let answer: (value: unknown) => void = () => {};
    vi.mocked(api.register).mockReturnValueOnce(new Promise((resolve) => { answer = resolve; }) as never);
    const created = late.submitRegister(CONTEXT);
    late.exit();
    answer(session);
    await created;
    expect($session.get()?.token).toBe('tok');
    vi.advanceTimersByTime(REGISTER_SUCCESS_MS);
    expect($openedPage.get()).toBeNull();
  });

  it('a site with registration off offers no tab', () => {
    useSwitches({ USERNAMEREG3: false, MOBILENUMREG3: false });
    expect(flow.$registerTabs.get()).toEqual([]);
    expect(flow.$registerTab.get()).toBeNull();
  });
});

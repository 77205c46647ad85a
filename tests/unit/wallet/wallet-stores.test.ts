import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositPage } from '../../../src/stores/pages/deposit';
import type { WithdrawPage } from '../../../src/stores/pages/withdraw';

vi.mock('../../../src/api/wallet', () => ({
  getPaymentMethods: vi.fn(), createDeposit: vi.fn(), getDeposit: vi.fn(), getWithdrawInfo: vi.fn(), requestWithdrawal: vi.fn(),
  getSecurityConfig: vi.fn(), savePaymentPassword: vi.fn(), getTransactions: vi.fn(),
}));
vi.mock('../../../src/api/accounts', () => ({ getWallet: vi.fn(), getMemberInfo: vi.fn(), logout: vi.fn() }));

const api = await import('../../../src/api/wallet');
const accounts = await import('../../../src/api/accounts');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const { $wallet } = await import('../../../src/stores/concepts/member');
const { balanceMoved } = await import('../../../src/stores/concepts/balance');
const { depositPage, depositErrorKey } = await import('../../../src/stores/pages/deposit');
const { withdrawPage } = await import('../../../src/stores/pages/withdraw');
const transactions = await import('../../../src/stores/pages/transactions');
const { securityPage } = await import('../../../src/stores/pages/security');
const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');

const METHODS = {
  currency: 'USD', currencySymbol: '$', template: 1 as const,
  methods: [{ methodCode: 'DEMO_BANK', displayName: 'Bank', minMinor: 1_000, maxMinor: 500_000 }, { methodCode: 'DEMO_EWALLET', displayName: 'E-wallet', minMinor: 500, maxMinor: 100_000 }],
};
const pendingDeposit = { depositId: 7, methodCode: 'DEMO_BANK', amountMinor: 2_500, status: 'pending' as const, createdAt: 1, expiresAt: 2, redirectUrl: 'http://x/pay/demo/tok', balanceMinor: null };

// The wallet store loads itself when first used (nanostores onMount): keep it mounted, as a page's balance widget does.
beforeAll(async () => {
  vi.mocked(accounts.getWallet).mockResolvedValue({ sumBalance: 10_000, currency: 'USD', currencySymbol: '$' });
  $session.set({ token: 't', userName: 'ana', type: 0, merchantCode: 'DEMO' } as never);
  $wallet.listen(() => undefined);
  await vi.waitFor(() => expect(accounts.getWallet).toHaveBeenCalled());
});

beforeEach(() => {
  $wallet.set({ sumBalance: 10_000, currency: 'USD', currencySymbol: '$' });
  // The deposit's status checks do not wait their 1.5 s here.
  setEnvironment({ setTimeout: (fn) => setTimeout(fn, 0) });
});
afterEach(() => {
  vi.clearAllMocks();
  resetEnvironment();
});

describe('balance store: money-moving actions refresh it at once (player-shell §4 Balance; issues 9, 13)', () => {
  it('takes the balance an answer carries, else reloads it now', async () => {
    balanceMoved(12_345);
    expect($wallet.get()?.sumBalance).toBe(12_345);
    vi.mocked(accounts.getWallet).mockResolvedValueOnce({ sumBalance: 99, currency: 'USD', currencySymbol: '$' });
    balanceMoved();
    await vi.waitFor(() => expect($wallet.get()?.sumBalance).toBe(99));
  });
});

describe('deposit flow (issue 13, Deposit)', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let deposit: DepositPage;
  beforeEach(() => {
    deposit = depositPage();
  });
  afterEach(() => deposit.exit());

  it('loads the methods, refuses an amount outside the chosen method\'s limits without calling, then leaves for the provider', async () => {
    vi.mocked(api.getPaymentMethods).mockResolvedValue(METHODS);
    const went: string[] = [];
    setEnvironment({ navigate: (url) => went.push(url) });
    await deposit.open('');
    expect(deposit.$deposit.get()).toMatchObject({ phase: 'ready', methodCode: 'DEMO_BANK', template: 1 });
    deposit.setAmount('9.99');
    await deposit.submit();
    expect(deposit.$deposit.get().error).toBe('wallet.amountInvalid');
    expect(api.createDeposit).not.toHaveBeenCalled();
    deposit.setAmount(2_500);
    expect(deposit.$deposit.get().amountText).toBe('25.00');
    vi.mocked(api.createDeposit).mockResolvedValueOnce(pendingDeposit);
    await deposit.submit();
    expect(api.createDeposit).toHaveBeenCalledWith(expect.objectContaining({ methodCode: 'DEMO_BANK', amountMinor: 2_500 }));
    expect(went).toEqual(['http://x/pay/demo/tok']);
    expect(deposit.$deposit.get().phase).toBe('redirecting');
  });

  it('retries a lost answer with the same idempotency key', async () => {
    vi.mocked(api.getPaymentMethods).mockResolvedValue(METHODS);
    setEnvironment({ navigate: () => undefined });
    await deposit.open('');
    deposit.chooseMethod('DEMO_EWALLET');
    deposit.setAmount('10');
    vi.mocked(api.createDeposit).mockRejectedValueOnce(new ApiRequestError(0, 'network', null));
    await deposit.submit();
    // A lost answer may still have placed the order: the outcome is being checked, not "failed".
    expect(deposit.$deposit.get()).toMatchObject({ phase: 'ready', error: 'error.outcome_checking' });
    vi.mocked(api.createDeposit).mockResolvedValueOnce(pendingDeposit);
    await deposit.submit();
    const keys = vi.mocked(api.createDeposit).mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a 502 upstream_unavailable says the outcome is being checked, reads the balance again and keeps the key', async () => {
    vi.mocked(api.getPaymentMethods).mockResolvedValue(METHODS);
    setEnvironment({ navigate: () => undefined });
    await deposit.open('');
    deposit.setAmount('30');
    vi.mocked(accounts.getWallet).mockResolvedValueOnce({ sumBalance: 13_000, currency: 'USD', currencySymbol: '$' });
    vi.mocked(api.createDeposit).mockRejectedValueOnce(new ApiRequestError(502, 'upstream_unavailable', null));
    await deposit.submit();
    expect(deposit.$deposit.get()).toMatchObject({ phase: 'ready', error: 'error.outcome_checking' });
    await vi.waitFor(() => expect($wallet.get()?.sumBalance).toBe(13_000));
    // A refusal is a real failure: a new action gets a new key.
    vi.mocked(api.createDeposit).mockRejectedValueOnce(new ApiRequestError(400, 'amount_out_of_range', null));
    await deposit.submit();
    expect(deposit.$deposit.get().error).toBe('wallet.amountInvalid');
    vi.mocked(api.createDeposit).mockResolvedValueOnce(pendingDeposit);
    await deposit.submit();
    const keys = vi.mocked(api.createDeposit).mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('coming back from paying: checks until credited and updates the balance at once', async () => {
    vi.mocked(api.getPaymentMethods).mockResolvedValue(METHODS);
    vi.mocked(api.getDeposit)
      .mockResolvedValueOnce({ ...pendingDeposit, redirectUrl: null })
      .mockResolvedValueOnce({ ...pendingDeposit, redirectUrl: null, status: 'credited', balanceMinor: 12_500 });
    await deposit.open('?deposit=7');
    expect(api.getDeposit).toHaveBeenCalledTimes(2);
    expect(deposit.$deposit.get().returned?.status).toBe('credited');
    expect(deposit.$deposit.get().checking).toBe(false);
    expect($wallet.get()?.sumBalance).toBe(12_500);
  });

  it('leaving the page stops checking a returned deposit and drops a late answer', async () => {
    const timers: (() => void)[] = [];
    setEnvironment({ setTimeout: (fn) => { timers.push(fn); return 0 as never; }, clearTimeout: () => undefined });
    vi.mocked(api.getPaymentMethods).mockResolvedValue(METHODS);
    vi.mocked(api.getDeposit).mockResolvedValue({ ...pendingDeposit, redirectUrl: null });
    const opening = deposit.open('?deposit=7');
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    deposit.exit();
    await opening;
    expect(api.getDeposit).toHaveBeenCalledTimes(1);
    expect(deposit.$deposit.get().checking).toBe(true);
    const visit = depositPage();
    let late: (v: never) => void = () => undefined;
    vi.mocked(api.getPaymentMethods).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const loading = visit.open('');
    visit.exit();
    late(METHODS as never);
    await loading;
    expect(visit.$deposit.get()).toMatchObject({ phase: 'loading', methods: [] });
  });

  it('shows the refusal of a trial account or a provider outage', async () => {
    vi.mocked(api.getPaymentMethods).mockRejectedValueOnce(new ApiRequestError(403, 'free_reject', null));
    await deposit.open('');
    expect(deposit.$deposit.get()).toMatchObject({ phase: 'failed', error: 'free_reject' });
    expect(depositErrorKey('payment_unavailable')).toBe('wallet.unavailable');
    expect(depositErrorKey('date_of_birth_required')).toBe('error.date_of_birth_required');
  });
});

const INFO = {
  enabled: true, minMinor: 2_000, maxMinor: 200_000, availableMinor: 10_000, currencySymbol: '$', paymentPasswordSet: true, payeeName: 'Ana Cruz', withdrawals: [],
  bonusMinor: 0, wageringRequiredMinor: 0, wageringDoneMinor: 0,
};

describe('withdraw flow (issue 13, Withdraw)', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let withdraw: WithdrawPage;
  beforeEach(() => {
    withdraw = withdrawPage();
  });
  afterEach(() => withdraw.exit());

  it('fills the payee from the profile, checks the form before sending, then holds and refreshes the balance', async () => {
    vi.mocked(api.getWithdrawInfo).mockResolvedValue(INFO);
    await withdraw.load();
    expect(withdraw.$withdraw.get().form.payeeName).toBe('Ana Cruz');
    withdraw.setField('amountText', '150');
    await withdraw.submit();
    expect(withdraw.$withdraw.get()).toMatchObject({ error: 'wallet.insufficient', invalid: 'amountText' });
    withdraw.setField('amountText', '50');
    await withdraw.submit();
    expect(withdraw.$withdraw.get()).toMatchObject({ error: 'wallet.fieldRequired', invalid: 'bankName' });
    withdraw.setField('bankName', 'Demo Bank');
    withdraw.setField('accountNumber', '12345678');
    withdraw.setField('paymentPassword', '12');
    await withdraw.submit();
    expect(withdraw.$withdraw.get().invalid).toBe('paymentPassword');
    expect(api.requestWithdrawal).not.toHaveBeenCalled();
    withdraw.setField('paymentPassword', '246810');
    vi.mocked(api.requestWithdrawal).mockResolvedValueOnce({ withdrawal: {} as never, balanceMinor: 5_000 });
    await withdraw.submit();
    expect(api.requestWithdrawal).toHaveBeenCalledWith(expect.objectContaining({ amountMinor: 5_000, bankName: 'Demo Bank', paymentPassword: '246810' }));
    expect($wallet.get()?.sumBalance).toBe(5_000);
    expect(withdraw.$withdraw.get()).toMatchObject({ notice: 'wallet.withdrawRequested', phase: 'ready' });
    expect(withdraw.$withdraw.get().form).toMatchObject({ amountText: '', paymentPassword: '', payeeName: 'Ana Cruz' });
  });

  it('drops limits and a filed request\'s answer that arrive after the page was left', async () => {
    let late: (v: typeof INFO) => void = () => undefined;
    vi.mocked(api.getWithdrawInfo).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const loading = withdraw.load();
    withdraw.exit();
    late(INFO);
    await loading;
    expect(withdraw.$withdraw.get()).toMatchObject({ phase: 'loading', info: null });
    const visit = withdrawPage();
    vi.mocked(api.getWithdrawInfo).mockResolvedValue(INFO);
    await visit.load();
    visit.setField('amountText', '20');
    visit.setField('bankName', 'Bank');
    visit.setField('accountNumber', '1234');
    visit.setField('paymentPassword', '246810');
    let filed: (v: { withdrawal: never; balanceMinor: number }) => void = () => undefined;
    vi.mocked(api.requestWithdrawal).mockImplementationOnce(() => new Promise((resolve) => { filed = resolve; }));
    const submitting = visit.submit();
    visit.exit();
    vi.mocked(api.getWithdrawInfo).mockClear();
    filed({ withdrawal: {} as never, balanceMinor: 7_000 });
    await submitting;
    expect(visit.$withdraw.get()).toMatchObject({ phase: 'submitting', notice: null });
    expect(api.getWithdrawInfo).not.toHaveBeenCalled();
    // The money moved: the balance store still takes the balance after the hold.
    expect($wallet.get()?.sumBalance).toBe(7_000);
  });

  it('with bonus money there, the request waits for the forfeit confirmation and then says so (docs/honest-money.md)', async () => {
    vi.mocked(api.getWithdrawInfo).mockResolvedValue({ ...INFO, bonusMinor: 1_000, wageringRequiredMinor: 30_000, wageringDoneMinor: 500 });
    await withdraw.load();
    withdraw.setField('amountText', '20');
    withdraw.setField('bankName', 'Bank');
    withdraw.setField('accountNumber', '1234');
    withdraw.setField('paymentPassword', '246810');
    await withdraw.submit();
    expect(withdraw.$withdraw.get()).toMatchObject({ error: 'error.bonus_forfeit_unconfirmed', forfeitConfirmed: false });
    expect(api.requestWithdrawal).not.toHaveBeenCalled();
    withdraw.confirmForfeit(true);
    vi.mocked(api.requestWithdrawal).mockResolvedValueOnce({ withdrawal: {} as never, balanceMinor: 8_000 });
    await withdraw.submit();
    expect(api.requestWithdrawal).toHaveBeenCalledWith(expect.objectContaining({ amountMinor: 2_000, forfeitBonus: true }));
    expect(withdraw.$withdraw.get()).toMatchObject({ notice: 'wallet.withdrawRequested', forfeitConfirmed: false });
  });

  it('without bonus money no confirmation is asked and no flag is sent', async () => {
    vi.mocked(api.getWithdrawInfo).mockResolvedValue(INFO);
    await withdraw.load();
    withdraw.setField('amountText', '20');
    withdraw.setField('bankName', 'Bank');
    withdraw.setField('accountNumber', '1234');
    withdraw.setField('paymentPassword', '246810');
    vi.mocked(api.requestWithdrawal).mockResolvedValueOnce({ withdrawal: {} as never, balanceMinor: 8_000 });
    await withdraw.submit();
    expect(vi.mocked(api.requestWithdrawal).mock.calls.at(-1)?.[0]).not.toHaveProperty('forfeitBonus');
  });

  it('a wrong payment password marks that field and clears it', async () => {
    vi.mocked(api.getWithdrawInfo).mockResolvedValue(INFO);
    await withdraw.load();
    withdraw.setField('amountText', '20');
    withdraw.setField('bankName', 'Bank');
    withdraw.setField('accountNumber', '1234');
    withdraw.setField('paymentPassword', '000000');
    vi.mocked(api.requestWithdrawal).mockRejectedValueOnce(new ApiRequestError(403, 'payment_password_wrong', null));
    await withdraw.submit();
    expect(withdraw.$withdraw.get()).toMatchObject({ error: 'wallet.passwordWrong', invalid: 'paymentPassword' });
    expect(withdraw.$withdraw.get().form.paymentPassword).toBe('');
  });
});

describe('withdraw: a lost answer (docs/upstream-mode.md, "When the platform is slow, down or wrong")', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let withdraw: WithdrawPage;
  beforeEach(() => {
    withdraw = withdrawPage();
  });
  afterEach(() => withdraw.exit());

  it.each([
    ['network', new ApiRequestError(0, 'network', null)],
    ['502 upstream_unavailable', new ApiRequestError(502, 'upstream_unavailable', null)],
    ['504 without an envelope', new ApiRequestError(504, 'internal_error', null)],
  ])('%s: says it is being checked, reads balance and list again, retries with the same key', async (_name, failure) => {
    vi.mocked(api.getWithdrawInfo).mockResolvedValue(INFO);
    await withdraw.load();
    withdraw.setField('amountText', '20');
    withdraw.setField('bankName', 'Bank');
    withdraw.setField('accountNumber', '1234');
    withdraw.setField('paymentPassword', '246810');
    vi.mocked(api.getWithdrawInfo).mockClear();
    vi.mocked(accounts.getWallet).mockResolvedValueOnce({ sumBalance: 8_000, currency: 'USD', currencySymbol: '$' });
    vi.mocked(api.requestWithdrawal).mockRejectedValueOnce(failure);
    await withdraw.submit();
    expect(withdraw.$withdraw.get()).toMatchObject({ phase: 'ready', notice: 'error.outcome_checking', error: null });
    expect(api.getWithdrawInfo).toHaveBeenCalled();
    await vi.waitFor(() => expect($wallet.get()?.sumBalance).toBe(8_000));
    withdraw.setField('paymentPassword', '246810');
    vi.mocked(api.requestWithdrawal).mockResolvedValueOnce({ withdrawal: {} as never, balanceMinor: 6_000 });
    await withdraw.submit();
    const keys = vi.mocked(api.requestWithdrawal).mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('transactions view', () => {
  it('loads a period, filters by category from page 1, appends more, and the newest request wins', async () => {
    setEnvironment({ now: () => 1_000_000_000_000 });
    const visit = transactions.transactionsPage();
    const page = (pageNo: number, totalPages: number, id: number) => ({
      list: [{ id, category: 'deposit' as const, kind: 'deposit', amountMinor: 100, balanceAfterMinor: 100, createdAt: 1 }],
      totals: { deposits: 100, withdrawals: 0, netDeposits: 100, bonuses: 0, rounds: 0 }, pageNo, totalPages,
    });
    vi.mocked(api.getTransactions).mockResolvedValueOnce(page(1, 2, 1)).mockResolvedValueOnce(page(2, 2, 2));
    await visit.load();
    await visit.load(true);
    expect(visit.$transactions.get().list.map((r) => r.id)).toEqual([1, 2]);
    expect(api.getTransactions).toHaveBeenNthCalledWith(1, { category: '', startDate: 1_000_000_000_000 - 30 * 86_400_000, endDate: 1_000_000_000_000, pageNo: 1 });
    await visit.load(true);
    expect(api.getTransactions).toHaveBeenCalledTimes(2);
    let late: (v: ReturnType<typeof page>) => void = () => undefined;
    vi.mocked(api.getTransactions).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; })).mockResolvedValueOnce(page(1, 1, 9));
    const older = visit.filter('round');
    await visit.choosePeriod(7);
    late(page(1, 1, 5));
    await older;
    expect(visit.$transactions.get()).toMatchObject({ category: 'round', days: 7 });
    expect(visit.$transactions.get().list.map((r) => r.id)).toEqual([9]);
    visit.exit();
  });

  it('drops an answer that arrives after the page was left', async () => {
    let late: (v: never) => void = () => undefined;
    vi.mocked(api.getTransactions).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const visit = transactions.transactionsPage();
    const loading = visit.load();
    visit.exit();
    late({ list: [{ id: 1 }], totals: null, pageNo: 1, totalPages: 1 } as never);
    await loading;
    expect(visit.$transactions.get()).toMatchObject({ list: [], loading: true });
  });
});

describe('security page: payment password', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let security: ReturnType<typeof securityPage>;
  beforeEach(() => {
    security = securityPage();
  });
  afterEach(() => security.exit());

  it('sets it with the login password the first time, then changes it with the current one', async () => {
    vi.mocked(api.getSecurityConfig).mockResolvedValueOnce({ paymentPasswordSet: false, mobileBound: true, mobileNum: '+63******1234', emailBound: false, email: '' });
    await security.load();
    security.setField('next', '12345');
    await security.savePaymentPassword();
    expect(security.$security.get().error).toBe('wallet.sixDigits');
    security.setField('next', '123456');
    security.setField('confirm', '123457');
    await security.savePaymentPassword();
    expect(security.$security.get().error).toBe('wallet.passwordsDiffer');
    security.setField('confirm', '123456');
    security.setField('current', 'login-pass');
    await security.savePaymentPassword();
    expect(api.savePaymentPassword).toHaveBeenLastCalledWith({ newPaymentPassword: '123456', loginPassword: 'login-pass' });
    expect(security.$security.get()).toMatchObject({ saved: true, config: { paymentPasswordSet: true } });
    security.setField('current', '123456');
    security.setField('next', '654321');
    security.setField('confirm', '654321');
    vi.mocked(api.savePaymentPassword).mockRejectedValueOnce(new ApiRequestError(403, 'payment_password_wrong', null));
    await security.savePaymentPassword();
    expect(api.savePaymentPassword).toHaveBeenLastCalledWith({ newPaymentPassword: '654321', oldPaymentPassword: '123456' });
    expect(security.$security.get().error).toBe('wallet.passwordWrong');
  });

  it('drops settings and a save\'s answer that arrive after the page was left', async () => {
    let late: (v: never) => void = () => undefined;
    vi.mocked(api.getSecurityConfig).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const loading = security.load();
    security.exit();
    late({ paymentPasswordSet: true, mobileBound: false, mobileNum: '', emailBound: false, email: '' } as never);
    await loading;
    expect(security.$security.get().config).toBeNull();
  });
});

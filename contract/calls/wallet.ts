import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money, wireMoney } from '../money';

/**
 * Calls of the wallet and payments area (issue 13; player-shell §2 /m/voucherCenter, /m/withdraw, §4 Balance,
 * §6 deposit by a type not in 0, 1, 2 → free_reject). The platform's own path is used where the contract names
 * one (`/wps/transaction/withdraw`, `/wps/v2/member/securityConfig`, platform-contract.md §1.1); deposits, the
 * payment password and the transactions view are not found in the platform's clients, so they are PlayDeck
 * extensions under /wps/playdeck/payments (capability `payments`). Money is decimal currency units on the wire.
 */

/** An idempotency key chosen by the client: a retried request with the same key changes nothing twice. */
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, - or _');
/** A positive amount in currency units. */
const positiveAmount = money(wireMoney.pipe(z.number().positive().max(100_000_000)));
/** A date filter: UTC epoch milliseconds (query strings carry digits). */
const epochMs = z.coerce.number().int().min(0).max(8.64e15);

/** Deposit states: pending (waiting for the provider) → credited | expired | failed. */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'expired', 'failed'] as const;
/** Withdrawal states: pending (on hold) → approved → paid | failed (released), or pending → rejected (released). */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'failed'] as const;
/** Categories of the transactions view. */
export const TRANSACTION_CATEGORIES = ['deposit', 'withdrawal', 'bonus', 'round'] as const;

/** One deposit as the player sees it. */
export const depositValue = z.object({
  depositId: z.number().int(),
  methodCode: z.string(),
  amount: money(),
  status: z.enum(DEPOSIT_STATUSES),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  /** Where to send the player to pay (only while pending, on the answer of the create call). */
  redirectUrl: z.string().nullable(),
  /** The wallet balance after the deposit was credited (currency units), null otherwise. */
  balance: money().nullable(),
});

/** One withdrawal as the player sees it (the account number masked but for its last 4 digits). */
export const withdrawalValue = z.object({
  withdrawalId: z.number().int(),
  amount: money(),
  status: z.enum(WITHDRAWAL_STATUSES),
  payeeName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  reason: z.string(),
  createdAt: z.number().int(),
});

/** The withdrawal request body (POST /wps/transaction/withdraw). */
export const withdrawBody = z.object({
  amount: positiveAmount,
  payeeName: z.string().trim().min(2).max(60),
  bankName: z.string().trim().min(2).max(60),
  accountNumber: z.string().trim().regex(/^[0-9A-Za-z -]{4,34}$/, 'Expected 4 to 34 letters or digits'),
  paymentPassword: z.string().min(6).max(64),
  idempotencyKey,
  /** The player confirmed giving up a bonus not yet wagered (docs/honest-money.md); without it such a request is refused. */
  forfeitBonus: z.boolean().optional(),
});

/** The payment password body: the current one to change it, or the login password to set the first one. */
export const paymentPasswordBody = z.object({
  newPaymentPassword: z.string().regex(/^\d{6}$/, 'Expected 6 digits'),
  oldPaymentPassword: z.string().max(64).optional(),
  loginPassword: z.string().max(128).optional(),
});

/** The wallet and payments calls. */
export const walletCalls = {
  /**
   * GET the site's deposit methods and limits → `{ currency, currencySymbol, template (dep_func 0|1), methods[{
   * methodCode, displayName, minAmount, maxAmount }] }`. Real accounts only: 403 `free_reject`; 401.
   */
  paymentMethods: defineCall({
    name: 'paymentMethods', method: 'GET', path: `${EXTENSION_PREFIX}/payments/methods`, auth: 'member', extension: true,
    value: z.object({
      currency: z.string(), currencySymbol: z.string(), template: z.union([z.literal(0), z.literal(1)]),
      methods: z.array(z.object({ methodCode: z.string(), displayName: z.string(), minAmount: money(), maxAmount: money() })),
    }),
    summary: 'Deposit methods and amount limits of the site (PlayDeck extension, capability payments).',
  }),
  /**
   * POST a deposit order `{ methodCode, amount, idempotencyKey }` → the deposit with `redirectUrl` (the provider's
   * payment page). A retry with the same key answers the same order. 400 `amount_out_of_range`,
   * `request_param_err`; 403 `free_reject`; 404 `payment_method_not_found`; 502 `payment_unavailable`; 401.
   */
  depositCreate: defineCall({
    name: 'depositCreate', method: 'POST', path: `${EXTENSION_PREFIX}/payments/deposit`, auth: 'member', extension: true,
    body: z.object({ methodCode: z.string().min(1).max(32), amount: positiveAmount, idempotencyKey }),
    value: depositValue,
    summary: 'Create a deposit order and start the payment (PlayDeck extension, capability payments).',
  }),
  /**
   * GET one deposit `depositId` → the deposit (a pending one is first checked with the provider's status query).
   * 404 `deposit_not_found`; 403 `free_reject`; 401.
   */
  depositStatus: defineCall({
    name: 'depositStatus', method: 'GET', path: `${EXTENSION_PREFIX}/payments/deposit`, auth: 'member', extension: true,
    query: z.object({ depositId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    value: depositValue,
    summary: 'One deposit and its status (PlayDeck extension, capability payments).',
  }),
  /**
   * GET the withdrawal page's data → `{ minAmount, maxAmount, available (the cash balance, withdrawable),
   * currencySymbol, paymentPasswordSet, payeeName, withdrawals[] (newest first, 20), bonusBalance, wageringRequired,
   * wageringDone }`. 403 `free_reject`; 401.
   */
  withdrawInfo: defineCall({
    name: 'withdrawInfo', method: 'GET', path: '/wps/transaction/withdraw', auth: 'member',
    value: z.object({
      enabled: z.boolean(), minAmount: money(), maxAmount: money(), available: money(), currencySymbol: z.string(),
      paymentPasswordSet: z.boolean(), payeeName: z.string(), withdrawals: z.array(withdrawalValue),
      /** The bonus balance a request now would forfeit, and its wagering (docs/honest-money.md). */
      bonusBalance: money().optional(), wageringRequired: money().optional(), wageringDone: money().optional(),
    }),
    summary: 'Withdrawal limits, available balance and the member\'s withdrawals (path of platform-contract.md §1.1).',
  }),
  /**
   * POST a withdrawal request (body `withdrawBody`): the amount goes on hold (ledger `withdraw_hold`) until an
   * operator approves (paid out) or rejects (released). 400 `amount_out_of_range`, `request_param_err`,
   * `payment_password_not_set`; 401; 403 `free_reject`, `payment_password_wrong`; 409 `insufficient_balance`,
   * `withdraw_unavailable`, `bonus_forfeit_unconfirmed` (a bonus not yet wagered would be forfeited: send
   * `forfeitBonus: true` once the player confirmed; docs/honest-money.md); 429.
   */
  withdrawRequest: defineCall({
    name: 'withdrawRequest', method: 'POST', path: '/wps/transaction/withdraw', auth: 'member',
    body: withdrawBody,
    value: z.object({ withdrawal: withdrawalValue, balance: money() }),
    summary: 'Request a withdrawal; the amount is held until an operator decides (platform-contract.md §1.1 path).',
  }),
  /**
   * GET the security page's data → `{ paymentPasswordSet, mobileBound, mobileNum (masked), emailBound, email
   * (masked: the bound, confirmed address), emailPending? (masked: an address waiting for its confirmation link, ''
   * when none; PlayDeck's) }`. 401.
   */
  securityConfig: defineCall({
    name: 'securityConfig', method: 'GET', path: '/wps/v2/member/securityConfig', auth: 'member',
    value: z.object({
      paymentPasswordSet: z.boolean(), mobileBound: z.boolean(), mobileNum: z.string(), emailBound: z.boolean(), email: z.string(),
      emailPending: z.string().optional(),
    }),
    summary: 'The member\'s security settings (platform-contract.md §1.1, §5 security page).',
  }),
  /**
   * POST set or change the payment password (6 digits; hashed like passwords): the first time with the login
   * password, later with the current payment password. 400 `request_param_err`, `payment_password_required`;
   * 403 `free_reject`, `payment_password_wrong`, `wrong_password`; 429; 401.
   */
  paymentPassword: defineCall({
    name: 'paymentPassword', method: 'POST', path: `${EXTENSION_PREFIX}/payments/paymentPassword`, auth: 'member',
    extension: true, body: paymentPasswordBody, value: z.null(),
    summary: 'Set or change the payment password (PlayDeck extension, capability payments).',
  }),
  /**
   * GET the transactions view: `category` (deposit | withdrawal | bonus | round; empty = all), `startDate`,
   * `endDate` (epoch ms, at most 92 days apart; default the last 30 days), `pageNo` (from 1) → `{ list[{ id,
   * category, kind, amount (signed), balanceAfter, reference, createdAt }], totals { deposits, withdrawals,
   * netDeposits, bonuses, rounds }, pageNo, totalPages }`. 400 `request_param_err`; 401.
   */
  transactions: defineCall({
    name: 'transactions', method: 'GET', path: `${EXTENSION_PREFIX}/payments/transactions`, auth: 'member', extension: true,
    query: z.object({
      category: z.enum([...TRANSACTION_CATEGORIES, '']).optional(),
      startDate: epochMs.optional(), endDate: epochMs.optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).optional(),
    }),
    value: z.object({
      list: z.array(z.object({
        id: z.number().int(), category: z.enum(TRANSACTION_CATEGORIES), kind: z.string(), amount: money(),
        balanceAfter: money(), reference: z.string(), createdAt: z.number().int(),
      })),
      totals: z.object({ deposits: money(), withdrawals: money(), netDeposits: money(), bonuses: money(), rounds: money() }),
      pageNo: z.number().int(), totalPages: z.number().int(),
    }),
    summary: 'Deposits, withdrawals, bonuses and rounds in one list, with net deposits (PlayDeck extension).',
  }),
  /**
   * GET /wps/relay/GCS_merchantWallet (COMM3, token; platform-contract.md §2 "merchant wallet", §7.6): the client
   * reads `value.isSingle`. PlayDeck keeps one wallet per member, so `isSingle` is always true (no transfer
   * between wallets). 401 without a session.
   */
  merchantWallet: defineCall({
    name: 'merchantWallet', method: 'GET', path: '/wps/relay/GCS_merchantWallet', moduleId: 'COMM3', auth: 'member',
    value: z.object({ isSingle: z.literal(true) }),
    summary: 'Whether the site has a single wallet: always (platform-contract.md §2, §7.6).',
  }),
  /**
   * GET /wps/v2/wallets/balance (COMM3; platform-contract.md §2 wallet (2nd), §7.6) → `{ balance[{ accountTypeId,
   * availBalance }], currency, currencySymbol }` in DECIMAL currency units, from the same ledger balance as
   * /wps/wallets/gcs (one main wallet, accountTypeId 1). 401 without a session.
   */
  walletBalanceV2: defineCall({
    name: 'walletBalanceV2', method: 'GET', path: '/wps/v2/wallets/balance', moduleId: 'COMM3', auth: 'member',
    value: z.object({
      balance: z.array(z.object({ accountTypeId: z.number().int(), availBalance: money() })),
      currency: z.string(),
      currencySymbol: z.string(),
    }),
    summary: 'Wallet balance, v2 body (platform-contract.md §2, §7.6).',
  }),
};

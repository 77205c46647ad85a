import {
  findConsoleWithdrawal, playerContexts, searchDeposits, searchWithdrawals,
  type ConsoleDepositRow, type ConsoleWithdrawalRow, type DepositFilter, type PlayerContextRow, type WithdrawalFilter,
} from '../../db/queries/console-money';
import { sharedAccounts } from '../../db/queries/shared-addresses';

/**
 * The back office's money desk reads (docs/back-office.md "Money"): a site's deposits, its withdrawal queue and
 * history, each request with the player's context. Money in integer minor units (the console's answers encode them
 * as decimal currency units), times epoch ms. Every read is scoped to the operator's site.
 */

/** A page request as the console's lists send it (1-based page, 1–100 rows). */
export interface PageQuery {
  page: number;
  perPage: number;
}

/** The player's context as the console shows it (minor units). */
export interface PlayerContext {
  memberId: number;
  account: string;
  registeredAt: number;
  accountAgeDays: number;
  cashBalance: number;
  bonusBalance: number;
  wageringRequired: number;
  wageringDone: number;
  deposits: { count: number; total: number };
  withdrawals: { paidCount: number; paidTotal: number; held: number };
  bonuses: { count: number; total: number };
  registerAddress: string;
  sharedAddressAccounts: number;
  sharedAddressSample?: string[];
}

/** A withdrawal request with its player's context. */
export type WithdrawalWithContext = Omit<ConsoleWithdrawalRow, 'amountMinor'> & { amount: number; player: PlayerContext };

/** Accounts named in one request's context. */
export const SHARED_ADDRESS_SAMPLE = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

function toContext(row: PlayerContextRow, sharedAddressAccounts: number, now: number): PlayerContext {
  return {
    memberId: row.memberId, account: row.account, registeredAt: row.registeredAt,
    accountAgeDays: Math.max(0, Math.floor((now - row.registeredAt) / DAY_MS)),
    cashBalance: row.cashMinor, bonusBalance: row.bonusMinor, wageringRequired: row.wageringRequiredMinor, wageringDone: row.wageringDoneMinor,
    deposits: { count: row.depositCount, total: row.depositMinor },
    withdrawals: { paidCount: row.paidWithdrawalCount, paidTotal: row.paidWithdrawalMinor, held: row.heldWithdrawalMinor },
    bonuses: { count: row.bonusReceivedCount, total: row.bonusReceivedMinor },
    registerAddress: row.registerIp, sharedAddressAccounts,
  };
}

const offset = (q: PageQuery) => ({ offset: (q.page - 1) * q.perPage, limit: q.perPage });

/**
 * The site's deposits matching `filter` (player: the start of a username; status; created in [from, to); amount
 * between min and max, minor units; order id: the deposit id or the provider's transaction id), one page, newest
 * first unless sorted otherwise, and how many match.
 */
export async function listDeposits(db: D1Database, merchantCode: string, filter: DepositFilter, page: PageQuery): Promise<{ items: (Omit<ConsoleDepositRow, 'amountMinor'> & { amount: number })[]; total: number }> {
  const { rows, total } = await searchDeposits(db, merchantCode, filter, offset(page));
  return { items: rows.map(({ amountMinor, ...rest }) => ({ ...rest, amount: amountMinor })), total };
}

/**
 * Each row with its player's context; `withSample`: with the names of the accounts sharing an address too (the
 * request's page).
 */
async function withContexts(db: D1Database, merchantCode: string, rows: ConsoleWithdrawalRow[], now: number, withSample = false): Promise<WithdrawalWithContext[]> {
  const ids = [...new Set(rows.map((r) => r.memberId))];
  const [contextRows, shared] = await Promise.all([
    playerContexts(db, merchantCode, ids), sharedAccounts(db, merchantCode, ids, SHARED_ADDRESS_SAMPLE),
  ]);
  const sharing = new Map(shared.map((s) => [s.memberId, s]));
  const contexts = new Map(contextRows.map((c) => {
    const context = toContext(c, sharing.get(c.memberId)?.accounts ?? 0, now);
    if (withSample) context.sharedAddressSample = sharing.get(c.memberId)?.sample ?? [];
    return [c.memberId, context];
  }));
  return rows.map(({ amountMinor, ...rest }) => {
    const player = contexts.get(rest.memberId);
    if (!player) throw new Error(`member ${rest.memberId} of withdrawal ${rest.id} is not on ${merchantCode}`);
    return { ...rest, amount: amountMinor, player };
  });
}

/**
 * The site's withdrawal requests: the queue (pending; oldest first unless sorted otherwise, the order to work
 * them in) or the history (approved, paid, rejected, failed; newest decision first), filtered by player, status,
 * time and id, one page with each request's player context, and how many match.
 */
export async function listWithdrawalRequests(
  db: D1Database, merchantCode: string, filter: Omit<WithdrawalFilter, 'sort' | 'order'> & Partial<Pick<WithdrawalFilter, 'sort' | 'order'>>, page: PageQuery,
  now = Date.now(),
): Promise<{ items: WithdrawalWithContext[]; total: number }> {
  const queue = filter.view === 'queue';
  const full: WithdrawalFilter = { ...filter, sort: filter.sort ?? (queue ? 'createdAt' : 'decidedAt'), order: filter.order ?? (queue ? 'ASC' : 'DESC') };
  const { rows, total } = await searchWithdrawals(db, merchantCode, full, offset(page));
  return { items: await withContexts(db, merchantCode, rows, now), total };
}

/**
 * One request of the site with its player's context and up to 10 accounts sharing an address with the player
 * (registration or log-in, either way: worker/db/queries/shared-addresses.ts), or null when the site has no such
 * request (another site's included).
 */
export async function withdrawalRequestDetail(db: D1Database, merchantCode: string, id: number, now = Date.now()): Promise<WithdrawalWithContext | null> {
  const row = await findConsoleWithdrawal(db, merchantCode, id);
  if (!row) return null;
  const [item] = await withContexts(db, merchantCode, [row], now, true);
  return item ?? null;
}

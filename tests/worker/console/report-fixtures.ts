import { env } from 'cloudflare:test';
import { ledgerStatements, type LedgerChange } from '../../../worker/db/queries/ledger';

/**
 * A known scenario for the reports (docs/back-office.md "Reports"): members, deposits, withdrawals, built-in game
 * rounds and a lottery order written as the services write them (ledger entries through ledgerStatements, with
 * their cash and bonus parts), at fixed times of two past UTC days, so the expected figures are exact.
 */

let seq = 0;
const db = () => env.DB;

/** A member of `merchantCode` made at `at` (type 0 real, 4 trial) with an empty wallet. */
export async function member(merchantCode: string, at: number, type = 0): Promise<number> {
  seq += 1;
  const username = `report_${seq}_${Math.floor(Math.random() * 1e9)}`;
  const row = await db().prepare(`INSERT INTO members (merchant_code, username, account, type, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`)
    .bind(merchantCode, username, username, type, at).first<{ id: number }>();
  await db().prepare(`INSERT INTO wallets (member_id, currency, balance_minor, updated_at) VALUES (?, 'USD', 0, ?)`).bind(row!.id, at).run();
  return row!.id;
}

/** Ledger changes of `memberId` written at `at`. */
export async function ledger(memberId: number, at: number, changes: LedgerChange[]): Promise<void> {
  await db().batch(ledgerStatements(db(), memberId, changes, at));
}

/** A credited deposit of `minor` at `at`, with its ledger credit. */
export async function deposit(merchantCode: string, memberId: number, minor: number, at: number): Promise<void> {
  seq += 1;
  const row = await db().prepare(
    `INSERT INTO deposits (merchant_code, member_id, method_code, provider, amount_minor, currency, status, pay_token_hash, idempotency_key,
       created_at, expires_at, updated_at, credited_at)
     VALUES (?1, ?2, 'demo', 'demo', ?3, 'USD', 'credited', ?4, ?4, ?5, ?5, ?5, ?5) RETURNING id`,
  ).bind(merchantCode, memberId, minor, `report-dep-${seq}-${Math.random()}`, at).first<{ id: number }>();
  await ledger(memberId, at, [{ amountMinor: minor, kind: 'deposit', reference: `deposit:${row!.id}`, idempotencyKey: `deposit:${row!.id}` }]);
}

/** A withdrawal of `minor` requested and held at `at`, paid at `paidAt`. */
export async function paidWithdrawal(merchantCode: string, memberId: number, minor: number, at: number, paidAt: number): Promise<void> {
  seq += 1;
  const key = `report-wd-${seq}`;
  await db().prepare(
    `INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, status, idempotency_key,
       created_at, decided_at, paid_at)
     VALUES (?1, ?2, ?3, 'USD', 'A Player', 'Bank', '123', 'paid', ?4, ?5, ?6, ?6)`,
  ).bind(merchantCode, memberId, minor, key, at, paidAt).run();
  await ledger(memberId, at, [{ amountMinor: -minor, kind: 'withdraw_hold', reference: `withdraw:${key}`, idempotencyKey: `withdraw:${key}:hold` }]);
}

/** A built-in game round (kind slot, table, crash or shooter) with its stake and win through the ledger. */
export async function round(memberId: number, nodeId: number, kind: string, stakeMinor: number, winMinor: number, at: number): Promise<void> {
  seq += 1;
  const key = `report-round-${seq}`;
  await db().prepare(
    `INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, created_at, kind) VALUES (?, ?, ?, ?, '[]', ?, ?, ?)`,
  ).bind(memberId, nodeId, stakeMinor, winMinor, key, at, kind).run();
  const reference = `demo_${kind}:${nodeId}:${key}`;
  const changes: LedgerChange[] = [{ amountMinor: -stakeMinor, kind: 'bet', reference, idempotencyKey: `demo:${key}:bet`, balance: 'stake' }];
  if (winMinor > 0) changes.push({ amountMinor: winMinor, kind: 'win', reference, idempotencyKey: `demo:${key}:win`, balance: 'payout', stakeKey: `demo:${key}:bet` });
  await ledger(memberId, at, changes);
}

/**
 * A lottery order of two bets of `stakeMinor` each placed at `at`: the first wins `payoutMinor` and the second is
 * cancelled (refunded), both at `closedAt`.
 */
export async function lotteryOrder(
  merchantCode: string, memberId: number, nodeId: number, stakeMinor: number, payoutMinor: number, at: number, closedAt: number,
): Promise<void> {
  seq += 1;
  const draw = await db().prepare(
    `INSERT INTO lottery_draws (node_id, issue_no, open_at, close_at, draw_at, secret, commitment, status, created_at)
     VALUES (?1, ?2, ?3, ?4, ?4, 'secret', 'commitment', 'open', ?3) RETURNING id`,
  ).bind(nodeId, `report-${seq}`, at - 60_000, closedAt + 60_000).first<{ id: number }>();
  const key = `report-order-${seq}`;
  const order = await db().prepare(
    `INSERT INTO lottery_orders (member_id, merchant_code, node_id, draw_id, issue_no, prize_mode, total_stake_minor, payout_minor, refund_minor,
       status, idempotency_key, request_hash, created_at, settled_at)
     VALUES (?1, ?2, ?3, ?4, ?5, 'LOTT', ?6, ?7, ?8, 'settled', ?9, 'hash', ?10, ?11) RETURNING id`,
  ).bind(memberId, merchantCode, nodeId, draw!.id, `report-${seq}`, 2 * stakeMinor, payoutMinor, stakeMinor, key, at, closedAt).first<{ id: number }>();
  await db().prepare(
    `INSERT INTO lottery_sub_orders (order_id, draw_id, member_id, bet_type, selection, stake_minor, odds_milli, status, payout_minor, closed_at)
     VALUES (?1, ?2, ?3, 'x', '{}', ?4, 1980, 'won', ?5, ?6), (?1, ?2, ?3, 'x', '{}', ?4, 1980, 'cancelled', 0, ?6)`,
  ).bind(order!.id, draw!.id, memberId, stakeMinor, payoutMinor, closedAt).run();
  const stakeKey = `lottery:order:${key}`;
  await ledger(memberId, at, [{ amountMinor: -2 * stakeMinor, kind: 'bet', reference: stakeKey, idempotencyKey: stakeKey, balance: 'stake' }]);
  await ledger(memberId, closedAt, [
    { amountMinor: payoutMinor, kind: 'win', reference: `lottery:order:${order!.id}`, idempotencyKey: `lottery:win:${order!.id}`, balance: 'payout', stakeKey },
    { amountMinor: stakeMinor, kind: 'refund', reference: `lottery:order:${order!.id}`, idempotencyKey: `lottery:refund:${order!.id}`, balance: 'payout', stakeKey },
  ]);
}

/** A game of the built-in demo vendor of each kind's game type, and a lottery game. */
export async function reportGames(): Promise<{ slot: { nodeId: number; vendor: string }; lottery: { nodeId: number; vendor: string } }> {
  const slot = await db().prepare(`SELECT node_id AS nodeId, vassalage AS vendor FROM games ORDER BY node_id LIMIT 1`).first<{ nodeId: number; vendor: string }>();
  const lottery = await db().prepare(`SELECT g.node_id AS nodeId, g.vassalage AS vendor FROM lottery_games l JOIN games g ON g.node_id = l.node_id ORDER BY g.node_id LIMIT 1`)
    .first<{ nodeId: number; vendor: string }>();
  return { slot: slot!, lottery: lottery! };
}

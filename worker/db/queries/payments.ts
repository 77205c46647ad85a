/** Payment methods and deposits (migration 0015_wallet.sql). Money is integer minor units. */

/** A site's payment method: which provider takes the money, the amount limits, and the HTTP PSP's settings. */
export interface PaymentMethod {
  merchantCode: string;
  methodCode: string;
  provider: 'demo' | 'http';
  displayName: string;
  minMinor: number;
  maxMinor: number;
  endpointUrl: string;
  accountId: string;
  /** Name of the worker secret holding the PSP's HMAC key (http provider). */
  secretName: string;
  /** Whether players may start deposits with it (an operator's `payment-method … enabled=off` stops new ones). */
  enabled: boolean;
}

interface MethodRow {
  merchant_code: string;
  method_code: string;
  provider: 'demo' | 'http';
  display_name: string;
  min_minor: number;
  max_minor: number;
  endpoint_url: string;
  account_id: string;
  secret_name: string;
  enabled: number;
}

const METHOD_COLUMNS = 'merchant_code, method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name, enabled';

function toMethod(row: MethodRow): PaymentMethod {
  return {
    merchantCode: row.merchant_code, methodCode: row.method_code, provider: row.provider, displayName: row.display_name,
    minMinor: row.min_minor, maxMinor: row.max_minor, endpointUrl: row.endpoint_url, accountId: row.account_id,
    secretName: row.secret_name, enabled: row.enabled === 1,
  };
}

/**
 * The enabled payment methods of a site, in their sorting order. `displayName` is the method's name in `language`
 * (a code of contract/languageCodes.ts, any case) where the operator gave one (payment_method_names, migration
 * 0025), else its own name in the site's default language.
 */
export async function listPaymentMethods(db: D1Database, merchantCode: string, language: string): Promise<PaymentMethod[]> {
  const columns = METHOD_COLUMNS.split(', ').map((c) => (c === 'display_name' ? 'COALESCE(n.display_name, m.display_name) AS display_name' : `m.${c}`));
  const { results } = await db
    .prepare(`SELECT ${columns.join(', ')} FROM payment_methods m
      LEFT JOIN payment_method_names n ON n.merchant_code = m.merchant_code AND n.method_code = m.method_code AND n.language = ?
      WHERE m.merchant_code = ? AND m.enabled = 1 ORDER BY m.sort_order, m.method_code`)
    .bind(language.toUpperCase(), merchantCode)
    .all<MethodRow>();
  return results.map(toMethod);
}

/** One payment method of a site (enabled or not: notices for a method switched off still settle), or null. */
export async function findPaymentMethod(db: D1Database, merchantCode: string, methodCode: string): Promise<PaymentMethod | null> {
  const row = await db
    .prepare(`SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE merchant_code = ? AND method_code = ?`)
    .bind(merchantCode, methodCode)
    .first<MethodRow>();
  return row ? toMethod(row) : null;
}

/** Deposit states (contract/calls/wallet.ts DEPOSIT_STATUSES). */
export type DepositStatus = 'pending' | 'credited' | 'expired' | 'failed';

/** A deposit order. */
export interface DepositRecord {
  id: number;
  merchantCode: string;
  memberId: number;
  methodCode: string;
  provider: 'demo' | 'http';
  amountMinor: number;
  currency: string;
  status: DepositStatus;
  providerTxnId: string | null;
  idempotencyKey: string;
  createdAt: number;
  expiresAt: number;
  creditedAt: number | null;
}

interface DepositRow {
  id: number;
  merchant_code: string;
  member_id: number;
  method_code: string;
  provider: 'demo' | 'http';
  amount_minor: number;
  currency: string;
  status: DepositStatus;
  provider_txn_id: string | null;
  idempotency_key: string;
  created_at: number;
  expires_at: number;
  credited_at: number | null;
}

function toDeposit(row: DepositRow): DepositRecord {
  return {
    id: row.id, merchantCode: row.merchant_code, memberId: row.member_id, methodCode: row.method_code, provider: row.provider,
    amountMinor: row.amount_minor, currency: row.currency, status: row.status, providerTxnId: row.provider_txn_id,
    idempotencyKey: row.idempotency_key, createdAt: row.created_at, expiresAt: row.expires_at, creditedAt: row.credited_at,
  };
}

const DEPOSIT_COLUMNS = 'id, merchant_code, member_id, method_code, provider, amount_minor, currency, status, provider_txn_id, idempotency_key, created_at, expires_at, credited_at';

/** What a new deposit order holds. */
export interface NewDeposit {
  merchantCode: string;
  memberId: number;
  methodCode: string;
  provider: 'demo' | 'http';
  amountMinor: number;
  currency: string;
  payTokenHash: string;
  idempotencyKey: string;
  createdAt: number;
  expiresAt: number;
}

/**
 * Inserts a deposit unless the member already used the idempotency key; answers the stored order. `alongside` runs
 * in the same batch (one transaction) after the insert: the limit guard (queries/protection-guard.ts), whose
 * refusal rolls the insert back.
 */
export async function insertDeposit(db: D1Database, deposit: NewDeposit, alongside: D1PreparedStatement[] = []): Promise<{ deposit: DepositRecord; created: boolean }> {
  const [inserted] = await db.batch([
    db.prepare(
      `INSERT INTO deposits (merchant_code, member_id, method_code, provider, amount_minor, currency, pay_token_hash, idempotency_key, created_at, expires_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?9)
       ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id`,
    ).bind(deposit.merchantCode, deposit.memberId, deposit.methodCode, deposit.provider, deposit.amountMinor, deposit.currency,
      deposit.payTokenHash, deposit.idempotencyKey, deposit.createdAt, deposit.expiresAt),
    ...alongside,
  ]);
  const stored = await db
    .prepare(`SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE member_id = ? AND idempotency_key = ?`)
    .bind(deposit.memberId, deposit.idempotencyKey)
    .first<DepositRow>();
  if (!stored) throw new Error('deposit missing after insert');
  return { deposit: toDeposit(stored), created: (inserted?.results.length ?? 0) > 0 };
}

/** Replaces a deposit's hosted-payment-page token (hash): a retried start gets a fresh one. */
export async function setDepositPayToken(db: D1Database, id: number, payTokenHash: string): Promise<void> {
  await db.prepare(`UPDATE deposits SET pay_token_hash = ?2 WHERE id = ?1`).bind(id, payTokenHash).run();
}

/** One deposit by id, or null. */
export async function findDeposit(db: D1Database, id: number): Promise<DepositRecord | null> {
  const row = await db.prepare(`SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE id = ?`).bind(id).first<DepositRow>();
  return row ? toDeposit(row) : null;
}

/** The deposit a hosted-payment-page token belongs to (hash of the token), or null. */
export async function findDepositByPayToken(db: D1Database, payTokenHash: string): Promise<DepositRecord | null> {
  const row = await db.prepare(`SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE pay_token_hash = ?`).bind(payTokenHash).first<DepositRow>();
  return row ? toDeposit(row) : null;
}

/** Marks a deposit credited with the provider's transaction id; only from a state that is not credited yet. */
export function creditDepositStatement(db: D1Database, id: number, providerTxnId: string, now: number): D1PreparedStatement {
  return db
    .prepare(`UPDATE deposits SET status = 'credited', provider_txn_id = ?2, credited_at = ?3, updated_at = ?3 WHERE id = ?1 AND status != 'credited'`)
    .bind(id, providerTxnId, now);
}

/** Marks a pending deposit failed (a credited or expired one is left as it is). */
export async function failDeposit(db: D1Database, id: number, now: number): Promise<void> {
  await db.prepare(`UPDATE deposits SET status = 'failed', updated_at = ?2 WHERE id = ?1 AND status = 'pending'`).bind(id, now).run();
}

/** Pending deposits whose time is up (oldest first), for the expiry tick. */
export async function dueDeposits(db: D1Database, now: number, limit: number): Promise<DepositRecord[]> {
  const { results } = await db
    .prepare(`SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at LIMIT ?`)
    .bind(now, limit)
    .all<DepositRow>();
  return results.map(toDeposit);
}

/** Marks a pending deposit expired (one statement; a deposit credited meanwhile stays credited). */
export async function expireDeposit(db: D1Database, id: number, now: number): Promise<void> {
  await db.prepare(`UPDATE deposits SET status = 'expired', updated_at = ?2 WHERE id = ?1 AND status = 'pending'`).bind(id, now).run();
}

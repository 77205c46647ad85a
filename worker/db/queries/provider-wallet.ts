/**
 * Game providers, their launch sessions and their wallet transactions (migration 0046_game_providers.sql;
 * docs/game-providers.md). Money is integer minor units; time is UTC epoch ms.
 */

/**
 * The provider code of the built-in demo games, which use the wallet in process (docs/game-providers.md "The built-in
 * games as a provider"): reserved, so no site configures a provider of that code and no signed call reaches its
 * transactions.
 */
export const BUILT_IN_PROVIDER_CODE = 'playdeck';

/** A provider a site offers. */
export interface GameProvider {
  merchantCode: string;
  code: string;
  name: string;
  launchUrl: string;
  secretName: string;
  currencies: string[];
  enabled: boolean;
}

interface ProviderRow {
  merchant_code: string;
  code: string;
  name: string;
  launch_url: string;
  secret_name: string;
  currencies: string;
  enabled: number;
}

const parseCurrencies = (text: string): string[] => {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
};

/** The provider `code` of a site, or null. */
export async function findGameProvider(db: D1Database, merchantCode: string, code: string): Promise<GameProvider | null> {
  const row = await db
    .prepare(`SELECT merchant_code, code, name, launch_url, secret_name, currencies, enabled FROM game_providers WHERE merchant_code = ? AND code = ?`)
    .bind(merchantCode, code)
    .first<ProviderRow>();
  return row ? {
    merchantCode: row.merchant_code, code: row.code, name: row.name, launchUrl: row.launch_url, secretName: row.secret_name,
    currencies: parseCurrencies(row.currencies), enabled: row.enabled === 1,
  } : null;
}

/** Adds or replaces a site's provider. */
export async function putGameProvider(db: D1Database, provider: GameProvider, now: number): Promise<void> {
  await db
    .prepare(`INSERT INTO game_providers (merchant_code, code, name, launch_url, secret_name, currencies, enabled, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (merchant_code, code) DO UPDATE SET name = excluded.name, launch_url = excluded.launch_url,
        secret_name = excluded.secret_name, currencies = excluded.currencies, enabled = excluded.enabled`)
    .bind(provider.merchantCode, provider.code, provider.name, provider.launchUrl, provider.secretName, JSON.stringify(provider.currencies), provider.enabled ? 1 : 0, now)
    .run();
}

/** A launch waiting for the provider, or the game session it became. */
export interface ProviderSession {
  merchantCode: string;
  providerCode: string;
  memberId: number;
  gameCode: string;
  gameKind: string;
  currency: string;
  tokenExpiresAt: number;
  sessionId: string | null;
  sessionExpiresAt: number | null;
}

interface SessionRow {
  merchant_code: string;
  provider_code: string;
  member_id: number;
  game_code: string;
  game_kind: string;
  currency: string;
  token_expires_at: number;
  session_id: string | null;
  session_expires_at: number | null;
}

const toSession = (row: SessionRow): ProviderSession => ({
  merchantCode: row.merchant_code, providerCode: row.provider_code, memberId: row.member_id, gameCode: row.game_code,
  gameKind: row.game_kind, currency: row.currency, tokenExpiresAt: row.token_expires_at, sessionId: row.session_id,
  sessionExpiresAt: row.session_expires_at,
});

const SESSION_COLUMNS = 'merchant_code, provider_code, member_id, game_code, game_kind, currency, token_expires_at, session_id, session_expires_at';

/** Stores a launch token (its hash) for the provider to authenticate. */
export async function insertLaunchToken(
  db: D1Database, tokenHash: string, launch: Omit<ProviderSession, 'sessionId' | 'sessionExpiresAt'>, now: number,
): Promise<void> {
  await db
    .prepare(`INSERT INTO provider_sessions (token_hash, merchant_code, provider_code, member_id, game_code, game_kind, currency, created_at, token_expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(tokenHash, launch.merchantCode, launch.providerCode, launch.memberId, launch.gameCode, launch.gameKind, launch.currency, now, launch.tokenExpiresAt)
    .run();
}

/**
 * Turns a fresh launch token of `providerCode` into a game session (once: a used or expired token changes nothing)
 * and answers the session; null when the token is unknown, of another provider or site, expired or used.
 */
export async function authenticateLaunchToken(
  db: D1Database, where: { merchantCode: string; providerCode: string }, tokenHash: string, sessionId: string, sessionExpiresAt: number, now: number,
): Promise<ProviderSession | null> {
  const row = await db
    .prepare(`UPDATE provider_sessions SET session_id = ?1, authenticated_at = ?2, session_expires_at = ?3
      WHERE token_hash = ?4 AND merchant_code = ?5 AND provider_code = ?6 AND session_id IS NULL AND token_expires_at > ?2
      RETURNING ${SESSION_COLUMNS}`)
    .bind(sessionId, now, sessionExpiresAt, tokenHash, where.merchantCode, where.providerCode)
    .first<SessionRow>();
  return row ? toSession(row) : null;
}

/** The game session `sessionId` of the provider on the site, or null. */
export async function findProviderSession(db: D1Database, where: { merchantCode: string; providerCode: string }, sessionId: string): Promise<ProviderSession | null> {
  const row = await db
    .prepare(`SELECT ${SESSION_COLUMNS} FROM provider_sessions WHERE session_id = ? AND merchant_code = ? AND provider_code = ?`)
    .bind(sessionId, where.merchantCode, where.providerCode)
    .first<SessionRow>();
  return row ? toSession(row) : null;
}

/** Which provider transaction. */
export interface TransactionKey {
  merchantCode: string;
  providerCode: string;
  transactionId: string;
}

/** A stored wallet transaction. */
export interface ProviderTransaction {
  kind: 'debit' | 'credit' | 'rollback';
  memberId: number;
  roundId: string;
  gameCode: string;
  amountMinor: number;
  refTransactionId: string | null;
  ledgerKey: string | null;
  balanceAfterMinor: number;
  createdAt: number;
}

interface TransactionRow {
  kind: ProviderTransaction['kind'];
  member_id: number;
  round_id: string;
  game_code: string;
  amount_minor: number;
  ref_transaction_id: string | null;
  ledger_key: string | null;
  balance_after_minor: number;
  created_at: number;
}

const toTransaction = (row: TransactionRow): ProviderTransaction => ({
  kind: row.kind, memberId: row.member_id, roundId: row.round_id, gameCode: row.game_code, amountMinor: row.amount_minor,
  refTransactionId: row.ref_transaction_id, ledgerKey: row.ledger_key, balanceAfterMinor: row.balance_after_minor, createdAt: row.created_at,
});

const TRANSACTION_COLUMNS = 'kind, member_id, round_id, game_code, amount_minor, ref_transaction_id, ledger_key, balance_after_minor, created_at';

/** The transaction `transactionId` of the provider on the site, or null. */
export async function findProviderTransaction(db: D1Database, key: TransactionKey): Promise<ProviderTransaction | null> {
  const row = await db
    .prepare(`SELECT ${TRANSACTION_COLUMNS} FROM provider_transactions WHERE provider_code = ? AND merchant_code = ? AND transaction_id = ?`)
    .bind(key.providerCode, key.merchantCode, key.transactionId)
    .first<TransactionRow>();
  return row ? toTransaction(row) : null;
}

/**
 * What a debit made from cached reads (the wallet's one-round-trip debit, docs/game-providers.md "Wallet timing")
 * assumed, for its transaction row to check inside the batch: the game session `sessionId` (of the row's member, not
 * expired at the row's time), the provider on with the secret name `secretName`, and the site's bonus_rules
 * `contributions` text as `contributions` (null: the site has no row).
 */
export interface LiveCheck {
  sessionId: string;
  secretName: string;
  contributions: string | null;
}

/**
 * The insert of a transaction for the batch that moves its money, after the ledger statements: its balance is the
 * member's playable balance (cash + bonus) as the batch leaves it. The order triggers (migration 0046) abort the
 * batch when the protocol's order is broken. `builtInRoundKey`: the round is a built-in demo round inserted earlier
 * in the same batch; its round id is that demo_rounds row's id (of the member, by this idempotency key), and
 * `tx.roundId` is not used (docs/game-providers.md "The built-in games as a provider"). `live`: the row also checks,
 * at that instant inside the batch, what a debit from cached reads assumed (LiveCheck); when any of it no longer
 * holds its game code is NULL, so the NOT NULL constraint aborts the whole batch (isLiveCheckError).
 */
export function insertTransactionStatement(
  db: D1Database, key: TransactionKey, tx: Omit<ProviderTransaction, 'balanceAfterMinor'>, builtInRoundKey?: string, live?: LiveCheck,
): D1PreparedStatement {
  if (builtInRoundKey !== undefined && live) throw new Error('a built-in round is not checked against a session');
  const roundId = builtInRoundKey === undefined ? '?6' : '(SELECT CAST(id AS TEXT) FROM demo_rounds WHERE member_id = ?5 AND idempotency_key = ?12)';
  // ?12 session id, ?13 secret name, ?14 contributions; ?11 (the row's time) is the instant the session must outlive.
  const gameCode = live ? `CASE WHEN EXISTS (SELECT 1 FROM game_providers WHERE merchant_code = ?1 AND code = ?2 AND enabled = 1 AND secret_name = ?13)
      AND EXISTS (SELECT 1 FROM provider_sessions WHERE session_id = ?12 AND merchant_code = ?1 AND provider_code = ?2 AND member_id = ?5 AND session_expires_at > ?11)
      AND (SELECT contributions FROM bonus_rules WHERE merchant_code = ?1) IS ?14 THEN ?7 END` : '?7';
  return db
    .prepare(`INSERT INTO provider_transactions (merchant_code, provider_code, transaction_id, kind, member_id, round_id, game_code, amount_minor,
        ref_transaction_id, ledger_key, balance_after_minor, created_at)
      SELECT ?1, ?2, ?3, ?4, ?5, ${roundId}, ${gameCode}, ?8, ?9, ?10, w.balance_minor + w.bonus_minor, ?11 FROM wallets w WHERE w.member_id = ?5
      RETURNING balance_after_minor`)
    .bind(key.merchantCode, key.providerCode, key.transactionId, tx.kind, tx.memberId, tx.roundId, tx.gameCode, tx.amountMinor,
      tx.refTransactionId, tx.ledgerKey, tx.createdAt, ...(builtInRoundKey === undefined ? [] : [builtInRoundKey]),
      ...(live ? [live.sessionId, live.secretName, live.contributions] : []));
}

/** Whether a batch was aborted by a transaction row's LiveCheck (insertTransactionStatement `live`). */
export function isLiveCheckError(error: unknown): boolean {
  const message = String(error instanceof Error ? error.message : error);
  return message.includes('NOT NULL') && message.includes('provider_transactions.game_code');
}

/** The text of the order trigger that aborted a batch, or null (migration 0046). */
export function providerOrderError(error: unknown): 'provider_transaction_rolled_back' | 'provider_round_not_found' | 'provider_round_settled' | null {
  const message = String(error instanceof Error ? error.message : error);
  for (const code of ['provider_transaction_rolled_back', 'provider_round_not_found', 'provider_round_settled'] as const) {
    if (message.includes(code)) return code;
  }
  return null;
}

/** The provider that launches the vendor's games on the site (provider_vendors), when it is on; else null. */
export async function findVendorProvider(db: D1Database, merchantCode: string, vassalage: string): Promise<GameProvider | null> {
  const row = await db
    .prepare(`SELECT p.merchant_code, p.code, p.name, p.launch_url, p.secret_name, p.currencies, p.enabled
      FROM provider_vendors v JOIN game_providers p ON p.merchant_code = v.merchant_code AND p.code = v.provider_code
      WHERE v.merchant_code = ? AND v.vassalage = ? AND p.enabled = 1`)
    .bind(merchantCode, vassalage)
    .first<ProviderRow>();
  return row ? {
    merchantCode: row.merchant_code, code: row.code, name: row.name, launchUrl: row.launch_url, secretName: row.secret_name,
    currencies: parseCurrencies(row.currencies), enabled: true,
  } : null;
}

/** Gives a vendor's games on the site to a provider (replacing another). */
export async function putVendorProvider(db: D1Database, merchantCode: string, vassalage: string, providerCode: string): Promise<void> {
  await db
    .prepare(`INSERT INTO provider_vendors (merchant_code, vassalage, provider_code) VALUES (?, ?, ?)
      ON CONFLICT (merchant_code, vassalage) DO UPDATE SET provider_code = excluded.provider_code`)
    .bind(merchantCode, vassalage, providerCode)
    .run();
}

/** Every provider of a site with the vendors it launches, by code. */
export async function listGameProviders(db: D1Database, merchantCode: string): Promise<(GameProvider & { vendors: string[] })[]> {
  const { results } = await db
    .prepare(`SELECT p.merchant_code, p.code, p.name, p.launch_url, p.secret_name, p.currencies, p.enabled,
        (SELECT group_concat(v.vassalage, ',') FROM provider_vendors v WHERE v.merchant_code = p.merchant_code AND v.provider_code = p.code) AS vendors
      FROM game_providers p WHERE p.merchant_code = ? ORDER BY p.code`)
    .bind(merchantCode)
    .all<ProviderRow & { vendors: string | null }>();
  return results.map((row) => ({
    merchantCode: row.merchant_code, code: row.code, name: row.name, launchUrl: row.launch_url, secretName: row.secret_name,
    currencies: parseCurrencies(row.currencies), enabled: row.enabled === 1, vendors: row.vendors ? row.vendors.split(',').sort() : [],
  }));
}

/** What a wallet call reads before it moves money, read in ONE round trip (a D1 batch of reads). */
export interface WalletReads {
  provider: GameProvider | null;
  session: ProviderSession | null;
  /** The call's own transaction id, when it was seen before. */
  transaction: ProviderTransaction | null;
  /** The rollback's original transaction, or the credit's round's first debit (of the session's player). */
  related: ProviderTransaction | null;
  /** The site's bonus_rules row (null: defaults), for a debit's wagering. */
  bonusRulesRow: Record<string, string | number> | null;
  /** The session player's playable balance (cash + bonus, minor units), when asked; null without a wallet. */
  balanceMinor: number | null;
  /** The session player's breaks and self-exclusions, for a debit. */
  exclusions: { kind: 'break' | 'self_exclusion'; startedAt: number; endsAt: number | null; reopenRequestedAt: number | null }[];
}

/** `json_object('<column>', <column>, …)` of `columns` (a comma-separated list or an array of plain column names). */
function jsonOf(columns: string | readonly string[]): string {
  const list = typeof columns === 'string' ? columns.split(',').map((c) => c.trim()) : columns;
  return `json_object(${list.map((c) => `'${c}', ${c}`).join(', ')})`;
}

/** A JSON text column of the one-row read as an object (or an array), null when the subquery found nothing. */
function parsed<T>(value: unknown): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : null;
}

/**
 * Reads, in ONE statement (scalar subqueries, each row as a JSON object — one statement costs D1 less than a batch
 * of several; docs/game-providers.md "Wallet timing"): the provider, the session `sessionId`, the transaction
 * `transactionId`, and (when asked) the related transaction (`relatedId`, or the first debit of `roundId` by the
 * session's player), the bonus rules row, the session player's exclusions and playable balance. Parts not asked
 * read nothing (their condition is false before any table is touched).
 */
export async function readWallet(
  db: D1Database, where: { merchantCode: string; providerCode: string },
  ask: { sessionId: string; transactionId?: string; relatedId?: string; roundId?: string; bonusRulesColumns?: readonly string[]; exclusions?: boolean; balance?: boolean },
): Promise<WalletReads> {
  const { merchantCode, providerCode } = where;
  // ?1 site, ?2 provider, ?3 session id, ?4 transaction id, ?5 related id or round id, ?6 which parts are asked (bits).
  const member = `(SELECT member_id FROM provider_sessions WHERE session_id = ?3 AND merchant_code = ?1 AND provider_code = ?2)`;
  const related = ask.relatedId !== undefined
    ? `SELECT ${jsonOf(TRANSACTION_COLUMNS)} FROM provider_transactions WHERE ?6 & 2 AND provider_code = ?2 AND merchant_code = ?1 AND transaction_id = ?5`
    : `SELECT ${jsonOf(TRANSACTION_COLUMNS)} FROM provider_transactions WHERE ?6 & 2 AND provider_code = ?2 AND merchant_code = ?1 AND round_id = ?5
        AND kind = 'debit' AND member_id = ${member} ORDER BY created_at, transaction_id LIMIT 1`;
  const parts = (ask.transactionId !== undefined ? 1 : 0) | (ask.relatedId !== undefined || ask.roundId !== undefined ? 2 : 0)
    | (ask.bonusRulesColumns ? 4 : 0) | (ask.exclusions ? 8 : 0) | (ask.balance ? 16 : 0);
  const row = await db.prepare(`SELECT
      (SELECT ${jsonOf('merchant_code, code, name, launch_url, secret_name, currencies, enabled')} FROM game_providers WHERE merchant_code = ?1 AND code = ?2) AS provider,
      (SELECT ${jsonOf(SESSION_COLUMNS)} FROM provider_sessions WHERE session_id = ?3 AND merchant_code = ?1 AND provider_code = ?2) AS session,
      (SELECT ${jsonOf(TRANSACTION_COLUMNS)} FROM provider_transactions WHERE ?6 & 1 AND provider_code = ?2 AND merchant_code = ?1 AND transaction_id = ?4) AS tx,
      (${related}) AS related,
      (SELECT ${jsonOf(ask.bonusRulesColumns ?? ['merchant_code'])} FROM bonus_rules WHERE ?6 & 4 AND merchant_code = ?1) AS rules,
      (SELECT json_group_array(json_object('kind', kind, 'started_at', started_at, 'ends_at', ends_at, 'reopen_requested_at', reopen_requested_at))
        FROM protection_exclusions WHERE ?6 & 8 AND merchant_code = ?1 AND member_id = ${member}) AS exclusions,
      (SELECT balance_minor + bonus_minor FROM wallets WHERE ?6 & 16 AND member_id = ${member}) AS playable`)
    .bind(merchantCode, providerCode, ask.sessionId, ask.transactionId ?? '', ask.relatedId ?? ask.roundId ?? '', parts)
    .first<{ provider: string | null; session: string | null; tx: string | null; related: string | null; rules: string | null; exclusions: string | null; playable: number | null }>();
  const providerRow = parsed<ProviderRow>(row?.provider);
  const sessionRow = parsed<SessionRow>(row?.session);
  const transactionRow = parsed<TransactionRow>(row?.tx);
  const relatedRow = parsed<TransactionRow>(row?.related);
  return {
    provider: providerRow ? {
      merchantCode: providerRow.merchant_code, code: providerRow.code, name: providerRow.name, launchUrl: providerRow.launch_url,
      secretName: providerRow.secret_name, currencies: parseCurrencies(providerRow.currencies), enabled: providerRow.enabled === 1,
    } : null,
    session: sessionRow ? toSession(sessionRow) : null,
    transaction: transactionRow ? toTransaction(transactionRow) : null,
    related: relatedRow ? toTransaction(relatedRow) : null,
    bonusRulesRow: parsed<Record<string, string | number>>(row?.rules),
    balanceMinor: row?.playable ?? null,
    exclusions: (parsed<{ kind: 'break' | 'self_exclusion'; started_at: number; ends_at: number | null; reopen_requested_at: number | null }[]>(row?.exclusions) ?? [])
      .map((r) => ({ kind: r.kind, startedAt: r.started_at, endsAt: r.ends_at, reopenRequestedAt: r.reopen_requested_at })),
  };
}

/**
 * The parts of a player's page in the back office that the player API has no paged query for (docs/back-office.md
 * "Players"): the ledger with its cash and bonus parts, deposits, withdrawals, promotion applications and chats, each
 * a page (newest first) and its count. Money is integer minor units, times epoch ms. The caller has checked that the
 * member is of the operator's site.
 */

/** A page of rows and the count of all rows matching. */
export interface Page<T> { items: T[]; total: number }

/** One ledger entry with both parts (migrations 0001 and 0034: wallet = Σ parts). */
export interface LedgerEntryRow {
  id: number;
  kind: string;
  cashMinor: number;
  bonusMinor: number;
  cashAfterMinor: number;
  bonusAfterMinor: number;
  reference: string;
  createdAt: number;
}

/** The ledger's filters: kinds (any of), the period [from, to) and the page. */
export interface LedgerFilter { kinds: readonly string[]; from?: number | undefined; to?: number | undefined; offset: number; limit: number }

async function paged<R, T>(db: D1Database, select: string, count: string, args: (string | number)[], offset: number, limit: number, map: (r: R) => T): Promise<Page<T>> {
  const [rows, n] = await db.batch([
    db.prepare(`${select} LIMIT ? OFFSET ?`).bind(...args, limit, offset),
    db.prepare(count).bind(...args),
  ]);
  return { items: ((rows?.results ?? []) as R[]).map(map), total: Number((n?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** A page of the member's ledger entries. */
export async function pageLedger(db: D1Database, memberId: number, f: LedgerFilter): Promise<Page<LedgerEntryRow>> {
  const where = ['member_id = ?'];
  const args: (string | number)[] = [memberId];
  if (f.kinds.length > 0) { where.push(`kind IN (${f.kinds.map(() => '?').join(', ')})`); args.push(...f.kinds); }
  if (f.from !== undefined) { where.push('created_at >= ?'); args.push(f.from); }
  if (f.to !== undefined) { where.push('created_at < ?'); args.push(f.to); }
  const w = where.join(' AND ');
  type R = { id: number; kind: string; amount_minor: number; bonus_amount_minor: number; balance_after_minor: number; bonus_after_minor: number; reference: string; created_at: number };
  return paged<R, LedgerEntryRow>(db,
    `SELECT id, kind, amount_minor, bonus_amount_minor, balance_after_minor, bonus_after_minor, reference, created_at FROM ledger_entries WHERE ${w} ORDER BY id DESC`,
    `SELECT COUNT(*) AS n FROM ledger_entries WHERE ${w}`, args, f.offset, f.limit,
    (r) => ({
      id: r.id, kind: r.kind, cashMinor: r.amount_minor, bonusMinor: r.bonus_amount_minor, cashAfterMinor: r.balance_after_minor,
      bonusAfterMinor: r.bonus_after_minor, reference: r.reference, createdAt: r.created_at,
    }));
}

/** One deposit order. */
export interface DepositRow { id: number; methodCode: string; amountMinor: number; currency: string; status: string; providerTxnId: string | null; createdAt: number; creditedAt: number | null }

/** A page of the member's deposits. */
export async function pageDeposits(db: D1Database, memberId: number, offset: number, limit: number): Promise<Page<DepositRow>> {
  type R = { id: number; method_code: string; amount_minor: number; currency: string; status: string; provider_txn_id: string | null; created_at: number; credited_at: number | null };
  return paged<R, DepositRow>(db,
    `SELECT id, method_code, amount_minor, currency, status, provider_txn_id, created_at, credited_at FROM deposits WHERE member_id = ? ORDER BY id DESC`,
    `SELECT COUNT(*) AS n FROM deposits WHERE member_id = ?`, [memberId], offset, limit,
    (r) => ({ id: r.id, methodCode: r.method_code, amountMinor: r.amount_minor, currency: r.currency, status: r.status, providerTxnId: r.provider_txn_id, createdAt: r.created_at, creditedAt: r.credited_at }));
}

/** One withdrawal request. */
export interface WithdrawalRow {
  id: number; amountMinor: number; currency: string; status: string; reason: string; payeeName: string; bankName: string;
  accountNumber: string; createdAt: number; releasedAt: number | null;
}

/** A page of the member's withdrawal requests. */
export async function pageWithdrawals(db: D1Database, memberId: number, offset: number, limit: number): Promise<Page<WithdrawalRow>> {
  type R = { id: number; amount_minor: number; currency: string; status: string; reason: string; payee_name: string; bank_name: string; account_number: string; created_at: number; released_at: number | null };
  return paged<R, WithdrawalRow>(db,
    `SELECT id, amount_minor, currency, status, reason, payee_name, bank_name, account_number, created_at, released_at FROM withdrawals WHERE member_id = ? ORDER BY id DESC`,
    `SELECT COUNT(*) AS n FROM withdrawals WHERE member_id = ?`, [memberId], offset, limit,
    (r) => ({
      id: r.id, amountMinor: r.amount_minor, currency: r.currency, status: r.status, reason: r.reason, payeeName: r.payee_name,
      bankName: r.bank_name, accountNumber: r.account_number, createdAt: r.created_at, releasedAt: r.released_at,
    }));
}

/** One promotion application: its promotion's title (the site's default language) and how many images it holds. */
export interface ApplicationRow { id: number; announcementId: number; title: string; remark: string; images: number; status: string; createdAt: number }

/** A page of the member's promotion applications. */
export async function pageApplications(db: D1Database, memberId: number, offset: number, limit: number): Promise<Page<ApplicationRow>> {
  type R = { id: number; announcement_id: number; title: string | null; remark: string; images: number; status: string; created_at: number };
  return paged<R, ApplicationRow>(db,
    `SELECT pa.id, pa.announcement_id, a.title, pa.remark, json_array_length(pa.image_keys) AS images, pa.status, pa.created_at
     FROM promotion_applications pa LEFT JOIN announcements a ON a.id = pa.announcement_id WHERE pa.member_id = ? ORDER BY pa.id DESC`,
    `SELECT COUNT(*) AS n FROM promotion_applications WHERE member_id = ?`, [memberId], offset, limit,
    (r) => ({ id: r.id, announcementId: r.announcement_id, title: r.title ?? '', remark: r.remark, images: r.images, status: r.status, createdAt: r.created_at }));
}

/** One live-chat conversation (its messages live in the conversation's Durable Object). */
export interface ChatRow { id: string; status: string; createdAt: number; lastMessageAt: number; messages: number; agentUnread: number; playerUnread: number }

/** A page of the member's conversations, the most recent first. */
export async function pageChats(db: D1Database, memberId: number, offset: number, limit: number): Promise<Page<ChatRow>> {
  type R = { id: string; status: string; created_at: number; last_message_at: number; last_seq: number; agent_unread: number; player_unread: number };
  return paged<R, ChatRow>(db,
    `SELECT id, status, created_at, last_message_at, last_seq, agent_unread, player_unread FROM chat_conversations WHERE member_id = ? ORDER BY last_message_at DESC, id`,
    `SELECT COUNT(*) AS n FROM chat_conversations WHERE member_id = ?`, [memberId], offset, limit,
    (r) => ({ id: r.id, status: r.status, createdAt: r.created_at, lastMessageAt: r.last_message_at, messages: r.last_seq, agentUnread: r.agent_unread, playerUnread: r.player_unread }));
}

/**
 * Manual balance adjustments and the site's approval threshold (migration 0039_players_back_office.sql; docs/
 * back-office.md "Players"). A decided row never changes again and its requester never approves it: the table's
 * triggers refuse both, so a batch that tries fails as a whole. Money is integer minor units, times epoch ms.
 */

/** An adjustment as stored. `amountMinor` is signed (a debit is negative). */
export interface AdjustmentRow {
  id: number;
  merchantCode: string;
  memberId: number;
  username: string;
  balance: 'cash' | 'bonus';
  amountMinor: number;
  reason: string;
  requestKey: string;
  status: 'pending' | 'applied' | 'rejected';
  requestedBy: number | null;
  requestedByName: string;
  requestedAt: number;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: number | null;
  decisionReason: string;
}

interface Row {
  id: number; merchant_code: string; member_id: number; account: string | null; balance: 'cash' | 'bonus'; amount_minor: number; reason: string;
  request_key: string; status: AdjustmentRow['status']; requested_by: number | null; requested_by_name: string; requested_at: number;
  decided_by: number | null; decided_by_name: string | null; decided_at: number | null; decision_reason: string;
}

const COLUMNS = `a.id, a.merchant_code, a.member_id, m.account, a.balance, a.amount_minor, a.reason, a.request_key, a.status, a.requested_by,
  a.requested_by_name, a.requested_at, a.decided_by, a.decided_by_name, a.decided_at, a.decision_reason`;
const FROM = `FROM balance_adjustments a LEFT JOIN members m ON m.id = a.member_id`;

function toAdjustment(r: Row): AdjustmentRow {
  return {
    id: r.id, merchantCode: r.merchant_code, memberId: r.member_id, username: r.account ?? '', balance: r.balance, amountMinor: r.amount_minor,
    reason: r.reason, requestKey: r.request_key, status: r.status, requestedBy: r.requested_by, requestedByName: r.requested_by_name,
    requestedAt: r.requested_at, decidedBy: r.decided_by, decidedByName: r.decided_by_name, decidedAt: r.decided_at, decisionReason: r.decision_reason,
  };
}

/** The site's stored approval threshold (minor units), or null when it has none (the default applies). */
export async function findAdjustmentThreshold(db: D1Database, merchantCode: string): Promise<number | null> {
  const row = await db.prepare(`SELECT approval_threshold_minor AS t FROM adjustment_settings WHERE merchant_code = ?`).bind(merchantCode).first<{ t: number }>();
  return row?.t ?? null;
}

/** Stores the site's approval threshold (minor units, ≥ 0). */
export async function setAdjustmentThreshold(db: D1Database, merchantCode: string, thresholdMinor: number, now = Date.now()): Promise<void> {
  await db.prepare(`INSERT INTO adjustment_settings (merchant_code, approval_threshold_minor, updated_at) VALUES (?1, ?2, ?3)
      ON CONFLICT (merchant_code) DO UPDATE SET approval_threshold_minor = ?2, updated_at = ?3`)
    .bind(merchantCode, thresholdMinor, now).run();
}

/** What a new adjustment holds. `status` 'applied' when it is within the threshold (its ledger entry in the same batch). */
export interface NewAdjustment {
  merchantCode: string;
  memberId: number;
  balance: 'cash' | 'bonus';
  amountMinor: number;
  reason: string;
  requestKey: string;
  status: 'pending' | 'applied';
  requestedBy: number | null;
  requestedByName: string;
}

/** The INSERT of an adjustment, unrun (a second one with the same site and request key fails UNIQUE). */
export function insertAdjustmentStatement(db: D1Database, a: NewAdjustment, now: number): D1PreparedStatement {
  return db.prepare(`INSERT INTO balance_adjustments (merchant_code, member_id, balance, amount_minor, reason, request_key, status, requested_by,
        requested_by_name, requested_at, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(a.merchantCode, a.memberId, a.balance, a.amountMinor, a.reason, a.requestKey, a.status, a.requestedBy, a.requestedByName, now,
      a.status === 'applied' ? now : null);
}

/**
 * The UPDATE that decides a pending adjustment, unrun. The triggers make the whole batch fail when the row is already
 * decided (`already decided`) or when an approval comes from its requester (`approved by its requester`).
 */
export function decideAdjustmentStatement(
  db: D1Database, id: number, decision: 'applied' | 'rejected', by: { id: number; name: string }, reason: string, now: number,
): D1PreparedStatement {
  return db.prepare(`UPDATE balance_adjustments SET status = ?, decided_by = ?, decided_by_name = ?, decided_at = ?, decision_reason = ? WHERE id = ?`)
    .bind(decision, by.id, by.name, now, reason, id);
}

/** An adjustment of the site, or null. */
export async function findAdjustment(db: D1Database, merchantCode: string, id: number): Promise<AdjustmentRow | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE a.id = ? AND a.merchant_code = ?`).bind(id, merchantCode).first<Row>();
  return row ? toAdjustment(row) : null;
}

/** The adjustment of the site with this request key, or null. */
export async function findAdjustmentByKey(db: D1Database, merchantCode: string, requestKey: string): Promise<AdjustmentRow | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE a.merchant_code = ? AND a.request_key = ?`).bind(merchantCode, requestKey).first<Row>();
  return row ? toAdjustment(row) : null;
}

/** A page of the site's adjustments (optionally one status, one player): pending ones first, then newest first. */
export async function pageAdjustments(
  db: D1Database, f: { merchantCode: string; status?: AdjustmentRow['status'] | undefined; memberId?: number | undefined; offset: number; limit: number },
): Promise<{ items: AdjustmentRow[]; total: number }> {
  const where = ['a.merchant_code = ?'];
  const args: (string | number)[] = [f.merchantCode];
  if (f.status) { where.push('a.status = ?'); args.push(f.status); }
  if (f.memberId !== undefined) { where.push('a.member_id = ?'); args.push(f.memberId); }
  const w = where.join(' AND ');
  const [rows, n] = await db.batch([
    db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE ${w} ORDER BY a.status = 'pending' DESC, a.id DESC LIMIT ? OFFSET ?`).bind(...args, f.limit, f.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM balance_adjustments a WHERE ${w}`).bind(...args),
  ]);
  return { items: ((rows?.results ?? []) as unknown as Row[]).map(toAdjustment), total: Number((n?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** How many adjustments of a player wait for a second operator. */
export async function countPendingAdjustments(db: D1Database, memberId: number): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM balance_adjustments WHERE member_id = ? AND status = 'pending'`).bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}

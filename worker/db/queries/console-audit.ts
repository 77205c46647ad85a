/**
 * The console audit log (migration 0035_console_roles_audit.sql: console_audit, append-only — triggers refuse
 * UPDATE and DELETE). Only INSERT and SELECT live here. Times are epoch milliseconds.
 */

/** One audit row as stored: before/after are JSON texts (null when there was nothing before or after). */
export interface AuditRow {
  id: number;
  at: number;
  merchantCode: string;
  operatorId: number | null;
  operator: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
  reason: string;
  address: string;
}

/** The INSERT of one audit row, unrun: add it to the change's batch so both are one transaction. */
export function auditInsert(db: D1Database, row: Omit<AuditRow, 'id'>): D1PreparedStatement {
  return db.prepare(`INSERT INTO console_audit (at, merchant_code, operator_id, operator, action, target, before_json, after_json, reason, address)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(row.at, row.merchantCode, row.operatorId, row.operator, row.action, row.target, row.before, row.after, row.reason, row.address);
}

/** Filters of an audit search on one site: operator name, action (exact or `prefix.*`), time range [from, to). */
export interface AuditQuery {
  merchantCode: string;
  operator?: string | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Rows with an id below this (the previous page's last id). */
  beforeId?: number | undefined;
  limit: number;
  /** Rows to skip first (a page of the back office's list: `(page - 1) * perPage`). */
  offset?: number | undefined;
}

/** The WHERE clause and its arguments of a search (the page's limit and offset aside). */
function auditWhere(q: AuditQuery): { where: string; args: (string | number)[] } {
  const where = ['merchant_code = ?'];
  const args: (string | number)[] = [q.merchantCode];
  if (q.operator) { where.push('operator = ?'); args.push(q.operator); }
  if (q.action?.endsWith('.*')) { where.push("substr(action, 1, ?) = ?"); args.push(q.action.length - 1, q.action.slice(0, -1)); }
  else if (q.action) { where.push('action = ?'); args.push(q.action); }
  if (q.from !== undefined) { where.push('at >= ?'); args.push(q.from); }
  if (q.to !== undefined) { where.push('at < ?'); args.push(q.to); }
  if (q.beforeId !== undefined) { where.push('id < ?'); args.push(q.beforeId); }
  return { where: where.join(' AND '), args };
}

/** How many rows match the filters (limit and offset ignored). */
export async function countAudit(db: D1Database, q: AuditQuery): Promise<number> {
  const { where, args } = auditWhere(q);
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM console_audit WHERE ${where}`).bind(...args).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Matching rows, newest first. */
export async function selectAudit(db: D1Database, q: AuditQuery): Promise<AuditRow[]> {
  const { where, args } = auditWhere(q);
  const { results } = await db.prepare(`SELECT id, at, merchant_code, operator_id, operator, action, target, before_json, after_json, reason, address
      FROM console_audit WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .bind(...args, q.limit, q.offset ?? 0)
    .all<{ id: number; at: number; merchant_code: string; operator_id: number | null; operator: string; action: string; target: string; before_json: string | null; after_json: string | null; reason: string; address: string }>();
  return results.map((r) => ({
    id: r.id, at: r.at, merchantCode: r.merchant_code, operatorId: r.operator_id, operator: r.operator, action: r.action, target: r.target,
    before: r.before_json, after: r.after_json, reason: r.reason, address: r.address,
  }));
}

/** The site of a conversation and the username of an operator, for the audit row of a console action in a chat room. */
export async function chatAuditContext(db: D1Database, conversationId: string, operatorId: number): Promise<{ merchantCode: string; username: string } | null> {
  const row = await db.prepare(`SELECT c.merchant_code, (SELECT username FROM console_operators WHERE id = ?) AS username FROM chat_conversations c WHERE c.id = ?`)
    .bind(operatorId, conversationId).first<{ merchant_code: string; username: string | null }>();
  return row ? { merchantCode: row.merchant_code, username: row.username ?? `operator:${operatorId}` } : null;
}

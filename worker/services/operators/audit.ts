import { auditInsert, chatAuditContext, countAudit, selectAudit, type AuditQuery, type AuditRow } from '../../db/queries/console-audit';

/**
 * The console audit log (docs/back-office.md "Audit log"): every change an operator makes — who, when, which site,
 * what before and after, why — append-only (the table's triggers refuse UPDATE and DELETE; there is no other
 * path), searchable by operator, action and time range on one site, and exported as CSV.
 */

/** What a change records. `before`/`after` are any JSON-able values (null: nothing before / after). */
export interface AuditEntry {
  merchantCode: string;
  /** console_operators.id, or null for the operator command (then `operator` names the command's user). */
  operatorId: number | null;
  /** The operator's username, or `cli:<user>` for the operator command. */
  operator: string;
  /** Dotted action name, e.g. `chat.close`, `operator.upsert`, `operator.totp_enrol`. */
  action: string;
  /** What was changed, e.g. a conversation id or `operator:<username>`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | undefined;
  /** The client address (empty for the command line). */
  address?: string | undefined;
  /** Epoch ms; now by default. */
  at?: number | undefined;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The audit row of a change as an unrun statement: put it in the same `db.batch([...change, recordAudit(db, e)])`
 * as the change, so the change and its row are one transaction (neither without the other); or `.run()` it alone
 * for a change that lives outside D1.
 */
export function recordAudit(db: D1Database, entry: AuditEntry): D1PreparedStatement {
  return auditInsert(db, {
    at: entry.at ?? Date.now(), merchantCode: entry.merchantCode, operatorId: entry.operatorId, operator: entry.operator, action: entry.action,
    target: entry.target, before: json(entry.before), after: json(entry.after), reason: (entry.reason ?? '').slice(0, 500), address: entry.address ?? '',
  });
}

/** Audit rows of one site matching the filters, newest first (at most `limit`, 1–500). */
export async function searchAudit(db: D1Database, query: AuditQuery): Promise<AuditRow[]> {
  return selectAudit(db, { ...query, limit: Math.max(1, Math.min(500, query.limit)) });
}

/**
 * One page of the site's audit rows matching the filters, newest first, and how many match in all (the back office's
 * list: docs/back-office.md "The back office app"); `page` from 1, `perPage` 1–500.
 */
export async function auditPage(db: D1Database, query: Omit<AuditQuery, 'limit' | 'offset'>, page: number, perPage: number): Promise<{ items: AuditRow[]; total: number }> {
  const limit = Math.max(1, Math.min(500, perPage));
  const [items, total] = await Promise.all([
    selectAudit(db, { ...query, limit, offset: (Math.max(1, page) - 1) * limit }),
    countAudit(db, { ...query, limit }),
  ]);
  return { items, total };
}

/** The CSV columns, in order. */
export const AUDIT_CSV_COLUMNS = ['id', 'time', 'site', 'operator', 'action', 'target', 'before', 'after', 'reason', 'address'] as const;

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled). A field starting with
 * `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV text (header line first, CRLF line ends, times in ISO 8601 UTC). */
export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push([String(r.id), new Date(r.at).toISOString(), r.merchantCode, r.operator, r.action, r.target, r.before ?? '', r.after ?? '', r.reason, r.address]
      .map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * Records that an agent closed a conversation (`chat.close`, before `{ status: 'open' }`, after `{ status: 'closed' }`)
 * on the conversation's site. The close itself lives in the conversation's Durable Object storage, so the row is
 * written right after it rather than in one D1 batch.
 */
export async function auditChatClose(db: D1Database, conversationId: string, operatorId: number, now = Date.now()): Promise<void> {
  const context = await chatAuditContext(db, conversationId, operatorId);
  if (!context) return;
  await recordAudit(db, {
    merchantCode: context.merchantCode, operatorId, operator: context.username, action: 'chat.close', target: `conversation:${conversationId}`,
    before: { status: 'open' }, after: { status: 'closed' }, at: now,
  }).run();
}

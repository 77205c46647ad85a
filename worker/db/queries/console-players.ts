import { sendMessageSql, type OutgoingMessage } from './inbox';

/**
 * The back office's player search and player record (docs/back-office.md "Players"; migration 0039): every query is
 * by the operator's site (merchant code), so another site's player is never found. Money is integer minor units,
 * times epoch ms. members.status: 1 active, 0 suspended, 2 closed (any other than 1 refuses sessions and log-ins).
 */

/** members.status of each account state. */
export const STATUS_CODE = { active: 1, suspended: 0, closed: 2 } as const;
export type AccountState = keyof typeof STATUS_CODE;

/** The account state of a members.status value (anything unknown but 1 counts as suspended). */
export function accountState(status: number): AccountState {
  return status === 1 ? 'active' : status === 2 ? 'closed' : 'suspended';
}

/** The search's filters (already checked by the contract): each present one must match. */
export interface PlayerSearch {
  merchantCode: string;
  /** Any of id, user name prefix, e-mail, phone, IP. */
  q?: string | undefined;
  id?: number | undefined;
  username?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  ip?: string | undefined;
  status?: AccountState | undefined;
  sort: 'id' | 'createdAt' | 'lastLoginAt';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A player as the search and the record read them. */
export interface PlayerRow {
  id: number;
  username: string;
  nickname: string;
  type: number;
  status: AccountState;
  email: string;
  phone: string;
  phoneVerified: boolean;
  registerIp: string;
  registerMethod: string;
  createdAt: number;
  lastLoginAt: number | null;
  language: string | null;
  referrerId: number | null;
  profile: Record<string, unknown>;
  currency: string;
  cashMinor: number;
  bonusMinor: number;
}

interface Row {
  id: number; account: string; nickname: string; type: number; status: number; profile: string; mobile_e164: string | null;
  mobile_pending_e164: string | null; register_ip: string; register_method: string; created_at: number; last_login_at: number | null;
  language: string | null; referrer_id: number | null; currency: string | null; balance_minor: number | null; bonus_minor: number | null;
}

const COLUMNS = `m.id, m.account, m.nickname, m.type, m.status, m.profile, m.mobile_e164, m.mobile_pending_e164, m.register_ip,
  m.register_method, m.created_at, m.last_login_at, m.language, m.referrer_id, w.currency, w.balance_minor, w.bonus_minor`;
const FROM = `FROM members m LEFT JOIN wallets w ON w.member_id = m.id`;
const EMAIL = `lower(json_extract(m.profile, '$.email'))`;
const SORT = { id: 'm.id', createdAt: 'm.created_at', lastLoginAt: 'm.last_login_at' } as const;

function parseProfile(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toPlayer(r: Row): PlayerRow {
  const profile = parseProfile(r.profile);
  return {
    id: r.id, username: r.account, nickname: r.nickname, type: r.type, status: accountState(r.status),
    email: typeof profile.email === 'string' ? profile.email : '', phone: r.mobile_e164 ?? r.mobile_pending_e164 ?? '',
    phoneVerified: r.mobile_e164 !== null, registerIp: r.register_ip, registerMethod: r.register_method, createdAt: r.created_at,
    lastLoginAt: r.last_login_at, language: r.language, referrerId: r.referrer_id, profile, currency: r.currency ?? '',
    cashMinor: r.balance_minor ?? 0, bonusMinor: r.bonus_minor ?? 0,
  };
}

/** The digits of a typed phone number without leading zeros (a national number's trunk 0 dropped), or ''. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

/** One search condition as SQL over `m` and its parameters. */
type Condition = { sql: string; args: (string | number)[] };

const byId = (id: number): Condition => ({ sql: 'm.id = ?', args: [id] });
// The user name is stored lower-case: a prefix is a range on the unique (merchant_code, username) index.
const byUsername = (prefix: string): Condition => ({ sql: `(m.username >= ? AND m.username < ? || char(1114111))`, args: [prefix.toLowerCase(), prefix.toLowerCase()] });
const byEmail = (email: string): Condition => email.includes('@')
  ? { sql: `${EMAIL} = ?`, args: [email.toLowerCase()] }
  : { sql: `instr(${EMAIL}, ?) > 0`, args: [email.toLowerCase()] };
function byPhone(phone: string): Condition {
  const digits = phoneDigits(phone);
  return {
    sql: `(m.mobile_e164 = ? OR m.mobile_pending_e164 = ? OR substr(m.mobile_e164, -?) = ? OR substr(m.mobile_pending_e164, -?) = ?)`,
    args: [`+${digits}`, `+${digits}`, digits.length, digits, digits.length, digits],
  };
}
const byIp = (merchantCode: string, ip: string): Condition => ({
  sql: `(m.register_ip = ? OR m.id IN (SELECT l.member_id FROM member_logins l WHERE l.merchant_code = ? AND l.address = ?))`,
  args: [ip, merchantCode, ip],
});

/** The conditions of `q`: every field it could name, any of them matching. */
function anyField(merchantCode: string, q: string): Condition {
  const parts: Condition[] = [byUsername(q), byEmail(q)];
  if (/^\d{1,12}$/.test(q)) parts.push(byId(Number(q)));
  if (/^\+?[\d\s-]+$/.test(q) && phoneDigits(q).length >= 4) parts.push(byPhone(q));
  if (/^[0-9A-Fa-f.:]+$/.test(q) && /[.:]/.test(q)) parts.push(byIp(merchantCode, q));
  return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, args: parts.flatMap((p) => p.args) };
}

/** A page of the site's players matching every given filter, and how many match. */
export async function searchPlayers(db: D1Database, s: PlayerSearch): Promise<{ items: PlayerRow[]; total: number }> {
  const conditions: Condition[] = [{ sql: 'm.merchant_code = ?', args: [s.merchantCode] }];
  if (s.q) conditions.push(anyField(s.merchantCode, s.q));
  if (s.id !== undefined) conditions.push(byId(s.id));
  if (s.username) conditions.push(byUsername(s.username));
  if (s.email) conditions.push(byEmail(s.email));
  if (s.phone) conditions.push(byPhone(s.phone));
  if (s.ip) conditions.push(byIp(s.merchantCode, s.ip));
  if (s.status) conditions.push({ sql: s.status === 'suspended' ? 'm.status NOT IN (1, 2)' : 'm.status = ?', args: s.status === 'suspended' ? [] : [STATUS_CODE[s.status]] });
  const where = conditions.map((c) => c.sql).join(' AND ');
  const args = conditions.flatMap((c) => c.args);
  const order = `${SORT[s.sort]} ${s.order}, m.id ${s.order}`;
  const [rows, count] = await db.batch([
    db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...args, s.limit, s.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM members m WHERE ${where}`).bind(...args),
  ]);
  return { items: ((rows?.results ?? []) as Row[]).map(toPlayer), total: Number((count?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** A player of the site, or null (unknown, or another site's). */
export async function findSitePlayer(db: D1Database, merchantCode: string, id: number): Promise<PlayerRow | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE m.id = ? AND m.merchant_code = ?`).bind(id, merchantCode).first<Row>();
  return row ? toPlayer(row) : null;
}

/**
 * The UPDATE that moves a player from one of `from` to `to` (members.status codes), unrun; it changes nothing when
 * the player is no longer in one of `from` (a concurrent action won), which the caller reads from its batch result.
 */
export function setPlayerStatusStatement(db: D1Database, memberId: number, from: readonly number[], to: number): D1PreparedStatement {
  return db.prepare(`UPDATE members SET status = ? WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`).bind(to, memberId, ...from);
}

/** The INSERT of an operator's note on a player, unrun; it returns the new row. */
export function insertNoteStatement(
  db: D1Database, note: { merchantCode: string; memberId: number; operatorId: number | null; operator: string; body: string }, now: number,
): D1PreparedStatement {
  return db.prepare(`INSERT INTO player_notes (merchant_code, member_id, operator_id, operator, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
      RETURNING id, operator, body, created_at`)
    .bind(note.merchantCode, note.memberId, note.operatorId, note.operator, note.body, now);
}

/** One operator note. */
export interface NoteRow { id: number; operator: string; body: string; createdAt: number }

/** A page of the notes on a player, newest first, and their count. */
export async function pageNotes(db: D1Database, memberId: number, offset: number, limit: number): Promise<{ items: NoteRow[]; total: number }> {
  const [rows, count] = await db.batch([
    db.prepare(`SELECT id, operator, body, created_at FROM player_notes WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`).bind(memberId, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM player_notes WHERE member_id = ?`).bind(memberId),
  ]);
  const items = ((rows?.results ?? []) as { id: number; operator: string; body: string; created_at: number }[])
    .map((r) => ({ id: r.id, operator: r.operator, body: r.body, createdAt: r.created_at }));
  return { items, total: Number((count?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** The audit rows of one target on a site (e.g. `player:42`), newest first, and their count; before/after as stored JSON text. */
export async function pageTargetAudit(
  db: D1Database, merchantCode: string, target: string, offset: number, limit: number,
): Promise<{ items: { id: number; at: number; operator: string; action: string; before: string | null; after: string | null; reason: string; address: string }[]; total: number }> {
  const [rows, count] = await db.batch([
    db.prepare(`SELECT id, at, operator, action, before_json, after_json, reason, address FROM console_audit WHERE merchant_code = ? AND target = ?
        ORDER BY id DESC LIMIT ? OFFSET ?`).bind(merchantCode, target, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM console_audit WHERE merchant_code = ? AND target = ?`).bind(merchantCode, target),
  ]);
  const items = ((rows?.results ?? []) as { id: number; at: number; operator: string; action: string; before_json: string | null; after_json: string | null; reason: string; address: string }[])
    .map((r) => ({ id: r.id, at: r.at, operator: r.operator, action: r.action, before: r.before_json, after: r.after_json, reason: r.reason, address: r.address }));
  return { items, total: Number((count?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** The statements that end every session and remembered log-in of a member, unrun (for an account's suspension or closure). */
export function endSessionsStatements(db: D1Database, memberId: number, now: number): D1PreparedStatement[] {
  return [
    db.prepare(`UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL`).bind(now, memberId),
    db.prepare(`UPDATE remember_tokens SET revoked_at = ?1 WHERE member_id = ?2 AND revoked_at IS NULL AND expires_at > ?1`).bind(now, memberId),
  ];
}

/** The statement of an operator's personal message (worker/db/queries/inbox.ts sendMessageSql), unrun; it returns the new id. */
export function playerMessageStatement(db: D1Database, message: OutgoingMessage, now: number): D1PreparedStatement {
  const { sql, params } = sendMessageSql(message, now);
  return db.prepare(`${sql} RETURNING id`).bind(...params);
}

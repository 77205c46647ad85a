/** A member as the account services use it. */
export interface MemberRecord {
  id: number;
  merchantCode: string;
  /** Lower-case: the unique lookup key per merchant. */
  username: string;
  /** The spelling the player chose (shown as userName / account). */
  account: string;
  passwordHash: string | null;
  /** 0, 1, 2 real accounts; 4 guest/trial; 40, 41, 42 special (player-shell §3). */
  type: number;
  active: boolean;
  nickname: string;
  profile: Record<string, unknown>;
  lastLoginAt: number | null;
  /** Verified phone in E.164 form, or null. */
  mobileE164: string | null;
}

interface Row {
  id: number;
  merchant_code: string;
  username: string;
  account: string;
  password_hash: string | null;
  type: number;
  status: number;
  nickname: string;
  profile: string;
  last_login_at: number | null;
  mobile_e164: string | null;
}

function parseProfile(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toMember(row: Row): MemberRecord {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    username: row.username,
    account: row.account,
    passwordHash: row.password_hash,
    type: row.type,
    active: row.status === 1,
    nickname: row.nickname,
    profile: parseProfile(row.profile),
    lastLoginAt: row.last_login_at,
    mobileE164: row.mobile_e164,
  };
}

const COLUMNS = `id, merchant_code, username, account, password_hash, type, status, nickname, profile, last_login_at, mobile_e164`;

/** The member of a merchant by username (case-insensitive: pass the lower-case key), or null. */
export async function findMemberByUsername(
  db: D1Database,
  merchantCode: string,
  usernameKey: string,
): Promise<MemberRecord | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM members WHERE merchant_code = ? AND username = ?`)
    .bind(merchantCode, usernameKey)
    .first<Row>();
  return row ? toMember(row) : null;
}

/** The member with this id, or null. */
export async function findMemberById(db: D1Database, id: number): Promise<MemberRecord | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM members WHERE id = ?`).bind(id).first<Row>();
  return row ? toMember(row) : null;
}

/** The member of a merchant with this verified phone (E.164), or null. */
export async function findMemberByMobile(db: D1Database, merchantCode: string, e164: string): Promise<MemberRecord | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM members WHERE merchant_code = ? AND mobile_e164 = ?`)
    .bind(merchantCode, e164)
    .first<Row>();
  return row ? toMember(row) : null;
}

/**
 * The newest password-less member of a merchant holding this phone unproven (mobile_pending_e164), or null: the
 * account a first SMS login may bind the number to. Accounts with a password are never returned — whoever set
 * that password, not necessarily the phone's owner, controls them.
 */
export async function findPasswordlessPendingMember(
  db: D1Database,
  merchantCode: string,
  e164: string,
): Promise<MemberRecord | null> {
  const row = await db
    .prepare(
      `SELECT ${COLUMNS} FROM members
       WHERE merchant_code = ? AND mobile_pending_e164 = ? AND password_hash IS NULL AND mobile_e164 IS NULL
       ORDER BY id DESC LIMIT 1`,
    )
    .bind(merchantCode, e164)
    .first<Row>();
  return row ? toMember(row) : null;
}

/**
 * Binds a proven phone to a member: mobile_e164 set, the pending copy cleared. false when another member has
 * meanwhile bound the number (UNIQUE per merchant) or this member already has a bound number.
 */
export async function bindProvenMobile(db: D1Database, memberId: number, e164: string): Promise<boolean> {
  try {
    const result = await db
      .prepare(`UPDATE members SET mobile_e164 = ?2, mobile_pending_e164 = NULL WHERE id = ?1 AND mobile_e164 IS NULL`)
      .bind(memberId, e164)
      .run();
    return result.meta.changes === 1;
  } catch (error) {
    if (String(error instanceof Error ? error.message : error).includes('UNIQUE')) return false;
    throw error;
  }
}

/**
 * The id of the active agent (type 1 or 2) owning an invitation code on a merchant, or null. Codes are stored
 * upper-case, so the lookup is case-insensitive and still uses the unique index.
 */
export async function findAgentByAffiliateCode(db: D1Database, merchantCode: string, code: string): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT id FROM members WHERE merchant_code = ? AND affiliate_code = ? AND type IN (1, 2) AND status = 1`,
    )
    .bind(merchantCode, code.toUpperCase())
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * The inviter behind an invitation code (issue 13, Invite friends and Agent registration): an active real member
 * (type 0, 1 or 2) of the merchant whose personal invitation code — for agents, their affiliate code — it is.
 */
export async function findInviterByCode(db: D1Database, merchantCode: string, code: string): Promise<number | null> {
  const row = await db
    .prepare(`SELECT id FROM members WHERE merchant_code = ? AND affiliate_code = ? AND type IN (0, 1, 2) AND status = 1`)
    .bind(merchantCode, code.toUpperCase())
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Replaces a member's password hash. */
export async function updatePasswordHash(db: D1Database, memberId: number, passwordHash: string): Promise<void> {
  await db.prepare(`UPDATE members SET password_hash = ? WHERE id = ?`).bind(passwordHash, memberId).run();
}

/** Stores a member's payment password hash in `profile.paymentPasswordHash` (the rest of the profile kept). */
export async function setPaymentPasswordHash(db: D1Database, memberId: number, hash: string): Promise<void> {
  await db.prepare(`UPDATE members SET profile = json_set(profile, '$.paymentPasswordHash', ?2) WHERE id = ?1`).bind(memberId, hash).run();
}

/** True when the merchant already has this username (lower-case key). */
export async function usernameExists(db: D1Database, merchantCode: string, usernameKey: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS hit FROM members WHERE merchant_code = ? AND username = ?`)
    .bind(merchantCode, usernameKey)
    .first<{ hit: number }>();
  return row !== null;
}

/**
 * Records a login at `now`. Returns true when it is the member's first (no earlier login); the stored
 * first_time_login flag stays 1 through that first session and drops to 0 at the next login.
 */
export async function recordLogin(db: D1Database, memberId: number, now = Date.now()): Promise<boolean> {
  // In an UPDATE every expression reads the row as it was before, so the CASE sees the old last_login_at.
  const row = await db
    .prepare(
      `UPDATE members SET first_time_login = CASE WHEN last_login_at IS NULL THEN 1 ELSE 0 END, last_login_at = ?
       WHERE id = ? RETURNING first_time_login`,
    )
    .bind(now, memberId)
    .first<{ first_time_login: number }>();
  return row?.first_time_login === 1;
}

/** A member to create, with its (empty) wallet. */
export interface NewMember {
  merchantCode: string;
  usernameKey: string;
  account: string;
  passwordHash: string | null;
  type: number;
  nickname: string;
  profile: Record<string, string>;
  registerMethod: string;
  registerIp: string;
  currency: string;
  /** Verified phone (E.164): set only when an SMS code or a Firebase token proved it (unique per merchant). */
  mobileE164?: string | null;
  /** A phone (E.164) typed without proof: kept for contact, never unique, never used to log in. */
  mobilePendingE164?: string | null;
  /** The agent whose invitation code the player registered with. */
  referrerId?: number | null;
}

/**
 * Statements that insert the member (logged in as of `now`: registration and trial open a session at
 * once) and its zero-balance wallet. The first statement returns the new id (`RETURNING id`). Run them in
 * one batch with the opening ledger entries; a taken username fails the batch on UNIQUE(members).
 */
export function newMemberStatements(db: D1Database, member: NewMember, now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO members (merchant_code, username, account, password_hash, type, status, nickname, profile,
           first_time_login, register_method, register_ip, created_at, last_login_at, mobile_e164, referrer_id,
           mobile_pending_e164)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7, 1, ?8, ?9, ?10, ?10, ?11, ?12, ?13) RETURNING id`,
      )
      .bind(
        member.merchantCode,
        member.usernameKey,
        member.account,
        member.passwordHash,
        member.type,
        member.nickname,
        JSON.stringify(member.profile),
        member.registerMethod,
        member.registerIp,
        now,
        member.mobileE164 ?? null,
        member.referrerId ?? null,
        member.mobilePendingE164 ?? null,
      ),
    db
      .prepare(
        `INSERT INTO wallets (member_id, currency, balance_minor, updated_at)
         VALUES ((SELECT id FROM members WHERE merchant_code = ?1 AND username = ?2), ?3, 0, ?4)`,
      )
      .bind(member.merchantCode, member.usernameKey, member.currency, now),
  ];
}

/** Saves a member's interface language (an upper-case code of contract/languageCodes.ts; migration 0023). */
export async function setMemberLanguage(db: D1Database, memberId: number, language: string): Promise<void> {
  await db.prepare(`UPDATE members SET language = ? WHERE id = ?`).bind(language, memberId).run();
}

/** The interface language a member saved, or null when none is saved (or no such member). */
export async function findMemberLanguage(db: D1Database, memberId: number): Promise<string | null> {
  const row = await db.prepare(`SELECT language FROM members WHERE id = ?`).bind(memberId).first<{ language: string | null }>();
  return row?.language ?? null;
}

/** Stores the media key of a member's head icon in its profile (`$.iconKey`). */
export async function setMemberIconKey(db: D1Database, memberId: number, key: string): Promise<void> {
  await db.prepare(`UPDATE members SET profile = json_set(profile, '$.iconKey', ?2) WHERE id = ?1`).bind(memberId, key).run();
}

/** The media key of a member's head icon (`$.iconKey` of its profile), or null when none is set (or no such member). */
export async function findMemberIconKey(db: D1Database, memberId: number): Promise<string | null> {
  const row = await db.prepare(`SELECT json_extract(profile, '$.iconKey') AS k FROM members WHERE id = ?`).bind(memberId).first<{ k: string | null }>();
  return row?.k ?? null;
}

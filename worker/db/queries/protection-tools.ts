/**
 * Queries of the player protection tools beside the limits (migration 0036_reality_checks_statements.sql;
 * docs/player-protection.md "Reality checks", "Statements", "Responsible gambling page"). Money is integer minor
 * units, time UTC epoch ms.
 */
import type { ProtectedMember } from './protection';

/** A site's protection settings (defaults when the site has no row: 60 minutes, "off" not allowed, no links). */
export interface SiteProtectionSettings {
  realityCheckDefault: number;
  realityCheckOffAllowed: boolean;
  helpLinks: { name: string; url: string }[];
}

/** The defaults of a site without settings. */
export const SITE_PROTECTION_DEFAULTS: SiteProtectionSettings = { realityCheckDefault: 60, realityCheckOffAllowed: false, helpLinks: [] };

/** A site's protection settings. */
export async function siteProtectionSettings(db: D1Database, merchantCode: string): Promise<SiteProtectionSettings> {
  const row = await db.prepare(`SELECT reality_check_default, reality_check_off_allowed, help_links FROM protection_site_settings WHERE merchant_code = ?`)
    .bind(merchantCode).first<{ reality_check_default: number; reality_check_off_allowed: number; help_links: string }>();
  if (!row) return { ...SITE_PROTECTION_DEFAULTS, helpLinks: [] };
  let links: { name: string; url: string }[] = [];
  try {
    const parsed: unknown = JSON.parse(row.help_links);
    if (Array.isArray(parsed)) links = parsed.filter((l): l is { name: string; url: string } => typeof l?.name === 'string' && typeof l?.url === 'string');
  } catch {
    links = [];
  }
  return { realityCheckDefault: row.reality_check_default, realityCheckOffAllowed: row.reality_check_off_allowed === 1, helpLinks: links };
}

/** Writes a site's protection settings (the whole row; the caller merges and validates). */
export async function saveSiteProtectionSettings(db: D1Database, merchantCode: string, settings: SiteProtectionSettings, now: number): Promise<void> {
  await db.prepare(`INSERT INTO protection_site_settings (merchant_code, reality_check_default, reality_check_off_allowed, help_links, updated_at)
      VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (merchant_code) DO UPDATE SET reality_check_default = ?2,
      reality_check_off_allowed = ?3, help_links = ?4, updated_at = ?5`)
    .bind(merchantCode, settings.realityCheckDefault, settings.realityCheckOffAllowed ? 1 : 0, JSON.stringify(settings.helpLinks), now).run();
}

/** The player's own settings: the reality check interval they chose (null: none) and the last reviewed month. */
export async function playerProtectionSettings(db: D1Database, who: ProtectedMember): Promise<{ realityCheckMinutes: number | null; statementViewedMonth: string | null }> {
  const row = await db.prepare(`SELECT reality_check_minutes, statement_viewed_month FROM protection_player_settings WHERE member_id = ? AND merchant_code = ?`)
    .bind(who.memberId, who.merchantCode).first<{ reality_check_minutes: number | null; statement_viewed_month: string | null }>();
  return { realityCheckMinutes: row?.reality_check_minutes ?? null, statementViewedMonth: row?.statement_viewed_month ?? null };
}

/** Stores the player's reality check interval (minutes, 0 = off). */
export async function saveRealityCheckMinutes(db: D1Database, who: ProtectedMember, minutes: number, now: number): Promise<void> {
  await db.prepare(`INSERT INTO protection_player_settings (merchant_code, member_id, reality_check_minutes, updated_at) VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (member_id, merchant_code) DO UPDATE SET reality_check_minutes = ?3, updated_at = ?4`)
    .bind(who.merchantCode, who.memberId, minutes, now).run();
}

/** Records that the player reviewed a statement in `month` ('YYYY-MM', UTC). */
export async function markStatementViewed(db: D1Database, who: ProtectedMember, month: string, now: number): Promise<void> {
  await db.prepare(`INSERT INTO protection_player_settings (merchant_code, member_id, statement_viewed_month, updated_at) VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (member_id, merchant_code) DO UPDATE SET statement_viewed_month = ?3, updated_at = ?4`)
    .bind(who.merchantCode, who.memberId, month, now).run();
}

/** A session's start and the last "continue" on a reality check (null before one), or null for an unknown token. */
export async function sessionRealityAnchor(db: D1Database, tokenHash: string): Promise<{ startedAt: number; ackedAt: number | null } | null> {
  const row = await db.prepare(`SELECT created_at, reality_check_acked_at FROM sessions WHERE token_hash = ?`)
    .bind(tokenHash).first<{ created_at: number; reality_check_acked_at: number | null }>();
  return row ? { startedAt: row.created_at, ackedAt: row.reality_check_acked_at } : null;
}

/** Records "continue" on the session's reality check at `now`. */
export async function acknowledgeRealityCheck(db: D1Database, tokenHash: string, now: number): Promise<void> {
  await db.prepare(`UPDATE sessions SET reality_check_acked_at = ? WHERE token_hash = ?`).bind(now, tokenHash).run();
}

/**
 * Net result of a member's play in [from, to] (ms): wins + refunds − bets, the sum of the ledger's bet, win and
 * refund entries (bets are debits), minor units. An entry's money is its cash and its bonus part together (a stake
 * is paid cash first, then bonus money; docs/honest-money.md).
 */
export async function netPlayResult(db: D1Database, memberId: number, from: number, to: number): Promise<number> {
  const row = await db.prepare(`SELECT COALESCE(SUM(amount_minor + bonus_amount_minor), 0) AS n FROM ledger_entries WHERE member_id = ?
      AND kind IN ('bet', 'win', 'refund') AND created_at >= ? AND created_at <= ?`).bind(memberId, from, to).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A statement's money figures and sessions (minor units, ms). */
export interface StatementFigures {
  deposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  timePlayedMs: number;
  sessions: number;
}

/**
 * A member's statement figures over [from, to) (ms), from the ledger: deposits (credited), withdrawals (holds less
 * releases, and the older direct withdrawals), bets (stakes less refunds) and wins, each with its cash and bonus
 * parts (docs/honest-money.md); and time logged in, each session
 * from its log-in to its log-out or last request (at most its expiry, at most `now`), clipped to the period.
 */
export async function statementFigures(db: D1Database, memberId: number, from: number, to: number, now: number): Promise<StatementFigures> {
  const [money, time] = await db.batch<Record<string, number>>([
    db.prepare(`SELECT
        COALESCE(SUM(CASE WHEN kind = 'deposit' THEN amount_minor END), 0) AS deposits,
        COALESCE(-SUM(CASE WHEN kind IN ('withdraw', 'withdraw_hold', 'withdraw_release') THEN amount_minor END), 0) AS withdrawals,
        COALESCE(-SUM(CASE WHEN kind IN ('bet', 'refund') THEN amount_minor + bonus_amount_minor END), 0) AS bets,
        COALESCE(SUM(CASE WHEN kind = 'win' THEN amount_minor + bonus_amount_minor END), 0) AS wins
      FROM ledger_entries WHERE member_id = ? AND created_at >= ? AND created_at < ?`).bind(memberId, from, to),
    db.prepare(`SELECT COALESCE(SUM(MAX(0, MIN(?3, ?4, expires_at, COALESCE(revoked_at, last_seen_at)) - MAX(?2, created_at))), 0) AS played,
        COUNT(*) AS sessions
      FROM sessions WHERE member_id = ?1 AND created_at < ?3 AND MIN(expires_at, COALESCE(revoked_at, last_seen_at)) > ?2`)
      .bind(memberId, from, to, now),
  ]);
  const m = money?.results[0] ?? {};
  const t = time?.results[0] ?? {};
  return { deposits: m.deposits ?? 0, withdrawals: m.withdrawals ?? 0, bets: m.bets ?? 0, wins: m.wins ?? 0, timePlayedMs: t.played ?? 0, sessions: t.sessions ?? 0 };
}

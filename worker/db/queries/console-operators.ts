/**
 * The operator command's writes to console operators (migrations 0013_conversations.sql, 0035_console_roles_audit.sql):
 * create or change an operator with a role and sites, and the reads it needs first. Times are epoch milliseconds.
 */

/** An operator as the command shows it before a change (the audit row's `before`). */
export interface ConsoleOperatorRecord {
  id: number;
  displayName: string;
  role: string;
  sites: string[];
  totpEnabled: boolean;
  active: boolean;
}

/** The operator made on `merchantCode` with this lower-case username (active or not), or null. */
export async function findConsoleOperator(db: D1Database, merchantCode: string, username: string): Promise<ConsoleOperatorRecord | null> {
  const row = await db.prepare(`SELECT o.id, o.display_name, o.role, o.totp_enabled_at, o.status,
        (SELECT group_concat(merchant_code) FROM (SELECT merchant_code FROM console_operator_sites WHERE operator_id = o.id ORDER BY merchant_code)) AS sites
      FROM console_operators o WHERE o.merchant_code = ? AND o.username = ?`)
    .bind(merchantCode, username).first<{ id: number; display_name: string; role: string; totp_enabled_at: number | null; status: number; sites: string | null }>();
  return row ? {
    id: row.id, displayName: row.display_name, role: row.role, sites: (row.sites ?? '').split(',').filter(Boolean), totpEnabled: row.totp_enabled_at !== null,
    active: row.status === 1,
  } : null;
}

/** Sites among `sites` where another operator (not the one made on `merchantCode`) already signs in as `username`. */
export async function usernameClashes(db: D1Database, merchantCode: string, username: string, sites: readonly string[]): Promise<string[]> {
  if (sites.length === 0) return [];
  const { results } = await db.prepare(`SELECT DISTINCT s.merchant_code FROM console_operators o JOIN console_operator_sites s ON s.operator_id = o.id
      WHERE o.username = ? AND o.merchant_code <> ? AND s.merchant_code IN (${sites.map(() => '?').join(', ')})`)
    .bind(username, merchantCode, ...sites).all<{ merchant_code: string }>();
  return results.map((r) => r.merchant_code);
}

/** A change of an operator: null fields stay as they are (a new operator needs a password hash; '!' never verifies). */
export interface ConsoleOperatorChange {
  merchantCode: string;
  username: string;
  displayName: string;
  passwordHash: string | null;
  role: string | null;
  /** The full set of sites (the own merchant is kept in any case), or null to keep them. */
  sites: readonly string[] | null;
  /** Removes the second factor and the recovery codes (the operator enrols again at the next sign-in). */
  resetTotp: boolean;
}

const ID = `(SELECT id FROM console_operators WHERE merchant_code = ?1 AND username = ?2)`;

/**
 * Creates or changes the operator (active afterwards), sets its role, sites and second factor as asked, revokes every
 * open console session of theirs at `now`, and adds `audit` (the change's audit row): one batch, one transaction.
 */
export async function saveConsoleOperator(db: D1Database, change: ConsoleOperatorChange, now: number, audit: D1PreparedStatement): Promise<void> {
  const { merchantCode: m, username: u } = change;
  const statements = [
    db.prepare(`INSERT INTO console_operators (merchant_code, username, display_name, password_hash, role, status, created_at) VALUES (?1, ?2, ?3, COALESCE(?4, '!'), COALESCE(?5, 'support'), 1, ?6)
        ON CONFLICT (merchant_code, username) DO UPDATE SET display_name = excluded.display_name,
          password_hash = COALESCE(?4, password_hash), role = COALESCE(?5, role), status = 1`)
      .bind(m, u, change.displayName, change.passwordHash, change.role, now),
  ];
  if (change.sites) {
    statements.push(db.prepare(`DELETE FROM console_operator_sites WHERE operator_id = ${ID} AND merchant_code <> ?1`).bind(m, u));
    for (const site of change.sites) {
      statements.push(db.prepare(`INSERT OR IGNORE INTO console_operator_sites (operator_id, merchant_code) VALUES (${ID}, ?3)`).bind(m, u, site));
    }
  }
  if (change.resetTotp) {
    statements.push(db.prepare(`UPDATE console_operators SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = ${ID}`).bind(m, u));
    statements.push(db.prepare(`DELETE FROM console_recovery_codes WHERE operator_id = ${ID}`).bind(m, u));
  }
  statements.push(db.prepare(`UPDATE console_sessions SET revoked_at = ?3 WHERE revoked_at IS NULL AND operator_id = ${ID}`).bind(m, u, now));
  statements.push(audit);
  await db.batch(statements);
}

/** One of an operator's sites for the back office's site switcher: its name and its hosts (alphabetically). */
export interface ConsoleSiteHosts {
  code: string;
  name: string;
  hosts: string[];
}

/** The names and hosts of the sites `codes` (unknown codes left out), in the order of `codes`. */
export async function listSiteHosts(db: D1Database, codes: readonly string[]): Promise<ConsoleSiteHosts[]> {
  if (codes.length === 0) return [];
  const { results } = await db.prepare(`SELECT m.code, m.name,
        (SELECT group_concat(host, ' ') FROM (SELECT host FROM merchant_domains WHERE merchant_code = m.code ORDER BY host)) AS hosts
      FROM merchants m WHERE m.code IN (${codes.map(() => '?').join(', ')})`)
    .bind(...codes)
    .all<{ code: string; name: string; hosts: string | null }>();
  const byCode = new Map(results.map((r) => [r.code, { code: r.code, name: r.name, hosts: (r.hosts ?? '').split(' ').filter(Boolean) }]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

/** Pending social logins and the one-time codes that turn a finished one into a session. */

/** A pending authorization request (state and PKCE verifier), bound to the browser by a cookie hash. */
export interface OAuthState {
  stateHash: string;
  merchantCode: string;
  provider: string;
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
}

/** Stores a pending request; also drops requests that ended more than an hour ago. */
export async function insertOAuthState(db: D1Database, state: OAuthState, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM oauth_states WHERE expires_at < ?`).bind(now - 60 * 60 * 1000),
    db
      .prepare(
        `INSERT INTO oauth_states (state_hash, merchant_code, provider, browser_hash, code_verifier, nonce, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(state.stateHash, state.merchantCode, state.provider, state.browserHash, state.codeVerifier, state.nonce, state.expiresAt),
  ]);
}

/**
 * Uses up a pending request of this merchant and provider, in one statement: only the first caller of an
 * unused, unexpired state gets it; replays, expired and unknown states get null.
 */
export async function takeOAuthState(
  db: D1Database,
  stateHash: string,
  merchantCode: string,
  provider: string,
  now = Date.now(),
): Promise<Pick<OAuthState, 'browserHash' | 'codeVerifier' | 'nonce'> | null> {
  const row = await db
    .prepare(
      `UPDATE oauth_states SET used_at = ?1
       WHERE state_hash = ?2 AND merchant_code = ?3 AND provider = ?4 AND used_at IS NULL AND expires_at > ?1
       RETURNING browser_hash, code_verifier, nonce`,
    )
    .bind(now, stateHash, merchantCode, provider)
    .first<{ browser_hash: string; code_verifier: string; nonce: string }>();
  return row ? { browserHash: row.browser_hash, codeVerifier: row.code_verifier, nonce: row.nonce } : null;
}

/** Stores a one-time session exchange code (hash) for a member. */
export async function insertExchangeCode(
  db: D1Database,
  code: { codeHash: string; memberId: number; merchantCode: string; firstTimeLogin: boolean; expiresAt: number },
  now = Date.now(),
): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM session_exchange_codes WHERE expires_at < ?`).bind(now - 60 * 60 * 1000),
    db
      .prepare(
        `INSERT INTO session_exchange_codes (code_hash, member_id, merchant_code, first_time_login, expires_at) VALUES (?, ?, ?, ?, ?)`,
      )
      .bind(code.codeHash, code.memberId, code.merchantCode, code.firstTimeLogin ? 1 : 0, code.expiresAt),
  ]);
}

/** Uses up an exchange code of this merchant; returns its member and first-login flag, or null. */
export async function takeExchangeCode(
  db: D1Database,
  codeHash: string,
  merchantCode: string,
  now = Date.now(),
): Promise<{ memberId: number; firstTimeLogin: boolean } | null> {
  const row = await db
    .prepare(
      `UPDATE session_exchange_codes SET used_at = ?1
       WHERE code_hash = ?2 AND merchant_code = ?3 AND used_at IS NULL AND expires_at > ?1
       RETURNING member_id, first_time_login`,
    )
    .bind(now, codeHash, merchantCode)
    .first<{ member_id: number; first_time_login: number }>();
  return row ? { memberId: row.member_id, firstTimeLogin: row.first_time_login === 1 } : null;
}

/** External identity providers per merchant and the social accounts linked to members. */
import type { SocialLoginConfig } from '../../model/site-settings';

/** Provider names (migration 0003). */
export type ProviderName = 'google' | 'facebook' | 'firebase';

/** A provider's configuration on one merchant; the client secret lives in the worker secret `clientSecretEnv`. */
export interface IdentityProvider extends SocialLoginConfig {
  provider: ProviderName;
  scopes: string[];
}

interface Row {
  provider: ProviderName;
  client_id: string;
  client_secret_env: string;
  authorize_url: string;
  token_url: string;
  userinfo_url: string;
  issuer: string;
  jwks_url: string;
  scopes: string;
}

/** The merchant's configuration of a provider, or null when it has none. */
export async function findIdentityProvider(
  db: D1Database,
  merchantCode: string,
  provider: ProviderName,
): Promise<IdentityProvider | null> {
  const row = await db
    .prepare(
      `SELECT provider, client_id, client_secret_env, authorize_url, token_url, userinfo_url, issuer, jwks_url, scopes
       FROM identity_providers WHERE merchant_code = ? AND provider = ?`,
    )
    .bind(merchantCode, provider)
    .first<Row>();
  if (!row) return null;
  return {
    provider: row.provider,
    clientId: row.client_id,
    clientSecretEnv: row.client_secret_env,
    authorizeUrl: row.authorize_url,
    tokenUrl: row.token_url,
    userinfoUrl: row.userinfo_url,
    issuer: row.issuer,
    jwksUrl: row.jwks_url,
    scopes: row.scopes.split(/\s+/).filter((s) => s !== ''),
  };
}

/** The member linked to a provider account on a merchant, or null. */
export async function findLinkedMember(
  db: D1Database,
  merchantCode: string,
  provider: ProviderName,
  subject: string,
): Promise<number | null> {
  const row = await db
    .prepare(`SELECT member_id FROM oauth_identities WHERE merchant_code = ? AND provider = ? AND subject = ?`)
    .bind(merchantCode, provider, subject)
    .first<{ member_id: number }>();
  return row?.member_id ?? null;
}

/** Statement linking a provider account to the member with this username key (run in the member's batch). */
export function linkIdentityStatement(
  db: D1Database,
  link: { merchantCode: string; provider: ProviderName; subject: string; usernameKey: string; email: string },
  now = Date.now(),
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO oauth_identities (merchant_code, provider, subject, member_id, email, created_at)
       VALUES (?1, ?2, ?3, (SELECT id FROM members WHERE merchant_code = ?1 AND username = ?4), ?5, ?6)`,
    )
    .bind(link.merchantCode, link.provider, link.subject, link.usernameKey, link.email, now);
}

/**
 * The age confirmation of a member who registered without the registration form (a social login), on a site whose
 * bonus rules require the date of birth (migration 0034 `bonus_rules.requires_dob`; docs/honest-money.md "Age check
 * and consent"). The date lives on the member's profile (`profile.dateOfBirth`, as registration keeps it); an
 * under-age declaration is kept too (`profile.underAgeDeclaredAt`, epoch ms), so another date cannot be tried.
 */

/**
 * SQL (a boolean expression) that is true when the member `member` of site `merchant` (SQL expressions of the member id and site code) is a real
 * player (type 0, 1 or 2) of a site that requires the date of birth and has none on the profile: their money may not
 * move (the limit guard, worker/db/queries/protection-guard.ts, aborts the movement's batch).
 */
export function ageUnconfirmedSql(member: string, merchant: string): string {
  return `EXISTS (SELECT 1 FROM members am JOIN bonus_rules ar ON ar.merchant_code = am.merchant_code
    WHERE am.id = ${member} AND am.merchant_code = ${merchant} AND am.type IN (0, 1, 2) AND ar.requires_dob = 1 AND json_extract(am.profile, '$.dateOfBirth') IS NULL)`;
}

/** What the age confirmation needs to know of a member. */
export interface AgeRecord {
  /** The site requires the date of birth. */
  requiresDob: boolean;
  /** The site's legal age (years). */
  legalAge: number;
  /** Real player (type 0, 1, 2): trial accounts never move real money. */
  real: boolean;
  dateOfBirth: string | null;
  underAgeDeclaredAt: number | null;
}

/** The member's age record, or null for no such member of the site. */
export async function findAgeRecord(db: D1Database, merchantCode: string, memberId: number): Promise<AgeRecord | null> {
  const row = await db
    .prepare(
      `SELECT COALESCE(r.requires_dob, 0) AS requires_dob, COALESCE(r.legal_age, 18) AS legal_age, m.type,
         json_extract(m.profile, '$.dateOfBirth') AS dob, json_extract(m.profile, '$.underAgeDeclaredAt') AS under_age
       FROM members m LEFT JOIN bonus_rules r ON r.merchant_code = m.merchant_code
       WHERE m.id = ?1 AND m.merchant_code = ?2`,
    )
    .bind(memberId, merchantCode)
    .first<{ requires_dob: number; legal_age: number; type: number; dob: string | null; under_age: number | null }>();
  if (!row) return null;
  return {
    requiresDob: row.requires_dob === 1, legalAge: row.legal_age, real: [0, 1, 2].includes(row.type),
    dateOfBirth: row.dob === null ? null : String(row.dob), underAgeDeclaredAt: row.under_age === null ? null : Number(row.under_age),
  };
}

/** Stores the date of birth once: only while the profile has none and no under-age declaration. True when stored. */
export async function storeDateOfBirth(db: D1Database, memberId: number, dateOfBirth: string): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE members SET profile = json_set(profile, '$.dateOfBirth', ?2)
       WHERE id = ?1 AND json_extract(profile, '$.dateOfBirth') IS NULL AND json_extract(profile, '$.underAgeDeclaredAt') IS NULL`,
    )
    .bind(memberId, dateOfBirth)
    .run();
  return result.meta.changes === 1;
}

/** Keeps an under-age declaration (the first one's time), so the member cannot try another date. */
export async function storeUnderAgeDeclaration(db: D1Database, memberId: number, now: number): Promise<void> {
  await db
    .prepare(`UPDATE members SET profile = json_set(profile, '$.underAgeDeclaredAt', ?2) WHERE id = ?1 AND json_extract(profile, '$.underAgeDeclaredAt') IS NULL`)
    .bind(memberId, now)
    .run();
}

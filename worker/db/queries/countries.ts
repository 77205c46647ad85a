/** A country of the dialling-code list (GET /wps/system/country). */
export interface Country {
  countryCode: string;
  dialingCode: string;
  name: string;
}

/** Every country in list order. */
export async function listCountries(db: D1Database): Promise<Country[]> {
  const { results } = await db
    .prepare(`SELECT country_code, dialing_code, name FROM countries ORDER BY sort_order, name`)
    .all<{ country_code: string; dialing_code: string; name: string }>();
  return results.map((r) => ({ countryCode: r.country_code, dialingCode: r.dialing_code, name: r.name }));
}

/** True when some country uses this dialling code (digits only). */
export async function dialingCodeExists(db: D1Database, dialingCode: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS hit FROM countries WHERE dialing_code = ? LIMIT 1`)
    .bind(dialingCode)
    .first<{ hit: number }>();
  return row !== null;
}

/**
 * The operator's maintenance texts (player-shell §4 App status "maintenance page"; operator command
 * `maintenance-text`, scripts/operator-commands.ts): plain text per site and language, `'*'` standing for every
 * language without its own. The edge writes the text into the maintenance page (worker/edge/pages/gate-pages.ts).
 * Imports nothing, so the operator script runs it under Node's type stripping.
 */

/** The `language` of the text shown in every language that has none of its own. */
export const EVERY_LANGUAGE = '*';

/**
 * The maintenance text a visitor reading `language` (upper-case code, e.g. `AR`) sees on the merchant's site: the
 * operator's text in that language, else the operator's text for every language, else null (the page keeps its
 * built-in text, translated).
 */
export async function findMaintenanceText(db: D1Database, merchantCode: string, language: string): Promise<string | null> {
  const row = await db
    .prepare(`SELECT text FROM maintenance_texts WHERE merchant_code = ? AND language IN (?, '*')
      ORDER BY language = '*' LIMIT 1`)
    .bind(merchantCode, language)
    .first<{ text: string }>();
  return row?.text ?? null;
}

/**
 * The statement storing the merchant's maintenance text for `language` (a code or `'*'`); `null` removes it
 * (built-in text again).
 */
export function maintenanceTextStatement(db: D1Database, merchantCode: string, language: string, text: string | null): D1PreparedStatement {
  if (text === null) return db.prepare(`DELETE FROM maintenance_texts WHERE merchant_code = ? AND language = ?`).bind(merchantCode, language);
  return db
    .prepare(`INSERT INTO maintenance_texts (merchant_code, language, text) VALUES (?, ?, ?)
      ON CONFLICT (merchant_code, language) DO UPDATE SET text = excluded.text`)
    .bind(merchantCode, language, text);
}

/** Stores the merchant's maintenance text for `language` (a code or `'*'`); `null` removes it (built-in text again). */
export async function setMaintenanceText(db: D1Database, merchantCode: string, language: string, text: string | null): Promise<void> {
  await maintenanceTextStatement(db, merchantCode, language, text).run();
}

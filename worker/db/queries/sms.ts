/** SMS codes and the local SMS outbox. */

/** What a code is for: 'noLogin' (SMS login, password reset) or 'register' (mobile registration). */
export type SmsPurpose = 'noLogin' | 'register';

/** A new code row; only the hash of the code is stored. */
export interface NewSmsCode {
  id: string;
  merchantCode: string;
  purpose: SmsPurpose;
  mobileE164: string;
  codeHash: string;
  expiresAt: number;
}

/**
 * Stores a code and retires every earlier unused code of the same phone and purpose (only the newest code
 * works), in one batch. Also drops codes that expired more than a day ago.
 */
export async function insertSmsCode(db: D1Database, code: NewSmsCode, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM sms_codes WHERE expires_at < ?`).bind(now - 24 * 60 * 60 * 1000),
    db
      .prepare(
        `UPDATE sms_codes SET used_at = ?1 WHERE merchant_code = ?2 AND purpose = ?3 AND mobile_e164 = ?4 AND used_at IS NULL`,
      )
      .bind(now, code.merchantCode, code.purpose, code.mobileE164),
    db
      .prepare(
        `INSERT INTO sms_codes (id, merchant_code, purpose, mobile_e164, code_hash, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(code.id, code.merchantCode, code.purpose, code.mobileE164, code.codeHash, now, code.expiresAt),
  ]);
}

/** The live code being tried: its id, hash and how many tries it has had including this one. */
export interface CodeAttempt {
  id: string;
  codeHash: string;
  attempts: number;
}

/**
 * Counts one try against the newest live code of a phone and returns it, in one statement; null when there
 * is no unused, unexpired code with tries left.
 */
export async function countSmsAttempt(
  db: D1Database,
  merchantCode: string,
  purpose: SmsPurpose,
  mobileE164: string,
  maxAttempts: number,
  now = Date.now(),
): Promise<CodeAttempt | null> {
  const row = await db
    .prepare(
      `UPDATE sms_codes SET attempts = attempts + 1
       WHERE id = (SELECT id FROM sms_codes WHERE merchant_code = ?1 AND purpose = ?2 AND mobile_e164 = ?3
                   AND used_at IS NULL AND expires_at > ?4 AND attempts < ?5 ORDER BY created_at DESC LIMIT 1)
       RETURNING id, code_hash, attempts`,
    )
    .bind(merchantCode, purpose, mobileE164, now, maxAttempts)
    .first<{ id: string; code_hash: string; attempts: number }>();
  return row ? { id: row.id, codeHash: row.code_hash, attempts: row.attempts } : null;
}

/** Marks a code used; true only for the one caller that got it first (single use under races). */
export async function burnSmsCode(db: D1Database, id: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .prepare(`UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL RETURNING id`)
    .bind(now, id)
    .first<{ id: string }>();
  return row !== null;
}

/** A message for the local outbox (SMS_PROVIDER=outbox). */
export interface OutboxMessage {
  merchantCode: string;
  countryDialingCode: string;
  mobileNum: string;
  body: string;
}

/** Writes a message to the outbox that `npm run sms:outbox` prints. */
export async function insertOutboxMessage(db: D1Database, message: OutboxMessage, now = Date.now()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO sms_outbox (merchant_code, country_dialing_code, mobile_num, body, created_at) VALUES (?, ?, ?, ?, ?)`,
    )
    .bind(message.merchantCode, message.countryDialingCode, message.mobileNum, message.body, now)
    .run();
}

/**
 * The operator's conversation commands (docs/operator-guide.md; accounts-and-communication §2 Message centre, the
 * operator console, an external chat): welcome templates, console operators and the chat URL as
 * `npm run operator` writes them. Sending a message uses inbox.ts `sendInboxMessage`, as the worker does. Imports
 * nothing, so the operator script runs it under Node's type stripping.
 */

/** When the merchant's message with this key was stored (epoch ms), or null when the key is unused. */
export async function findMessageSentAt(db: D1Database, merchantCode: string, messageKey: string): Promise<number | null> {
  const row = await db
    .prepare(`SELECT created_at FROM inbox_messages WHERE merchant_code = ? AND message_key = ?`)
    .bind(merchantCode, messageKey)
    .first<{ created_at: number }>();
  return row?.created_at ?? null;
}

/** Sets the welcome message new members receive in `language` (upper-case code; EN is the fallback); `content` sanitised. */
export async function upsertWelcomeTemplate(db: D1Database, merchantCode: string, language: string, title: string, content: string): Promise<void> {
  await db
    .prepare(`INSERT INTO inbox_templates (merchant_code, kind, language, title, content) VALUES (?, 'welcome', ?, ?, ?)
      ON CONFLICT (merchant_code, kind, language) DO UPDATE SET title = excluded.title, content = excluded.content`)
    .bind(merchantCode, language, title, content)
    .run();
}

/** A support agent of the operator console to create, or whose password to reset (`username` lower-case). */
export interface ConsoleOperatorUpsert {
  merchantCode: string;
  username: string;
  displayName: string;
  /** worker/services/crypto/password.ts `hashPassword` of the new password. */
  passwordHash: string;
}

/**
 * Creates the console operator (active), or gives an existing one the new display name and password and
 * activates them; either way every open console session of theirs is revoked at `now` (epoch ms). One batch.
 */
export async function upsertConsoleOperator(db: D1Database, operator: ConsoleOperatorUpsert, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(`INSERT INTO console_operators (merchant_code, username, display_name, password_hash, status, created_at) VALUES (?1, ?2, ?3, ?4, 1, ?5)
        ON CONFLICT (merchant_code, username) DO UPDATE SET display_name = excluded.display_name, password_hash = excluded.password_hash, status = 1`)
      .bind(operator.merchantCode, operator.username, operator.displayName, operator.passwordHash, now),
    db
      .prepare(`UPDATE console_sessions SET revoked_at = ?1 WHERE revoked_at IS NULL
        AND operator_id = (SELECT id FROM console_operators WHERE merchant_code = ?2 AND username = ?3)`)
      .bind(now, operator.merchantCode, operator.username),
  ]);
}

/**
 * Sets the merchant's external live-chat URL template (`{ticket}` — a single-use external chat ticket, also written
 * `{token}` —, `{language}`, `{merchant}`, `{username}` filled in by launch chat), or null for the built-in chat.
 */
export async function setChatUrlTemplate(db: D1Database, merchantCode: string, template: string | null): Promise<void> {
  await db
    .prepare(`INSERT INTO chat_settings (merchant_code, external_url_template) VALUES (?, ?)
      ON CONFLICT (merchant_code) DO UPDATE SET external_url_template = excluded.external_url_template`)
    .bind(merchantCode, template)
    .run();
}

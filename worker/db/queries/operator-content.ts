/**
 * The operator's content and outbox commands (docs/operator-guide.md, "Content", `npm run operator -- content …`,
 * `npm run sms:outbox`, `npm run mail:outbox`): announcements to list, publish and translate, payment method names, the players' feedback to read,
 * the local outboxes to print, and the batch that runs the content import and the demo seed. Imports nothing, so
 * the operator scripts run it under Node's type stripping.
 */

/** An announcement as `content list` shows it (dates epoch ms, end null when open-ended; published 0 or 1). */
export interface OperatorAnnouncementRow {
  slug: string;
  type: string;
  group_name: string;
  execution: string;
  start_date: number;
  end_date: number | null;
  published: number;
  title: string;
}

/** The merchant's announcements by type, order and slug. */
export async function listOperatorAnnouncements(db: D1Database, merchantCode: string): Promise<OperatorAnnouncementRow[]> {
  const { results } = await db
    .prepare(`SELECT slug, type, group_name, execution, start_date, end_date, published, title FROM announcements
      WHERE merchant_code = ? ORDER BY type, sort_order, slug`)
    .bind(merchantCode)
    .all<OperatorAnnouncementRow>();
  return results;
}

/**
 * Sets an announcement's version in `language` (upper-case code of contract/languageCodes.ts; migration 0025): its
 * title (plain text) and body (rich HTML, already sanitised by the caller); the label stays the default's. False
 * when the merchant has no announcement `slug`.
 */
export async function setAnnouncementTranslation(
  db: D1Database, merchantCode: string, slug: string, language: string, title: string, content: string,
): Promise<boolean> {
  const result = await db
    .prepare(`INSERT INTO announcement_translations (announcement_id, language, title, content)
      SELECT id, ?, ?, ? FROM announcements WHERE merchant_code = ? AND slug = ?
      ON CONFLICT (announcement_id, language) DO UPDATE SET title = excluded.title, content = excluded.content`)
    .bind(language, title, content, merchantCode, slug)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Sets a payment method's display name in `language` (upper-case code; migration 0025). False when the merchant
 * has no method `methodCode`.
 */
export async function setPaymentMethodName(
  db: D1Database, merchantCode: string, methodCode: string, language: string, name: string,
): Promise<boolean> {
  const result = await db
    .prepare(`INSERT INTO payment_method_names (merchant_code, method_code, language, display_name)
      SELECT merchant_code, method_code, ?, ? FROM payment_methods WHERE merchant_code = ? AND method_code = ?
      ON CONFLICT (merchant_code, method_code, language) DO UPDATE SET display_name = excluded.display_name`)
    .bind(language, name, merchantCode, methodCode)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** A player's feedback as the operator reads it (read_at null while unread; type: feedback type code). */
export interface OperatorFeedbackRow {
  id: number;
  created_at: number;
  sender: string;
  type: number;
  content: string;
  read_at: number | null;
}

/** The merchant's feedback, newest first, at most 200: unread only, or read too when `all`. */
export async function listOperatorFeedback(db: D1Database, merchantCode: string, all: boolean): Promise<OperatorFeedbackRow[]> {
  const { results } = await db
    .prepare(`SELECT id, created_at, sender, type, content, read_at FROM feedback
      WHERE merchant_code = ? AND (? = 1 OR read_at IS NULL) ORDER BY id DESC LIMIT 200`)
    .bind(merchantCode, all ? 1 : 0)
    .all<OperatorFeedbackRow>();
  return results;
}

/** Marks feedback read at `now` (epoch ms), by id. */
export async function markFeedbackRead(db: D1Database, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.prepare(`UPDATE feedback SET read_at = ? WHERE id IN (SELECT value FROM json_each(?))`).bind(now, JSON.stringify(ids)).run();
}

/** A message of the local SMS outbox (created_at epoch ms). */
export interface SmsOutboxRow { created_at: number; merchant_code: string; country_dialing_code: string; mobile_num: string; body: string }

/** The newest 50 messages of the local SMS outbox (SMS_PROVIDER=outbox), newest first. */
export async function listSmsOutbox(db: D1Database): Promise<SmsOutboxRow[]> {
  const { results } = await db
    .prepare(`SELECT created_at, merchant_code, country_dialing_code, mobile_num, body FROM sms_outbox ORDER BY id DESC LIMIT 50`)
    .all<SmsOutboxRow>();
  return results;
}

/** An e-mail of the local outbox (created_at epoch ms). */
export interface EmailOutboxRow { created_at: number; merchant_code: string; to_address: string; subject: string; body: string }

/** The newest 20 e-mails of the local outbox (mail provider `outbox`), newest first. */
export async function listEmailOutbox(db: D1Database): Promise<EmailOutboxRow[]> {
  const { results } = await db
    .prepare(`SELECT created_at, merchant_code, to_address, subject, body FROM email_outbox ORDER BY id DESC LIMIT 20`)
    .all<EmailOutboxRow>();
  return results;
}

/**
 * Runs statements built inside the worker as one D1 batch (one transaction: all or nothing): the demo seed
 * (worker/db/seed/demo.ts `demoSeedStatements`) and the content import (worker/db/queries/content-import.ts
 * `contentImportSql`). Both build their own SQL with values escaped as literals; nothing from a command line
 * reaches it unchecked.
 */
export async function runStatementBatch(db: D1Database, statements: readonly string[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements.map((sql) => db.prepare(sql)));
}

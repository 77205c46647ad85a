/**
 * `npm run operator -- content …`: the operator's content without code (issue: operators manage it from a folder).
 *   content import <merchant> <folder>        validate the whole folder, upload its images, then write it in one batch
 *   content list <merchant>                   announcements with type, group, window and published state
 *   content publish|unpublish <merchant> <slug>
 *   content translate <merchant> <slug> --language XX <title> [html]   an announcement's version in language XX
 *   content method-name <merchant> <method> --language XX <name>       a payment method's name in language XX
 *   content feedback <merchant> [--all]       unread feedback (newest first), then marked read; --all shows read too
 * The bundle's schemas are worker/model/content-bundle.ts and the import's statements worker/db/queries/content-import.ts,
 * with the API's own sanitiser; every read and write goes through worker/db/queries (operator-content.ts, members.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import './extensionless-imports.ts';
import { contentBundle } from '../worker/model/content-bundle.ts';
import { contentImportSql } from '../worker/db/queries/content-import.ts';
import { findMemberByUsername } from '../worker/db/queries/members.ts';
import {
  listOperatorAnnouncements, listOperatorFeedback, markFeedbackRead, runStatementBatch, setAnnouncementTranslation, setPaymentMethodName,
} from '../worker/db/queries/operator-content.ts';
import { readContentFolder } from './content-folder.ts';
import { LANGUAGES, type Language } from '../contract/languageCodes.ts';
import { plainText, sanitizeRich } from '../worker/model/rich-text.ts';
import { widthVariants } from './content-variants.ts';
import type { OperatorDatabase } from './database.ts';
import { wrangler } from './wrangler.ts';

/** Usage lines of the content commands. */
export const CONTENT_USAGE = `  content import <merchant> <folder>      import announcements, help, contract offers and branding (idempotent)
  content list <merchant>                 list the announcements
  content publish|unpublish <merchant> <slug>
  content translate <merchant> <slug> --language XX <title> [html]
                                          the announcement's title and body in language XX (the rest is its own)
  content method-name <merchant> <method> --language XX <name>
                                          a payment method's name in language XX
  content feedback <merchant> [--all]     read the players' feedback (unread ones are then marked read)`;

const FEEDBACK_TYPES: Record<number, string> = { 0: 'other', 1: 'deposit', 2: 'withdraw', 3: 'game', 4: 'service', 6: 'apply' };

/** Who the command line is, for audit rows: `cli:<OS user>`. */
function cliOperator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** C0 and C1 control characters (a terminal acts on them). */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Runs one content command; returns the text to print. Throws Error with a clear message on refusal. */
export async function runContentCommand(args: string[], database: OperatorDatabase, code: string): Promise<string> {
  const [verb] = args;
  const { db, media } = database;
  if (verb === 'import') {
    const folder = args[2];
    if (!folder) throw new Error('content import needs a folder');
    const now = Date.now();
    const { bundle: raw, images } = await readContentFolder(folder, code, now);
    const parsed = contentBundle.safeParse(raw);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`${folder} is not valid; nothing was written:\n${lines.join('\n')}`);
    }
    for (const offer of parsed.data.contracts) {
      if (!(await findMemberByUsername(db, code, offer.agent))) throw new Error(`contracts/${offer.slug}.md: no member ${offer.agent} on ${code}; nothing was written`);
    }
    // Images first (content-addressed keys: an interrupted import leaves at most unreferenced files, no rows).
    const cacheControl = 'public, max-age=31536000, immutable';
    for (const image of images) {
      if (media) await media.put(image.key, readFileSync(image.file), { httpMetadata: { contentType: image.type, cacheControl } });
      else wrangler(['r2', 'object', 'put', `playdeck-media/${image.key}`, '--file', image.file, '--content-type', image.type, '--remote']);
      for (const variant of await widthVariants(image.key, image.file, image.type)) {
        if (media) {
          await media.put(variant.key, variant.bytes, { httpMetadata: { contentType: variant.type, cacheControl } });
          continue;
        }
        mkdirSync('.wrangler', { recursive: true });
        const copy = `.wrangler/${variant.key.replace(/\//g, '_')}`;
        writeFileSync(copy, variant.bytes);
        wrangler(['r2', 'object', 'put', `playdeck-media/${variant.key}`, '--file', copy, '--content-type', variant.type, '--remote']);
      }
    }
    // Then every statement in one D1 batch (one transaction).
    await runStatementBatch(db, contentImportSql(code, parsed.data, now));
    const d = parsed.data;
    return `${code}: imported ${d.announcements.length} announcements, ${d.help.length} help entries, ${d.contracts.length} contract offers, ` +
      `${images.length} images${d.branding ? ', branding' : ''}.`;
  }
  if (verb === 'list') {
    const rows = await listOperatorAnnouncements(db, code);
    if (rows.length === 0) return `${code}: no announcements.`;
    const day = (v: unknown) => (v === null ? '…' : new Date(Number(v)).toISOString().slice(0, 10));
    return rows.map((r) => `${r.published ? 'published  ' : 'unpublished'} ${String(r.type).padEnd(2)} ${String(r.group_name || '-').padEnd(10)} ` +
      `${String(r.execution)} ${day(r.start_date)}–${day(r.end_date)}  ${String(r.slug)}  ${String(r.title)}`).join('\n');
  }
  if (verb === 'publish' || verb === 'unpublish') {
    const slug = args[2];
    if (!slug) throw new Error(`content ${verb} needs a slug`);
    // The back office's service: the change and its audit row (cli:<OS user>) in one batch.
    const { publishAnnouncementBySlug } = await import('../worker/services/content/content-publish.ts');
    const actor = { merchantCode: code, operatorId: null, operator: cliOperator(), address: '' };
    if (!(await publishAnnouncementBySlug(db, code, slug, verb === 'publish', actor))) {
      throw new Error(`${code} has no announcement ${slug}. See: npm run operator -- content list ${code}`);
    }
    return `${code}: ${slug} ${verb === 'publish' ? 'published' : 'unpublished'}.`;
  }
  if (verb === 'translate' || verb === 'method-name') return setInLanguage(verb, args, db, code);
  if (verb === 'feedback') {
    const all = args.includes('--all');
    const rows = await listOperatorFeedback(db, code, all);
    if (rows.length === 0) return `${code}: no ${all ? '' : 'unread '}feedback.`;
    const unread = rows.filter((r) => r.read_at === null).map((r) => r.id);
    await markFeedbackRead(db, unread, Date.now());
    // Players' text is printed without control characters, so it cannot drive the terminal.
    const clean = (s: string) => [...s].map((ch) => (isControl(ch) ? ' ' : ch)).join('');
    return rows.map((r) => `#${r.id} ${new Date(r.created_at).toISOString()} ${clean(r.sender)} [${FEEDBACK_TYPES[r.type] ?? r.type}]\n  ${clean(r.content)}`).join('\n');
  }
  throw new Error(`unknown content command ${verb ?? ''}`);
}

/**
 * `content translate <merchant> <slug> --language XX <title> [html]` and `content method-name <merchant> <method>
 * --language XX <name>`: the operator's words in one more language (docs/operator-guide.md, "Content in several languages"). The
 * language is a code of contract/languageCodes.ts (any case); the title and name are stored as plain text, the
 * body sanitised as an import sanitises it. Throws (nothing written) on a missing or unknown language, a missing
 * text, an unknown slug or method.
 */
async function setInLanguage(verb: 'translate' | 'method-name', args: string[], db: D1Database, code: string): Promise<string> {
  const at = args.indexOf('--language');
  const asked = at > 0 ? (args[at + 1] ?? '').toUpperCase() : '';
  const language = (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : null;
  if (!language) throw new Error(`content ${verb} needs --language XX, a supported language code (EN, AR, CN, …)`);
  const [key, text, html] = args.filter((_, i) => i !== at && i !== at + 1).slice(2);
  const title = plainText(text ?? '').trim();
  if (!key || !title) throw new Error(verb === 'translate' ? 'content translate needs a slug and a title' : 'content method-name needs a method code and a name');
  if (verb === 'translate') {
    if (!(await setAnnouncementTranslation(db, code, key, language, title, sanitizeRich(html ?? '')))) {
      throw new Error(`${code} has no announcement ${key}. See: npm run operator -- content list ${code}`);
    }
    return `${code}: ${key} in ${language}: ${title}`;
  }
  if (!(await setPaymentMethodName(db, code, key, language, title))) throw new Error(`${code} has no payment method ${key}`);
  return `${code}: payment method ${key} in ${language}: ${title}`;
}

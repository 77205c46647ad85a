/**
 * `npm run operator -- content …`: the operator's content without code (issue: operators manage it from a folder).
 *   content import <merchant> <folder>        validate the whole folder, upload its images, then write it in one batch
 *   content list <merchant>                   announcements with type, group, window and published state
 *   content publish|unpublish <merchant> <slug>
 *   content feedback <merchant> [--all]       unread feedback (newest first), then marked read; --all shows read too
 * The statements come from worker/services/content/content-bundle.ts, whose schemas and sanitiser are the API's own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { contentBundle, contentImportSql, publishSql, sqlText } from '../worker/services/content/content-bundle.ts';
import { readContentFolder } from './content-folder.ts';
import { widthVariants } from './content-variants.ts';
import { d1Execute, wrangler } from './wrangler.ts';

/** Usage lines of the content commands. */
export const CONTENT_USAGE = `  content import <merchant> <folder>      import announcements, help, contract offers and branding (idempotent)
  content list <merchant>                 list the announcements
  content publish|unpublish <merchant> <slug>
  content feedback <merchant> [--all]     read the players' feedback (unread ones are then marked read)`;

const FEEDBACK_TYPES: Record<number, string> = { 0: 'other', 1: 'deposit', 2: 'withdraw', 3: 'game', 4: 'service', 6: 'apply' };

/** The two bindings a local import uses (the scripts are typed without the Workers runtime types). */
type LocalBindings = {
  DB: { prepare(sql: string): unknown; batch(statements: unknown[]): Promise<unknown> };
  MEDIA: { put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string; cacheControl: string } }): Promise<unknown> };
};

/** C0 and C1 control characters (a terminal acts on them). */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Runs one content command; returns the text to print. Throws Error with a clear message on refusal. */
export async function runContentCommand(args: string[], where: string[], code: string): Promise<string> {
  const [verb] = args;
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
      const found = d1Execute(where, `SELECT id FROM members WHERE merchant_code = ${sqlText(code)} AND username = ${sqlText(offer.agent)}`).results;
      if (found.length === 0) throw new Error(`contracts/${offer.slug}.md: no member ${offer.agent} on ${code}; nothing was written`);
    }
    const statements = contentImportSql(code, parsed.data, now);
    if (where.includes('--local')) {
      // One local workerd for the whole import: images, then every statement in one D1 batch (one transaction).
      const { getPlatformProxy } = await import('wrangler');
      const state = process.env.PLAYDECK_STATE ? `${process.env.PLAYDECK_STATE}/v3` : '.wrangler/state/v3';
      const proxy = await getPlatformProxy<LocalBindings>({ configPath: 'wrangler.jsonc', persist: { path: state } });
      try {
        const cacheControl = 'public, max-age=31536000, immutable';
        for (const image of images) {
          await proxy.env.MEDIA.put(image.key, readFileSync(image.file), { httpMetadata: { contentType: image.type, cacheControl } });
          for (const variant of await widthVariants(image.key, image.file, image.type)) {
            await proxy.env.MEDIA.put(variant.key, variant.bytes, { httpMetadata: { contentType: variant.type, cacheControl } });
          }
        }
        await proxy.env.DB.batch(statements.map((sql) => proxy.env.DB.prepare(sql)));
      } finally {
        await proxy.dispose();
      }
    } else {
      // Images first (content-addressed keys: an interrupted import leaves at most unreferenced files, no rows).
      for (const image of images) {
        wrangler(['r2', 'object', 'put', `playdeck-media/${image.key}`, '--file', image.file, '--content-type', image.type, ...where]);
        for (const variant of await widthVariants(image.key, image.file, image.type)) {
          mkdirSync('.wrangler', { recursive: true });
          const copy = `.wrangler/${variant.key.replace(/\//g, '_')}`;
          writeFileSync(copy, variant.bytes);
          wrangler(['r2', 'object', 'put', `playdeck-media/${variant.key}`, '--file', copy, '--content-type', variant.type, ...where]);
        }
      }
      mkdirSync('.wrangler', { recursive: true });
      const file = `.wrangler/content-${code}.sql`;
      writeFileSync(file, statements.join(';\n') + ';\n');
      wrangler(['d1', 'execute', 'DB', ...where, '--file', file, '--yes']);
    }
    const d = parsed.data;
    return `${code}: imported ${d.announcements.length} announcements, ${d.help.length} help entries, ${d.contracts.length} contract offers, ` +
      `${images.length} images${d.branding ? ', branding' : ''}.`;
  }
  if (verb === 'list') {
    const rows = d1Execute<Record<string, string | number | null>>(where,
      `SELECT slug, type, group_name, execution, start_date, end_date, published, title FROM announcements
        WHERE merchant_code = ${sqlText(code)} ORDER BY type, sort_order, slug`).results;
    if (rows.length === 0) return `${code}: no announcements.`;
    const day = (v: unknown) => (v === null ? '…' : new Date(Number(v)).toISOString().slice(0, 10));
    return rows.map((r) => `${r.published ? 'published  ' : 'unpublished'} ${String(r.type).padEnd(2)} ${String(r.group_name || '-').padEnd(10)} ` +
      `${String(r.execution)} ${day(r.start_date)}–${day(r.end_date)}  ${String(r.slug)}  ${String(r.title)}`).join('\n');
  }
  if (verb === 'publish' || verb === 'unpublish') {
    const slug = args[2];
    if (!slug) throw new Error(`content ${verb} needs a slug`);
    const found = d1Execute(where, `SELECT id FROM announcements WHERE merchant_code = ${sqlText(code)} AND slug = ${sqlText(slug)}`).results;
    if (found.length === 0) throw new Error(`${code} has no announcement ${slug}. See: npm run operator -- content list ${code}`);
    d1Execute(where, publishSql(code, slug, verb === 'publish'));
    return `${code}: ${slug} ${verb === 'publish' ? 'published' : 'unpublished'}.`;
  }
  if (verb === 'feedback') {
    const all = args.includes('--all');
    const rows = d1Execute<{ id: number; created_at: number; sender: string; type: number; content: string; read_at: number | null }>(where,
      `SELECT id, created_at, sender, type, content, read_at FROM feedback WHERE merchant_code = ${sqlText(code)}
        ${all ? '' : 'AND read_at IS NULL'} ORDER BY id DESC LIMIT 200`).results;
    if (rows.length === 0) return `${code}: no ${all ? '' : 'unread '}feedback.`;
    const unread = rows.filter((r) => r.read_at === null).map((r) => r.id);
    if (unread.length > 0) d1Execute(where, `UPDATE feedback SET read_at = ${Date.now()} WHERE id IN (${unread.join(',')})`);
    // Players' text is printed without control characters, so it cannot drive the terminal.
    const clean = (s: string) => [...s].map((ch) => (isControl(ch) ? ' ' : ch)).join('');
    return rows.map((r) => `#${r.id} ${new Date(r.created_at).toISOString()} ${clean(r.sender)} [${FEEDBACK_TYPES[r.type] ?? r.type}]\n  ${clean(r.content)}`).join('\n');
  }
  throw new Error(`unknown content command ${verb ?? ''}`);
}

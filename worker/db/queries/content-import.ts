import type { ContentBundle } from '../../model/content-bundle.ts';
import { plainText, sanitizeRich } from '../../model/rich-text.ts';

/**
 * The statements of an operator's content import (`npm run operator -- content import`, worker/model/content-bundle.ts),
 * as SQL text for one D1 batch (the operator CLI runs them through wrangler, the tests through D1). Every value is
 * written as a quoted literal (sqlText); rich HTML is sanitised and names are plain text, as the API answers them.
 */

/** SQL string literal (single quotes doubled). */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function sqlValue(value: string | number | null): string {
  return value === null ? 'NULL' : typeof value === 'number' ? String(value) : sqlText(value);
}

/**
 * Statements that bring `merchantCode`'s content to `bundle`: upserts by slug (a second run changes nothing),
 * images and versions in other languages replaced per announcement, help children after their sections, promotions before the banners linking to
 * them. Contract offers keep an agent's answer (only the terms follow the folder). Run them as one D1 batch.
 */
export function contentImportSql(merchantCode: string, bundle: ContentBundle, now: number): string[] {
  const m = sqlText(merchantCode);
  const out: string[] = [];
  const ordered = [...bundle.announcements].sort((a, b) => Number(b.type === 'PR') - Number(a.type === 'PR'));
  for (const a of ordered) {
    const idOf = (s: string) => `(SELECT id FROM announcements WHERE merchant_code = ${m} AND slug = ${sqlText(s)})`;
    const linkageType = a.linkage?.type ?? '';
    const linkage = a.linkage === undefined ? "''"
      : a.linkage.type === 'P' ? `CAST(${idOf(a.linkage.promotion)} AS TEXT)`
        : a.linkage.type === 'URL' ? sqlText(a.linkage.url) : sqlText(JSON.stringify(a.linkage.game));
    const values = [m, sqlText(a.slug), sqlText(a.type), sqlText(plainText(a.title)), sqlText(sanitizeRich(a.content)), sqlText(a.execution),
      sqlText(a.groupName), sqlText(a.promotionType), sqlText(plainText(a.label)), sqlText(linkageType), linkage, String(Number(a.applicable)),
      String(a.startDate), sqlValue(a.endDate), String(a.order), String(Number(a.published)), String(now)];
    out.push(
      `INSERT INTO announcements (merchant_code, slug, type, title, content, execution, group_name, promotion_type, label, linkage_type,
         linkage, applicable, start_date, end_date, sort_order, published, updated_at) VALUES (${values.join(', ')})
       ON CONFLICT (merchant_code, slug) DO UPDATE SET type = excluded.type, title = excluded.title, content = excluded.content,
         execution = excluded.execution, group_name = excluded.group_name, promotion_type = excluded.promotion_type,
         label = excluded.label, linkage_type = excluded.linkage_type, linkage = excluded.linkage, applicable = excluded.applicable,
         start_date = excluded.start_date, end_date = excluded.end_date, sort_order = excluded.sort_order,
         published = excluded.published, updated_at = excluded.updated_at`,
      `DELETE FROM announcement_images WHERE announcement_id = ${idOf(a.slug)}`,
    );
    a.images.forEach((url, i) => {
      out.push(`INSERT INTO announcement_images (announcement_id, sequence, url) SELECT ${idOf(a.slug)}, ${i + 1}, ${sqlText(url)}`);
    });
    // The announcement's versions in other languages follow the folder: replaced as its images are.
    out.push(`DELETE FROM announcement_translations WHERE announcement_id = ${idOf(a.slug)}`);
    for (const t of bundle.translations.filter((x) => x.slug === a.slug)) {
      out.push(
        `INSERT INTO announcement_translations (announcement_id, language, title, content, label)
         SELECT ${idOf(a.slug)}, ${sqlText(t.language)}, ${sqlText(plainText(t.title))}, ${sqlText(sanitizeRich(t.content))}, ${sqlText(plainText(t.label))}`,
      );
    }
  }
  const help = [...bundle.help].sort((a, b) => Number(a.parent !== undefined) - Number(b.parent !== undefined));
  for (const h of help) {
    const parent = h.parent ? `(SELECT id FROM help_entries WHERE merchant_code = ${m} AND language = ${sqlText(h.language)} AND slug = ${sqlText(h.parent)})` : 'NULL';
    out.push(
      `INSERT INTO help_entries (merchant_code, language, slug, parent_id, tag, title, content, sort_order)
       VALUES (${m}, ${sqlText(h.language)}, ${sqlText(h.slug)}, ${parent}, ${sqlText(h.tag)}, ${sqlText(plainText(h.title))},
               ${sqlText(sanitizeRich(h.content))}, ${h.order})
       ON CONFLICT (merchant_code, language, slug) DO UPDATE SET parent_id = excluded.parent_id, tag = excluded.tag,
         title = excluded.title, content = excluded.content, sort_order = excluded.sort_order, published = 1`,
    );
  }
  for (const offer of bundle.contracts) {
    out.push(
      `INSERT INTO agent_contract_offers (merchant_code, member_id, kind, slug, terms, created_at)
       SELECT ${m}, id, ${sqlText(offer.kind)}, ${sqlText(offer.slug)}, ${sqlText(sanitizeRich(offer.terms))}, ${now}
         FROM members WHERE merchant_code = ${m} AND username = ${sqlText(offer.agent)}
       ON CONFLICT (merchant_code, slug) DO UPDATE SET terms = excluded.terms`,
    );
  }
  if (bundle.branding) {
    const branding = { ...bundle.branding, footer: bundle.branding.footer === undefined ? undefined : plainText(bundle.branding.footer) };
    out.push(`UPDATE merchants SET branding = ${sqlText(JSON.stringify(branding))} WHERE code = ${m}`);
  }
  return out;
}

/** Publishes or unpublishes one announcement by slug. */
export function publishSql(merchantCode: string, slugName: string, published: boolean): string {
  return `UPDATE announcements SET published = ${published ? 1 : 0} WHERE merchant_code = ${sqlText(merchantCode)} AND slug = ${sqlText(slugName)}`;
}

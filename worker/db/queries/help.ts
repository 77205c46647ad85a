import type { HelpEntry } from '../../../contract/calls/content-schemas';
import { plainText, sanitizeRich } from '../../model/rich-text';

interface HelpRow { id: number; parent_id: number | null; tag: string; title: string; content: string }

/**
 * The merchant's published help-centre entries in `language`, sections in order with their children; when the
 * language has none, the EN entries (accounts §9 "default language EN"). Content sanitised on the way out. With
 * `previewSlug` (a content preview, docs/back-office.md "Content") that item is listed even when unpublished.
 */
export async function listHelp(db: D1Database, merchantCode: string, language: string, previewSlug: string | null = null): Promise<HelpEntry[]> {
  const query = (lang: string) => db.prepare(
    `SELECT id, parent_id, tag, title, content FROM help_entries
      WHERE merchant_code = ? AND language = ? AND (published = 1 OR slug = ?) ORDER BY sort_order, id`,
  ).bind(merchantCode, lang, previewSlug).all<HelpRow>();
  let { results } = await query(language.toUpperCase());
  if (results.length === 0 && language.toUpperCase() !== 'EN') ({ results } = await query('EN'));
  const item = (row: HelpRow) => ({ id: row.id, title: plainText(row.title), tag: row.tag, content: sanitizeRich(row.content) });
  return results.filter((row) => row.parent_id === null).map((section) => ({
    ...item(section),
    children: results.filter((row) => row.parent_id === section.id).map(item),
  }));
}

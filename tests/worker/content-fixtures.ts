import { env } from 'cloudflare:test';
import { contentBundle } from '../../worker/model/content-bundle';
import { contentImportSql } from '../../worker/db/queries/content-import';

let counter = 0;

/** A slug nobody else in this test file uses. */
export function uniqueSlug(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Imports a content bundle for a merchant exactly as the operator command does (validated, then one D1 batch). */
export async function importContent(merchantCode: string, input: unknown, now = Date.now()): Promise<void> {
  const bundle = contentBundle.parse(input);
  await env.DB.batch(contentImportSql(merchantCode, bundle, now).map((sql) => env.DB.prepare(sql)));
}

/** The stored id of an announcement slug. */
export async function idOf(slug: string, merchantCode = 'DEMO'): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM announcements WHERE merchant_code = ? AND slug = ?`).bind(merchantCode, slug).first<{ id: number }>();
  if (!row) throw new Error(`no announcement ${slug}`);
  return row.id;
}

/** Smallest valid PNG and JPEG headers (type checks read the first bytes only). */
export const PNG_BYTES: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const JPEG_BYTES: Uint8Array<ArrayBuffer> = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

/**
 * Reads an operator's content folder into a content bundle (worker/model/content-bundle.ts):
 *   site.json                      branding (siteName, appName, primaryColor, accentColor, logo, favicon, footer)
 *   announcements/<slug>.md        front matter + Markdown or HTML body (banners, notices, popups, promotions)
 *   announcements/<LANG>/<slug>.md that announcement in another language: `title`, `label`, the body (the rest is
 *                                  the announcement's; players of a language without one read the default)
 *   help/<LANG>/<slug>.md          help sections; `parent: <slug>` makes a child item
 *   contracts/<slug>.md            an agent contract offer (`agent`, `kind`), the body is the terms
 *   images/…                       artwork named in front matter (`images: a.png, b.svg`), checked by content
 * Front matter is `key: value` lines between `---` lines. Dates are ISO (2026-01-01 or with time, UTC) or
 * relative (`-3d`, `+7d` from the import time), so demo content stays current. Pure apart from reading files.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { sniffImage, mediaKey, type MediaType } from '../worker/services/media/media.ts';

/** One image to upload to the media bucket before the statements run. */
export interface PendingImage { key: string; file: string; type: MediaType }

/** A front-matter block and the body after it. */
export function splitFrontMatter(text: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at < 1) throw new Error(`front matter line without "key: value": ${line}`);
    meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: match[2]! };
}

/** A date of the front matter as epoch ms: ISO (UTC), or `±Nd`/`±Nh` from `now`. */
export function parseDate(value: string, now: number): number {
  const relative = /^([+-]\d{1,4})([dh])$/.exec(value);
  if (relative) return now + Number(relative[1]) * (relative[2] === 'd' ? 86_400_000 : 3_600_000);
  const ms = Date.parse(/T/.test(value) || !/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : `${value}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${value}`);
  return ms;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, '<img src="$2" alt="$1">')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>');
}

/**
 * A small Markdown subset to HTML: `#`–`###` headings (as h2–h4), paragraphs, `-` and `1.` lists, **bold**,
 * *italic*, [links](…) and ![images](…); a block that starts with `<` is taken as HTML. The result is sanitised by
 * the importer like any other rich text.
 */
export function markdownToHtml(markdown: string): string {
  const blocks = markdown.replace(/\r\n/g, '\n').split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  return blocks.map((block) => {
    if (block.startsWith('<')) return block;
    const heading = /^(#{1,3})\s+(.*)$/.exec(block);
    if (heading && !block.includes('\n')) return `<h${heading[1]!.length + 1}>${inline(heading[2]!)}</h${heading[1]!.length + 1}>`;
    const lines = block.split('\n');
    if (lines.every((l) => /^[-*]\s+/.test(l))) return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^[-*]\s+/, ''))}</li>`).join('')}</ul>`;
    if (lines.every((l) => /^\d+\.\s+/.test(l))) return `<ol>${lines.map((l) => `<li>${inline(l.replace(/^\d+\.\s+/, ''))}</li>`).join('')}</ol>`;
    return `<p>${lines.map(inline).join('<br>')}</p>`;
  }).join('');
}

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(ext)).sort().map((f) => join(dir, f));
}

const bool = (v: string | undefined) => v === 'true' || v === 'yes';
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/**
 * Reads `folder` for `merchantCode`: returns the raw bundle (validated by the caller with `contentBundle`) and
 * the images to upload. Throws with the file's name on anything it cannot read (an image that is no image, an
 * unreadable date); nothing is written here.
 */
export async function readContentFolder(folder: string, merchantCode: string, now: number): Promise<{ bundle: unknown; images: PendingImage[] }> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
  const images = new Map<string, PendingImage>();
  const imageUrl = async (name: string, from: string): Promise<string> => {
    const file = join(folder, 'images', name);
    if (!existsSync(file)) throw new Error(`${from}: image ${name} is not in images/`);
    const bytes = new Uint8Array(readFileSync(file));
    const type = sniffImage(bytes, true);
    if (!type) throw new Error(`${from}: ${name} is not a PNG, JPEG, WebP, GIF or SVG image`);
    const key = await mediaKey('content', merchantCode, bytes, type);
    images.set(key, { key, file, type });
    return `/media/${key}`;
  };
  const at = (file: string, fn: () => unknown) => {
    try { return fn(); } catch (error) { throw new Error(`${file}: ${(error as Error).message}`, { cause: error }); }
  };

  const announcements = [];
  for (const file of listFiles(join(folder, 'announcements'), '.md')) {
    const { meta, body } = at(file, () => splitFrontMatter(readFileSync(file, 'utf8'))) as ReturnType<typeof splitFrontMatter>;
    const linkage = meta.promotion ? { type: 'P', promotion: meta.promotion }
      : meta.url ? { type: 'URL', url: meta.url }
        : meta.game ? { type: 'G', game: at(file, () => JSON.parse(meta.game!)) } : undefined;
    const names = (meta.images ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    announcements.push({
      slug: basename(file, extname(file)), type: meta.type, title: meta.title, content: markdownToHtml(body),
      execution: meta.execution, groupName: meta.group, promotionType: meta.promotionType, label: meta.label, linkage,
      applicable: bool(meta.applicable), startDate: at(file, () => parseDate(meta.start ?? '-1d', now)),
      endDate: meta.end ? at(file, () => parseDate(meta.end!, now)) : null, order: num(meta.order),
      published: meta.published === undefined ? true : bool(meta.published),
      images: await Promise.all(names.map((n) => imageUrl(n, file))),
    });
  }
  // announcements/<LANG>/<slug>.md: an announcement's version in another language (title, label, body).
  const translations = [];
  const announcementRoot = join(folder, 'announcements');
  const languageFolders = existsSync(announcementRoot)
    ? readdirSync(announcementRoot).filter((name) => statSync(join(announcementRoot, name)).isDirectory()).sort() : [];
  for (const language of languageFolders) {
    for (const file of listFiles(join(announcementRoot, language), '.md')) {
      const { meta, body } = at(file, () => splitFrontMatter(readFileSync(file, 'utf8'))) as ReturnType<typeof splitFrontMatter>;
      translations.push({ slug: basename(file, '.md'), language: language.toUpperCase(), title: meta.title, label: meta.label,
        content: markdownToHtml(body) });
    }
  }
  const help = [];
  const helpRoot = join(folder, 'help');
  for (const language of existsSync(helpRoot) ? readdirSync(helpRoot).sort() : []) {
    for (const file of listFiles(join(helpRoot, language), '.md')) {
      const { meta, body } = at(file, () => splitFrontMatter(readFileSync(file, 'utf8'))) as ReturnType<typeof splitFrontMatter>;
      help.push({ language: language.toUpperCase(), slug: basename(file, '.md'), parent: meta.parent, tag: meta.tag, title: meta.title,
        content: markdownToHtml(body), order: num(meta.order) });
    }
  }
  const contracts = [];
  for (const file of listFiles(join(folder, 'contracts'), '.md')) {
    const { meta, body } = at(file, () => splitFrontMatter(readFileSync(file, 'utf8'))) as ReturnType<typeof splitFrontMatter>;
    contracts.push({ slug: basename(file, '.md'), agent: meta.agent, kind: meta.kind, terms: markdownToHtml(body) });
  }
  const sitePath = join(folder, 'site.json');
  let branding: Record<string, unknown> | undefined;
  if (existsSync(sitePath)) {
    branding = at(sitePath, () => JSON.parse(readFileSync(sitePath, 'utf8'))) as Record<string, unknown>;
    for (const field of ['logo', 'favicon'] as const) {
      const name = branding[field];
      if (typeof name === 'string' && !name.startsWith('/')) branding[field] = await imageUrl(name, sitePath);
    }
  }
  return { bundle: { announcements, translations, help, contracts, ...(branding ? { branding } : {}) }, images: [...images.values()] };
}

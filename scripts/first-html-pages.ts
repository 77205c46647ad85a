/**
 * The filled pages' first HTML as the edge writes it (docs/edge.md "The first HTML holds"): which pages and
 * languages, how a page's HTML is set apart from what differs between two builds of the same source or depends on the
 * request's clock (normalise), and the parts of a page the edge writes (edgeParts), which the first-HTML test keeps
 * as snapshots (tests/e2e/site/first-html.spec.ts, tests/e2e/site/first-html/). Pure: no file, no network.
 */

/** A filled page (worker/edge/fills/registry.ts) with the address that exercises its fill. */
export interface FilledPage {
  name: string;
  path: string;
  userAgent?: string;
}

/** The filled pages, with the addresses that exercise their fills (activityDetail: the first promotion's id is added). */
export const FILLED_PAGES: readonly FilledPage[] = [
  { name: 'home', path: '/m/home' },
  { name: 'gameList', path: '/m/gameList?gameType=RNG' },
  { name: 'gameList-search', path: '/m/gameList?gameType=RNG&gameName=a' },
  { name: 'lottery', path: '/m/lottery' },
  { name: 'register', path: '/m/register' },
  { name: 'app-android', path: '/m/app', userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36' },
  { name: 'app-ios', path: '/m/app', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/120.0 Mobile/15E148' },
  { name: 'help', path: '/m/help?p=0&c=0' },
  { name: 'helpDetail', path: '/m/helpDetail?p=0' },
  { name: 'activity', path: '/m/activity' },
  { name: 'activityDetail', path: '/m/activityDetail?id=' },
];

/** The two languages compared: the source language and a right-to-left one with its own digits. */
export const LANGUAGES = ['EN', 'AR'] as const;

/**
 * The address of `page` in `language` (`?lang=`); activityDetail names `promotion`, the first promotion's id read
 * from the activity page (promotionOf).
 */
export function pageAddress(page: FilledPage, language: string, promotion: string): string {
  const path = page.name === 'activityDetail' ? `${page.path}${promotion}` : page.path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}

/** The first promotion's id on the activity page's HTML ('0' when it shows none). */
export const promotionOf = (html: string): string => /activityDetail\?id=(\d+)/.exec(html)?.[1] ?? '0';

/** The HTML with what differs between two builds of the same source, and the request's clock, set aside. */
export function normalise(html: string): string {
  return html
    .replace(/\/_assets\/([\w-]+)\.[\w-]{8}\.(js|css)/g, '/_assets/$1.$2')
    .replace(/ uid="[^"]*"/g, ' uid=""')
    .replace(/"serverTime":\d+/g, '"serverTime":0')
    .replace(/data-server-time="\d+"/g, 'data-server-time="0"')
    .replace(/"issueNo":"[^"]*"/g, '"issueNo":""')
    .replace(/"(openAt|closeAt|drawAt|nextCloseAt)":\d+/g, '"$1":0')
    .replace(/data-close-at="\d+"/g, 'data-close-at="0"')
    .replace(/(<span class="lotto-timer"[^>]*>)[^<]*/g, '$1');
}

/**
 * The site part of a page answer's ETag (`"<build file's tag>-<site>-<fills>"` → `<site>-<fills>`: the build file's
 * tag is a hash of the build), with what depends on the time set aside: the lottery fill's fingerprint covers the
 * current draws (`<site>-time`), and home's content tag (its last 8 hex digits, worker/edge/fills/home-content.ts
 * homeContentTag) the announcements' dates, which the demo seed sets relative to the time it runs (`…time`).
 */
export function siteTagOf(pageName: string, etag: string | null): string {
  const tag = (etag ?? '').replace(/^(W\/)?"[^"-]*-?/, '').replace(/"$/, '');
  if (pageName === 'lottery') return tag.replace(/-[0-9a-f]+$/, '-time');
  if (pageName === 'home') return tag.replace(/[0-9a-f]{8}$/, 'time');
  return tag;
}

/**
 * The element whose start tag begins at `start` in `html`, whole (start tag to its matching end tag, counting the
 * same tag name's nesting; a void or self-closed element is its start tag).
 */
function elementAt(html: string, start: number): string {
  const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(start))![1]!;
  const tags = new RegExp(`<(/?)${name}(?=[\\s>/])[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[1] === '/') depth--;
    else if (!tag[0].endsWith('/>')) depth++;
    if (depth <= 0) return html.slice(start, tags.lastIndex);
  }
  return html.slice(start);
}

/**
 * What the edge writes into a page, from its normalised HTML: the `<html>` start tag (the site's theme, switches,
 * brand and capabilities: worker/edge/pages/site.ts), the data blocks outside a fill (`<script id="pd-served-…">`,
 * e.g. home's vendor mapping) and every fill element (`[data-fill=…]`: the islands' views, their data blocks and the
 * operator's content), each whole, in page order. The rest of the page is the build's.
 */
export function edgeParts(html: string): string[] {
  const parts: string[] = [];
  const root = /<html[\s>][^>]*>/.exec(html);
  if (root) parts.push(root[0]);
  const starts = /<[a-zA-Z][\w-]*\s[^>]*?\b(?:data-fill="[^"]*"|id="pd-served-[^"]*")[^>]*>/g;
  let covered = 0;
  for (let found = starts.exec(html); found; found = starts.exec(html)) {
    if (found.index < covered) continue;
    const element = elementAt(html, found.index);
    parts.push(element);
    covered = found.index + element.length;
    starts.lastIndex = covered;
  }
  return parts;
}

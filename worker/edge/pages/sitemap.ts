import type { HelpEntry } from '../../../contract/calls/content-schemas';
import { contentCalls } from '../../../contract/calls/content';
import { helpDetailHref } from '../../../rules/help';
import { DEFAULT_LANGUAGE, type Language } from '../../../rules/i18n';
import { LANGUAGE_LIST } from '../../../rules/languages';
import { pageAddress, publicPagePaths } from '../../../rules/crawl';
import { announcementList } from '../../services/content/announcements';
import { directValue, languageHeaders, valueOf, type ApiFetch, type DirectSource } from '../fills/api';
import { helpEntries } from '../fills/content';

/**
 * The languages a site offers: every interface language (accounts §9; the build makes every page in all 27 and any
 * site serves each of them with `?lang=`). The sitemap names each page in each of them.
 */
export function siteLanguages(): readonly Language[] {
  return LANGUAGE_LIST.map((info) => info.code);
}

/** Where the sitemap reads a site's content: the API as a visitor (upstream mode) or the queries directly. */
export interface SitemapSource {
  origin: string;
  merchantCode: string;
  api: ApiFetch;
  direct: DirectSource | null;
  /** When the build was made (epoch ms; null when the build does not say): the static pages' lastmod. */
  builtAt: number | null;
  /** The time of the request (epoch ms): no lastmod is later. */
  now: number;
}

/** One page of the sitemap: its path, its naming parameters, its lastmod (epoch ms or null), its languages. */
interface SitemapPage {
  path: string;
  params: [string, string][];
  lastmod: number | null;
  languages: readonly Language[];
}

/** The dates of the site's announcements a visitor sees (types PR, B, A, PL), or null when the call failed. */
async function announcementDates(source: SitemapSource): Promise<{ id: number; type: string; startDate: number }[] | null> {
  const def = contentCalls.announcementList;
  const value = source.direct
    ? await directValue(source.direct, def, `sitemap\n${source.merchantCode}`, (db) => announcementList(db, {
      merchantCode: source.merchantCode, filter: { types: ['PR', 'B', 'A', 'PL'] }, memberId: null, language: DEFAULT_LANGUAGE,
    }))
    : await (async () => {
      const url = new URL(def.path, source.origin);
      url.search = new URLSearchParams({ types: 'PR,B,A,PL', platform: 'M', merchantCode: source.merchantCode, token: '' }).toString();
      const parsed = def.value.safeParse(await valueOf(source.api, url, languageHeaders(DEFAULT_LANGUAGE)));
      return parsed.success ? parsed.data : null;
    })();
  if (!value) return null;
  return [...value.promotion, ...value.banners, ...value.player].map((a) => ({ id: a.id, type: a.type, startDate: a.startDate }));
}

/** The latest of some epoch-ms dates, never after `now`; null when there is none. */
function latest(dates: readonly (number | null)[], now: number): number | null {
  const known = dates.filter((d): d is number => d !== null && Number.isFinite(d));
  return known.length === 0 ? null : Math.min(now, Math.max(...known));
}

/**
 * The pages of a site's sitemap (docs/edge.md "Crawlers"): every public page (rules/crawl.ts) in every language the
 * site offers; each promotion (`/m/activityDetail?id=…`); each help section and item in each language that has it
 * (`/m/helpDetail?p=…&c=…`: the help centre is per language, EN standing in where a language has none). lastmod:
 * the build time for the static pages; for home the latest start of its banners and notices, for the promotions list
 * the latest promotion's start and for each promotion its own start (later than the build: the content's date),
 * never in the future. Help entries carry no date in the platform's contract, so help pages take the build time.
 * A content call that fails leaves its pages out (the static ones stay).
 */
export async function sitemapPages(source: SitemapSource): Promise<SitemapPage[]> {
  const languages = siteLanguages();
  const [dates, helps] = await Promise.all([
    announcementDates(source),
    Promise.all(languages.map((language) => helpEntries(source.api, source.direct, source.origin, source.merchantCode, language))),
  ]);
  const promotions = (dates ?? []).filter((a) => a.type === 'PR');
  const notices = (dates ?? []).filter((a) => a.type !== 'PR');
  const built = source.builtAt;
  const contentDate: Record<string, number | null> = {
    home: latest([built, ...notices.map((a) => a.startDate)], source.now),
    activity: latest([built, ...promotions.map((a) => a.startDate)], source.now),
  };
  const pages: SitemapPage[] = publicPagePaths()
    .filter(({ id }) => id !== 'activityDetail' && id !== 'helpDetail')
    .map(({ id, path }) => ({ path, params: [], lastmod: contentDate[id] ?? latest([built], source.now), languages }));
  for (const promotion of promotions) {
    pages.push({ path: '/m/activityDetail', params: [['id', String(promotion.id)]], lastmod: latest([built, promotion.startDate], source.now), languages });
  }
  const helpItems = new Map<string, Language[]>();
  helps.forEach((entries: HelpEntry[] | null, index) => {
    for (const href of helpHrefs(entries ?? [])) helpItems.set(href, [...(helpItems.get(href) ?? []), languages[index]!]);
  });
  for (const [href, itemLanguages] of helpItems) {
    const params = [...new URLSearchParams(href.slice(href.indexOf('?') + 1))] as [string, string][];
    pages.push({ path: '/m/helpDetail', params, lastmod: latest([built], source.now), languages: itemLanguages });
  }
  return pages;
}

/** The help detail addresses of one language's help centre: each section, each item of each section. */
function helpHrefs(entries: readonly HelpEntry[]): string[] {
  return entries.flatMap((section, p) => [helpDetailHref(p), ...section.children.map((_, c) => helpDetailHref(p, c))]);
}

/** Text escaped for XML character data and attribute values. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A W3C datetime (the sitemap protocol's lastmod) of an epoch-ms time: `2026-11-28T19:52:06Z`. */
function w3cDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The sitemap XML (sitemaps.org protocol with `xhtml:link` alternates): one `<url>` per page and language, its `loc`
 * the page's address in that language on `origin` (rules/crawl.ts pageAddress), its alternates every language of the
 * page (`hreflang` the language's BCP 47 tag) and `x-default` (the address without `lang`), and its lastmod.
 */
export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const tag = new Map(LANGUAGE_LIST.map((info) => [info.code, info.tag]));
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const links = [
      ...page.languages.map((language) => `<xhtml:link rel="alternate" hreflang="${tag.get(language)}" href="${xml(origin + pageAddress(page.path, page.params, language))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + pageAddress(page.path, page.params, null))}"/>`,
    ].join('');
    const lastmod = page.lastmod === null ? '' : `<lastmod>${w3cDate(page.lastmod)}</lastmod>`;
    for (const language of page.languages) {
      out.push(`<url><loc>${xml(origin + pageAddress(page.path, page.params, language))}</loc>${lastmod}${links}</url>`);
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

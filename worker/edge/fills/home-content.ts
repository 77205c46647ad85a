import { announcementItem, type Announcement } from '../../../contract/calls/content-schemas';
import { contentCalls } from '../../../contract/calls/content';
import { bannerTarget, embedUrl } from '../../../rules/content';
import { srcsetAttributes } from '../../../rules/media';
import type { Language } from '../../../rules/i18n';
import { directValue, fingerprintOf, languageHeaders, valueOf, type ApiFetch, type DirectSource } from './api';
import { announcementList } from '../../services/content/announcements';

/**
 * The home page's operator content, written by the edge into the pre-rendered home (accounts §2 Home announcement
 * bar and banners; player-shell §2 Home), so the banners, the notice marquee, the video banners and the local
 * banners are in the first HTML — seen without script, and sized so nothing shifts when the carousel starts.
 * The home page (src/views/Home.astro) has one placeholder per part: `[data-fill="m_home"]`, `"marquee"`,
 * `"m_youtube"`, `"m_local"`.
 */
export interface HomeContent {
  /** Banners of group m_home, in the operator's order. */
  banners: Announcement[];
  /** Video banners (m_youtube) whose link is a video the site can embed. */
  videos: Announcement[];
  /** Local-games banners (m_local). */
  locals: Announcement[];
  /** Titles of the notices, in the order /m/notice lists them (its `index`). */
  notices: string[];
}

const EMPTY: HomeContent = { banners: [], videos: [], locals: [], notices: [] };

/** Splits an announcement answer (types B, A, PL) into the home page's parts. */
export function homeContentOf(groups: { banners: Announcement[]; player: Announcement[] }): HomeContent {
  const group = (name: string) => groups.banners.filter((b) => b.groupName === name && b.url !== '');
  return {
    banners: group('m_home'),
    videos: groups.banners.filter((b) => b.groupName === 'm_youtube' && embedUrl(b.linkage) !== null),
    locals: group('m_local'),
    notices: groups.player.map((n) => n.title.trim()),
  };
}

/**
 * Where the home content comes from: in built-in mode (`direct`) the announcement list's service, as its route
 * calls it; else the announcement list sent through the worker itself (fills/api.ts ApiFetch; docs/edge.md "Where a
 * fill's data comes from").
 */
export interface HomeContentSource {
  /** The worker's own API: built-in, or the operator's platform in upstream mode. */
  api: ApiFetch;
  /** Built-in mode: the database and how long what was read is kept (fills/api.ts directValue); null in upstream mode. */
  direct: DirectSource | null;
  /** Scheme, host and port of the page request (the API call goes to the same site). */
  origin: string;
  merchantCode: string;
  language: Language;
}

/**
 * The announcement list as a visitor reads it (platform-contract.md §2 `MCSFE_getListAnnouncements`, types B, A, PL,
 * platform M, empty token), sent through the worker exactly as the content pages' calls are, so upstream mode shows
 * the platform's banners and the answer passes the same sanitising; null when the call fails or its value is not
 * the contract's.
 */
async function announcementsThroughApi(source: HomeContentSource): Promise<HomeContent | null> {
  const url = new URL(contentCalls.announcementList.path, source.origin);
  url.search = new URLSearchParams({ types: 'B,A,PL', platform: 'M', merchantCode: source.merchantCode, token: '' }).toString();
  const value = await valueOf(source.api, url, languageHeaders(source.language));
  return value === null ? null : homeContentOf(announcementGroupsOf(value));
}

/**
 * The same list in built-in mode: the service the announcement route calls (services/content/announcements.ts
 * announcementList, types B, A, PL as a visitor), its answer shaped by the call's schema (fills/api.ts
 * directValue) and read as the fetched answer is (announcementGroupsOf), so the home's content, markup and ETag are
 * the same byte for byte; null when the read failed and nothing was read before.
 */
async function announcementsDirect(source: HomeContentSource, direct: DirectSource): Promise<HomeContent | null> {
  const { merchantCode, language } = source;
  const value = await directValue(direct, contentCalls.announcementList, `B,A,PL\n${merchantCode}\n${language}`, (db) => announcementList(db, {
    merchantCode, filter: { types: ['B', 'A', 'PL'], previewId: direct.preview?.kind === 'announcement' ? Number(direct.preview.target) : undefined }, memberId: null, language,
  }));
  return value === null ? null : homeContentOf(announcementGroupsOf(value));
}

const DEFAULTS = {
  id: 0, title: '', content: '', startDate: 0, endDate: null, execution: 'A', groupName: '', promotionType: '', label: '',
  linkageType: '', linkage: '', url: '', read: false, applicable: false, status: '', announcementImages: [],
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One item of a group, lenient on shape (a field the platform leaves out becomes empty); null when it is not usable. */
function itemOf(raw: unknown, type: 'B' | 'A'): Announcement | null {
  if (!isObject(raw)) return null;
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
  const parsed = announcementItem.safeParse({ ...DEFAULTS, type, ...given });
  if (!parsed.success) return null;
  const item = parsed.data;
  // A banner without `url` shows its first image by sequence (accounts §3 announcementImages).
  const first = [...item.announcementImages].sort((a, b) => a.sequence - b.sequence)[0];
  return item.url === '' && first ? { ...item, url: first.url } : item;
}

/**
 * The banners (B) and the player notices (A, PL) of an announcement list answer's `value`, whatever else it holds;
 * items that cannot be read are left out rather than blanking the whole home.
 */
function announcementGroupsOf(value: unknown): { banners: Announcement[]; player: Announcement[] } {
  const group = (name: string, type: 'B' | 'A') => {
    const list = isObject(value) ? value[name] : null;
    return Array.isArray(list) ? list.map((raw) => itemOf(raw, type)).filter((a): a is Announcement => a !== null) : [];
  };
  return { banners: group('banners', 'B'), player: group('player', 'A') };
}

/**
 * The merchant's home content (types B, A and PL as a visitor sees them, in the page's language); when the call
 * fails, nothing (the page keeps its empty placeholders and 'no announcement' text). pages.ts hands it an `api` that
 * keeps visitor answers per isolate, where the last good answer stands in for a failed call (fills/api.ts
 * withAnswerCache), and in built-in mode a `direct` source kept alike (directValue).
 */
export async function homeContentFor(source: HomeContentSource): Promise<HomeContent> {
  return (await (source.direct ? announcementsDirect(source, source.direct) : announcementsThroughApi(source))) ?? EMPTY;
}

/** A short fingerprint of the content: the home page's ETag changes when its content does. */
export function homeContentTag(content: HomeContent): string {
  return fingerprintOf(content).slice(0, 8);
}

/** HTML-escapes text for element content and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** An image address the page may load: a site path or an http(s) URL; anything else is dropped. */
function safeSrc(url: string): string | null {
  return /^(https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : null;
}

/**
 * One banner as markup: a link for a site path (same tab) or an http link (new tab), a button carrying the game
 * for a game linkage (the page's script launches it), else a plain figure. The first banner loads eagerly.
 */
export function bannerMarkup(banner: Announcement, first: boolean, className: string): string {
  const src = safeSrc(banner.url);
  if (src === null) return '';
  const img = `<img src="${esc(src)}"${srcsetAttributes(src)} alt="${esc(banner.title)}" width="750" height="300" decoding="async"${first ? ' fetchpriority="high"' : ' loading="lazy"'}>`;
  const target = bannerTarget(banner);
  if (target.kind === 'internal') return `<a class="${className}" href="${esc(target.href)}">${img}</a>`;
  if (target.kind === 'external') return `<a class="${className}" href="${esc(target.href)}" target="_blank" rel="noopener noreferrer">${img}</a>`;
  if (target.kind === 'game') {
    const data = `data-node="${target.nodeId}" data-game-type="${esc(target.gameType)}" data-vendor="${esc(target.vendor)}"${target.roomId ? ` data-room="${esc(target.roomId)}"` : ''}`;
    return `<button type="button" class="${className}" ${data}>${img}</button>`;
  }
  return `<div class="${className}">${img}</div>`;
}

/** The parts' markup (exported for tests). */
export function homeContentMarkup(content: HomeContent): Record<'m_home' | 'marquee' | 'm_youtube' | 'm_local', string | null> {
  const slides = content.banners.map((b, i) => bannerMarkup(b, i === 0, 'home-banner')).filter(Boolean);
  const videos = content.videos.map((v, i) => {
    const src = safeSrc(v.url);
    const img = src ? `<img src="${esc(src)}" alt="" width="750" height="300" decoding="async"${i === 0 ? '' : ' loading="lazy"'}>` : '';
    return `<div class="swiper-slide video-slide"><button type="button" class="video-open" data-video="${esc(v.linkage)}" aria-label="${esc(v.title)}">${img}<span class="video-play" aria-hidden="true"></span></button></div>`;
  });
  const locals = content.locals.map((b) => bannerMarkup(b, false, 'local-banner')).filter(Boolean);
  const titles = content.notices.map((title, index) => ({ title, index })).filter((n) => n.title !== '');
  return {
    m_home: slides.length ? slides.map((s) => `<div class="swiper-slide">${s}</div>`).join('') : null,
    // Twice, so the scrolling strip joins up without a gap; the copy is hidden from assistive technology. Each title
    // is isolated in its own direction (dir="auto"), so a mixed-script notice reads right on an RTL page.
    marquee: titles.length
      ? [0, 1].map((copy) => `<span class="marquee-run"${copy ? ' aria-hidden="true"' : ''}>${titles.map((n) => `<a href="/m/notice?index=${n.index}" dir="auto"${copy ? ' tabindex="-1"' : ''}>${esc(n.title)}</a>`).join('')}</span>`).join('')
      : null,
    m_youtube: videos.length ? videos.join('') : null,
    m_local: locals.length ? locals.join('') : null,
  };
}

/** Writes the content into the home page's placeholders (a page answer with a body; others pass unchanged). */
export function withHomeContent(response: Response, content: HomeContent): Response {
  if (!response.body || response.status !== 200) return response;
  const markup = homeContentMarkup(content);
  let rewriter = new HTMLRewriter();
  for (const [part, html] of Object.entries(markup)) {
    if (html === null) continue;
    rewriter = rewriter.on(`[data-fill="${part}"]`, { element: (element) => { element.setInnerContent(html, { html: true }); element.setAttribute('data-filled', ''); } });
  }
  return rewriter.transform(response);
}

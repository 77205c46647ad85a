import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Announcement } from '../../src/contract/calls/content-schemas';
import { contentCalls } from '../../src/contract/calls/content';
import { bannerTarget, embedUrl } from '../../src/lib/content';
import { srcsetAttributes } from '../../src/lib/media';
import { listAnnouncements } from '../db/queries/announcements';
import { platformRequestHeaders, upstreamUrl } from './forwarding';

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

const cache = new Map<string, { content: HomeContent; at: number }>();

/** Forgets the cached home content (tests; an operator's change otherwise shows within SITE_CACHE_SECONDS). */
export function clearHomeContentCache(): void {
  cache.clear();
}

/** Where the home content comes from: the built-in D1, or the operator's platform in upstream mode. */
export interface HomeContentSource {
  db: D1Database;
  merchantCode: string;
  /** UPSTREAM_API_URL, when set. */
  upstream?: string | undefined;
  language: string;
  /** Per-isolate cache time (SITE_CACHE_SECONDS). */
  cacheMs: number;
  fetch?: typeof fetch;
}

/** Reads the upstream platform's announcement list (the same call the browser makes, as a visitor). */
async function fromUpstream(source: HomeContentSource, base: string): Promise<HomeContent> {
  const headers = platformRequestHeaders(new Headers({ ModuleId: 'COMM3' }), { merchantCode: source.merchantCode, language: source.language, userAgent: null });
  if (headers === 'merchant_mismatch') return EMPTY;
  const path = `/wps/relay/MCSFE_getListAnnouncements?types=B,A,PL&platform=M&merchantCode=${encodeURIComponent(source.merchantCode)}&token=`;
  const answer = await (source.fetch ?? fetch)(upstreamUrl(base, `http://edge${path}`), { headers, signal: AbortSignal.timeout(3000) });
  if (!answer.ok) return EMPTY;
  const envelope = (await answer.json()) as { success?: boolean; value?: unknown };
  const parsed = contentCalls.announcementList.value.safeParse(envelope.value);
  return envelope.success && parsed.success ? homeContentOf(parsed.data) : EMPTY;
}

/**
 * The merchant's home content (types B, A and PL as a visitor sees them), cached per isolate like the switches;
 * nothing (the page keeps its empty placeholders and 'no announcement' text) when it cannot be read.
 */
export async function homeContentFor(source: HomeContentSource): Promise<HomeContent> {
  const key = `${source.upstream ? 'up' : 'db'}|${source.merchantCode}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < source.cacheMs) return hit.content;
  let content: HomeContent;
  try {
    content = source.upstream
      ? await fromUpstream(source, source.upstream)
      : homeContentOf(groupsOf(await listAnnouncements(source.db, source.merchantCode, { types: ['B', 'A', 'PL'] }, null)));
  } catch {
    content = hit?.content ?? EMPTY;
  }
  cache.set(key, { content, at: now });
  return content;
}

function groupsOf(items: Announcement[]) {
  return { banners: items.filter((a) => a.type === 'B'), player: items.filter((a) => a.type === 'A' || a.type === 'PL') };
}

/** A short fingerprint of the content: the home page's ETag changes when its content does. */
export function homeContentTag(content: HomeContent): string {
  return bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(content)))).slice(0, 8);
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
    // Twice, so the scrolling strip joins up without a gap; the copy is hidden from assistive technology.
    marquee: titles.length
      ? [0, 1].map((copy) => `<span class="marquee-run"${copy ? ' aria-hidden="true"' : ''}>${titles.map((n) => `<a href="/m/notice?index=${n.index}"${copy ? ' tabindex="-1"' : ''}>${esc(n.title)}</a>`).join('')}</span>`).join('')
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

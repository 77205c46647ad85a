/**
 * Pure rules of the operator's content on screen (accounts-and-communication §2 Announcement popup, Home
 * announcement bar and banners, Feedback screen; §4 Popup; player-shell §2 Download prompts "video banner").
 */
import type { Announcement } from '../contract/calls/content-schemas';
import {
  APPLY_IMAGE_BYTES_MAX, APPLY_IMAGES_MAX, FEEDBACK_MAX, FEEDBACK_MIN, PROMOTION_STATUSES, REMARK_MAX,
} from '../contract/calls/content-schemas';

/** The YouTube id of a watch, short, embed or youtu.be URL, else null. */
function youTubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : (/^\/(embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[2] ?? null);
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
}

/**
 * The embed URL of a video banner's watch URL (player-shell §2: "watch URLs are converted to embed URLs with
 * autoplay off, related off, api 1, modest branding 1, html5 1"); null for anything that is no YouTube video.
 */
export function embedUrl(watchUrl: string): string | null {
  const id = youTubeId(watchUrl.trim());
  return id ? `https://www.youtube.com/embed/${id}?autoplay=0&rel=0&enablejsapi=1&modestbranding=1&html5=1` : null;
}

/** The marquee's items: each notice title with its index; none → the 'no announcement' text alone (index null). */
export function marqueeItems(notices: readonly Pick<Announcement, 'title'>[], emptyText: string): { text: string; index: number | null }[] {
  const items = notices.map((n, index) => ({ text: n.title.trim(), index })).filter((i) => i.text !== '');
  return items.length > 0 ? items : [{ text: emptyText, index: null }];
}

/** Where tapping a banner or a link in rich content leads. */
export type LinkTarget =
  | { kind: 'internal'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'game'; nodeId: number; gameType: string; vendor: string; roomId?: string | undefined }
  | { kind: 'none' };

/** A link in rich content: http(s) opens externally, a path stays in the site, anything else goes nowhere (accounts §2). */
export function linkTarget(href: string): LinkTarget {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return { kind: 'external', href: h };
  if (h.startsWith('/') && !h.startsWith('//')) return { kind: 'internal', href: h };
  return { kind: 'none' };
}

/**
 * A banner's linkage (platform-contract.md §2): P → the promotion's detail, URL → internal or external by its
 * start, G → the game (node id, game type, vendor, room).
 */
export function bannerTarget(banner: Pick<Announcement, 'linkageType' | 'linkage' | 'nodeId' | 'gameType' | 'vendor' | 'roomId'>): LinkTarget {
  if (banner.linkageType === 'P' && /^\d+$/.test(banner.linkage)) return { kind: 'internal', href: `/m/activityDetail?id=${banner.linkage}` };
  if (banner.linkageType === 'URL') return linkTarget(banner.linkage);
  if (banner.linkageType === 'G' && banner.nodeId !== undefined && banner.gameType && banner.vendor) {
    return { kind: 'game', nodeId: banner.nodeId, gameType: banner.gameType, vendor: banner.vendor, roomId: banner.roomId };
  }
  return { kind: 'none' };
}

/** Popup type of a session (accounts §4): A for a logged-in member, else B. */
export function popupType(loggedIn: boolean): 'A' | 'B' {
  return loggedIn ? 'A' : 'B';
}

/**
 * The popups to show (accounts §4, §6): those whose execution equals the type; for A also those with execution F
 * on the member's first login.
 */
export function selectPopups<T extends Pick<Announcement, 'execution'>>(popups: readonly T[], session: { loggedIn: boolean; firstTimeLogin: boolean }): T[] {
  const type = popupType(session.loggedIn);
  return popups.filter((p) => p.execution === type || (type === 'A' && session.firstTimeLogin && p.execution === 'F'));
}

/** The stored form of a popup list: one 'title,content' string per popup (accounts §3 "Popup storage records"). */
export function popupRecords(popups: readonly Pick<Announcement, 'title' | 'content'>[]): string[] {
  return popups.map((p) => `${p.title},${p.content}`);
}

/** Whether the new list holds anything the stored list lacks (then the show flag is reset to true, accounts §4). */
export function hasNewPopups(stored: readonly string[], next: readonly string[]): boolean {
  const known = new Set(stored);
  return next.some((record) => !known.has(record));
}

/** Feedback counter text (accounts §2: "n/200"), counting characters as typed. */
export function feedbackCounter(text: string): string {
  return `${[...text].length}/${FEEDBACK_MAX}`;
}

/** Feedback content problem (accounts §5): 'short' under 20 or 'long' over 200 characters after trimming, else null. */
export function feedbackProblem(text: string): 'short' | 'long' | null {
  const n = [...text.trim()].length;
  return n < FEEDBACK_MIN ? 'short' : n > FEEDBACK_MAX ? 'long' : null;
}

/** The feedback submit button is disabled only while the text is empty (accounts §4, §5). */
export function feedbackSubmitDisabled(text: string): boolean {
  return text.length === 0;
}

/** The apply form's remark counter (accounts §5: "remark up to 140 characters"), counting characters as typed. */
export function remarkCounter(text: string): string {
  return `${[...text].length}/${REMARK_MAX}`;
}

/** The remark cut to 140 characters (the text area stops there; a pasted longer text is cut, never refused). */
export function clampRemark(text: string): string {
  const chars = [...text];
  return chars.length > REMARK_MAX ? chars.slice(0, REMARK_MAX).join('') : text;
}

/**
 * What is wrong with an image the player picked for an application (accounts §5: png or jpg, up to 5 MB each, at
 * most 3), checked before upload: 'count' when `already` images are picked, 'type' for another type, 'size' above
 * 5 MB; else null. The browser's type comes from the file name, so the server checks the bytes again.
 */
export function applyImageProblem(file: { type: string; size: number }, already: number): 'count' | 'type' | 'size' | null {
  if (already >= APPLY_IMAGES_MAX) return 'count';
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'type';
  return file.size > APPLY_IMAGE_BYTES_MAX ? 'size' : null;
}

/** The message key of a promotion status label (accounts §4: applying, rejected, …, coming soon, close); '' or unknown → null. */
export function promotionStatusKey(status: string): string | null {
  return (PROMOTION_STATUSES as readonly string[]).includes(status) ? `promo.status.${status.replace(' ', '_')}` : null;
}

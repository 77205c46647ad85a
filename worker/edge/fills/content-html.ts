import type { Announcement, HelpEntry } from '../../../contract/calls/content-schemas';
import { helpDetailHref, type HelpSelection } from '../../../rules/help';
import { srcsetAttributes } from '../../../rules/media';
import type { PromotionView } from '../../services/content/content-sanitise';
import { plainText } from '../../model/rich-text';

/**
 * HTML the edge writes into the pre-rendered content pages (accounts §2 Promotions list, Help centre; docs/design.md
 * "where the text is the operator's, the edge fills it into the page"). Pure string builders: every title, label
 * and interface text is escaped here; rich `content` must arrive sanitised (fills/content.ts sanitises every
 * answer again with the rich-text allowlist, in built-in and upstream mode alike). The interface texts come from
 * the pre-rendered page itself (translated at build time, read from its data attributes). Every operator text
 * (titles, labels, bodies) carries `dir="auto"`: isolated and in its own direction on LTR and RTL pages alike.
 */

/** An attribute's value as written in the file (the rewriter gives it undecoded), with its character references decoded. */
export function decodeAttribute(raw: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return raw.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|apos|lt|gt));/gi, (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return named[name!.toLowerCase()] ?? match;
  });
}

/** Text or attribute value with `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An image address the page may show: https, or a path of this site (/media/…); anything else none. */
export function safeImageUrl(url: string | undefined): string | null {
  const u = (url ?? '').trim();
  if (/^https:\/\/[^\s"'<>]+$/i.test(u)) return u;
  if (/^\/[A-Za-z0-9][A-Za-z0-9/_.%-]*$/.test(u)) return u;
  return null;
}

/**
 * The card image of a promotion (accounts §2: "the image whose sequence is 2"); when the operator gave no second
 * image, the first one, so a promotion with one picture still shows it (our choice: the spec is silent).
 */
export function promotionImage(item: Pick<Announcement, 'announcementImages' | 'url'>): string | null {
  const second = item.announcementImages.find((i) => i.sequence === 2);
  return safeImageUrl(second?.url ?? item.announcementImages[0]?.url ?? item.url);
}

/** Interface texts of the help pages, read from the pre-rendered page. */
export interface HelpTexts {
  /** "Open on its own page" (a child's link to /m/helpDetail). */
  open: string;
  /** "Back to the help centre". */
  back: string;
  /** "Help topics" (the navigation's name). */
  topics: string;
}

/** Operator text in its own direction (issue 23: `dir="auto"` isolates it, so "12 new slots" reads right in RTL). */
const AUTO = ' dir="auto"';
const rich = (html: string) => `<div class="rich"${AUTO}>${html}</div>`;

/**
 * The accordion of /m/help: a `<details>` per section with its children; the selected section and child are open
 * and marked `data-selected` (the page scrolls to it), so the choice works without script.
 */
export function helpAccordion(entries: readonly HelpEntry[], selection: HelpSelection, texts: Pick<HelpTexts, 'open'>): string {
  return entries.map((section, i) => {
    const sectionOpen = selection.section === i;
    const children = section.children.map((child, c) => {
      const open = sectionOpen && selection.child === c;
      return `<details class="help-child" id="help-${i}-${c}"${open ? ' open data-selected' : ''}>`
        + `<summary><h3${AUTO}>${escapeHtml(child.title)}</h3></summary>${rich(child.content)}`
        + `<p><a href="${escapeHtml(helpDetailHref(i, c))}">${escapeHtml(texts.open)}<span class="visually-hidden">: <bdi>${escapeHtml(child.title)}</bdi></span></a></p>`
        + `</details>`;
    }).join('');
    const marked = sectionOpen ? (selection.child === null ? ' open data-selected' : ' open') : '';
    return `<details class="card help-section" id="help-${i}" data-tag="${escapeHtml(section.tag)}"${marked}>`
      + `<summary><h2${AUTO}>${escapeHtml(section.title)}</h2></summary>${rich(section.content)}${children}</details>`;
  }).join('');
}

/** The strip of help titles at the foot of the help pages (accounts §2 "a navigation strip … in the footer"). */
export function helpStrip(entries: readonly HelpEntry[]): string {
  return `<ul>${entries.map((s, i) => `<li><a href="/m/help?p=${i}"${AUTO}>${escapeHtml(s.title)}</a></li>`).join('')}</ul>`;
}

/**
 * /m/helpDetail: the selected section (with links to its children) or child (under its section's name), with a
 * link back to the centre; without a selection, the list of sections to choose from.
 */
export function helpDetail(entries: readonly HelpEntry[], selection: HelpSelection, texts: Pick<HelpTexts, 'back' | 'topics'>): string {
  if (selection.section === null) {
    const links = entries.map((s, i) => `<li><a href="${helpDetailHref(i)}"${AUTO}>${escapeHtml(s.title)}</a></li>`).join('');
    return `<nav aria-label="${escapeHtml(texts.topics)}"><ul class="link-list">${links}</ul></nav>`;
  }
  const s = selection.section;
  const section = entries[s]!;
  const item = selection.child === null ? section : section.children[selection.child]!;
  const children = selection.child === null && section.children.length > 0
    ? `<ul class="link-list">${section.children.map((c, i) => `<li><a href="${escapeHtml(helpDetailHref(s, i))}"${AUTO}>${escapeHtml(c.title)}</a></li>`).join('')}</ul>`
    : '';
  return `<article class="card help-article" aria-labelledby="help-item">`
    + (selection.child !== null ? `<p class="promo-label"${AUTO}>${escapeHtml(section.title)}</p>` : '')
    + `<h2 id="help-item"${AUTO}>${escapeHtml(item.title)}</h2>${rich(item.content)}${children}`
    + `<p><a href="/m/help?p=${s}">${escapeHtml(texts.back)}</a></p></article>`;
}

const image = (url: string | null, eager: boolean) => (url
  ? `<img class="promo-image" src="${escapeHtml(url)}"${srcsetAttributes(url, '(min-width: 640px) 640px, 100vw')} alt="" width="640" height="320" ${eager ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
  : '');

/**
 * The cards of /m/activity (accounts §2 Promotions list): image (sequence 2), label, title, the HTML content as an
 * excerpt (clamped by the stylesheet) and the 'more' link to /m/activityDetail?id=…, which covers the card.
 */
export function promotionCards(list: readonly PromotionView[], texts: { more: string }): string {
  return `<ul class="promo-list">${list.map((p, i) => `<li><article class="card promo-card" aria-labelledby="promo-${p.id}">`
    + image(promotionImage(p), i === 0)
    + (p.label ? `<p class="promo-label"${AUTO}>${escapeHtml(p.label)}</p>` : '')
    + `<h2 id="promo-${p.id}"${AUTO}>${escapeHtml(p.title)}</h2>`
    + `<div class="promo-excerpt rich"${AUTO}>${p.content}</div>`
    // The link's text names its promotion (visually hidden after "More"), so it says where it leads on its own.
    + `<a class="btn btn-small promo-more" href="/m/activityDetail?id=${p.id}">${escapeHtml(texts.more)}<span class="visually-hidden"${AUTO}>: ${escapeHtml(p.title)}</span></a>`
    + `</article></li>`).join('')}</ul>`;
}

/** One promotion on /m/activityDetail: image, label, title and the full content (the apply form follows). */
export function promotionDetail(p: PromotionView): string {
  return `<article class="card promo-detail" aria-labelledby="promo-title" data-promotion="${p.id}">`
    + image(promotionImage(p), true)
    + (p.label ? `<p class="promo-label"${AUTO}>${escapeHtml(p.label)}</p>` : '')
    + `<h2 id="promo-title"${AUTO}>${escapeHtml(p.title)}</h2>${rich(p.content)}</article>`;
}

/** Elements that end a line of text: their tags become a space, so `<li>a</li><li>b</li>` reads "a b", not "ab". */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|section|article|blockquote|pre)\b[^>]*>/gi;

/** The plain text of rich operator HTML, with a space where a block or line ends (plainText joins them). */
export function readableText(html: string): string {
  return plainText(html.replace(BLOCK_TAG, ' '));
}

/** Answers longer than this many characters are cut in the FAQ data (the page shows them whole). */
const FAQ_ANSWER_MAX = 1000;

/**
 * The help centre as a schema.org FAQPage (docs/edge.md "Crawlers"): one Question per help item (a section's
 * children, or the section itself when it has none) with its text as the accepted answer, plain text; null when there
 * is nothing to ask. The edge writes it into the help page's head as JSON-LD.
 */
export function helpFaq(entries: readonly HelpEntry[]): Record<string, unknown> | null {
  const items = entries.flatMap((section) => (section.children.length > 0 ? section.children : [section]));
  const questions = items
    .map((item) => ({ name: plainText(item.title), text: readableText(item.content).slice(0, FAQ_ANSWER_MAX) }))
    .filter((q) => q.name !== '' && q.text !== '')
    .map((q) => ({ '@type': 'Question', name: q.name, acceptedAnswer: { '@type': 'Answer', text: q.text } }));
  return questions.length === 0 ? null : { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: questions };
}

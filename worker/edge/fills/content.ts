import type { HelpEntry } from '../../../contract/calls/content-schemas';
import { contentCalls } from '../../../contract/calls/content';
import type { Language } from '../../../rules/i18n';
import { helpSelection } from '../../../rules/help';
import { normaliseHelp, normalisePromotions, type PromotionView } from '../../services/content/content-sanitise';
import { directValue, fingerprintOf, languageHeaders, valueOf, type ApiFetch, type DirectSource } from './api';
import { listHelp } from '../../db/queries/help';
import { announcementList } from '../../services/content/announcements';
import { decodeAttribute, helpAccordion, helpDetail, helpFaq, helpStrip, promotionCards, promotionDetail } from './content-html';
import { jsonLd, type PageHead } from '../pages/crawl';
import { helpHead, promotionHead } from './content-head';

/** What the edge writes into one content page: the rewriter steps, and a fingerprint of the content for the ETag. */
export interface ContentFill {
  fingerprint: string;
  apply: (rewriter: HTMLRewriter) => HTMLRewriter;
  /** A request header the written content depends on beyond the page's own (it joins the answer's `Vary`). */
  vary?: string;
  /** The page's own title, description and card where its content names it (pages/crawl.ts rewriteCrawl). */
  head?: PageHead | null;
}

/** The FAQPage JSON-LD block appended to the head, when there is a question to write. */
function faqInHead(r: HTMLRewriter, entries: readonly HelpEntry[]): HTMLRewriter {
  const faq = helpFaq(entries);
  if (!faq) return r;
  return r.on('head', {
    element: (head) => {
      head.append(`<script type="application/ld+json">${jsonLd(faq)}</script>`, { html: true });
    },
  });
}

/**
 * The help centre in `language` through the help-centre call (platform-contract.md §3: EN when the language has
 * none); null when the call failed (no answer, an error status, not the success envelope). In built-in mode
 * (`direct`) the help centre's query itself (db/queries/help.ts listHelp, what the route calls: worker/api/help-feedback.ts).
 */
export async function helpEntries(
  api: ApiFetch, direct: DirectSource | null, origin: string, merchantCode: string, language: Language,
): Promise<HelpEntry[] | null> {
  if (direct) {
    const value = await directValue(direct, contentCalls.helpCentre, `${merchantCode}\n${language}`, (db) => listHelp(db, merchantCode, language, direct.preview?.kind === 'help' ? direct.preview.target : null));
    return value === null ? null : normaliseHelp(value);
  }
  const url = new URL(contentCalls.helpCentre.path, origin);
  url.search = new URLSearchParams({ device: 'MOBILE', lang: language }).toString();
  const value = await valueOf(api, url, languageHeaders(language));
  return value === null ? null : normaliseHelp(value);
}

/**
 * The site's promotions through the announcement-list call (types PR, platform M, as a visitor: no token); null
 * when the call failed. In built-in mode (`direct`) the service the route calls (services/content/announcements.ts
 * announcementList, as a visitor; worker/api/announcements.ts), its answer shaped by the call's schema.
 */
async function promotions(
  api: ApiFetch, direct: DirectSource | null, origin: string, merchantCode: string, language: Language,
): Promise<PromotionView[] | null> {
  const def = contentCalls.announcementList;
  if (direct) {
    const value = await directValue(direct, def, `PR\n${merchantCode}\n${language}`, (db) => announcementList(db, {
      merchantCode, filter: { types: ['PR'], previewId: previewIdOf(direct) }, memberId: null, language,
    }));
    return value === null ? null : normalisePromotions(value);
  }
  const url = new URL(def.path, origin);
  url.search = new URLSearchParams({ types: 'PR', platform: 'M', merchantCode, token: '' }).toString();
  const value = await valueOf(api, url, languageHeaders(language));
  return value === null ? null : normalisePromotions(value);
}

/** The announcement a content preview shows (fills/api.ts DirectSource.preview), if any. */
export function previewIdOf(direct: DirectSource): number | undefined {
  return direct.preview?.kind === 'announcement' ? Number(direct.preview.target) : undefined;
}

/**
 * The block written instead of the empty state when the content call failed (docs/upstream-mode.md,
 * "When the platform is slow, down or wrong"): the page's own `data-failed` text as an alert and a "try again" link to
 * the same address (`data-retry`), which asks the edge again; no script. Texts are the placeholder's attributes, translated at build
 * time and already escaped as written.
 */
function failedBlock(element: Element): string {
  const message = element.getAttribute('data-failed') ?? '';
  const retry = element.getAttribute('data-retry') ?? '';
  return `<div class="load-failed" role="alert" data-load-failed><p>${message}</p><a class="btn btn-primary" href="">${retry}</a></div>`;
}

/** An interface text from the placeholder's `data-*` attribute, decoded (the rewriter gives it as written: `Q&amp;A`). */
const textOf = (element: Element, name: string): string => decodeAttribute(element.getAttribute(name) ?? '');

/** Replaces the inner content of every `[data-fill=name]` element with `html(element)` (null: keeps the pre-rendered one). */
function fill(rewriter: HTMLRewriter, name: string, html: (element: Element) => string | null): HTMLRewriter {
  return rewriter.on(`[data-fill="${name}"]`, {
    element: (element) => {
      const inner = html(element);
      if (inner !== null) element.setInnerContent(inner, { html: true });
    },
  });
}

/**
 * The operator's content for a pre-rendered page (docs/design.md "where the text is the operator's, the edge fills it
 * into the page"; issue 11: in the first HTML, in the player's language, without script):
 * - help: `[data-fill=help]` the accordion with the query's tag / p / c selection open, `[data-fill=help-strip]`
 *   the strip of titles, and the help centre as FAQPage JSON-LD in the head (content-html.ts helpFaq);
 * - helpDetail: `[data-fill=help-detail]` the selected item, or the list of sections without a selection; with a
 *   selection, the page's own head (content-head.ts helpHead) and the selected item (a section: its items) as
 *   FAQPage JSON-LD;
 * - activity: `[data-fill=promotions]` the cards;
 * - activityDetail: `[data-fill=promotion]` the promotion `?id=` names, and its own head (content-head.ts
 *   promotionHead).
 * The content comes through the same calls the browser makes (help centre, announcement list) sent through the
 * worker itself, so upstream mode reads the platform; in built-in mode (`direct`) from the query or service their
 * routes call (fills/api.ts directValue); every item is sanitised again here. When there is nothing to
 * show (no entries, an unknown id) the pre-rendered empty state stays; when the call failed (the platform is down,
 * slow past the fill's deadline or answered garbage), the placeholder says so with a "try again" link
 * (failedBlock; its `data-failed`/`data-retry` texts), never the empty state. Interface texts (links'
 * words) are the page's own `data-*` attributes, translated at build time. Null for pages the edge does not fill.
 */
export async function contentFill(
  pageId: string, url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill | null> {
  if (pageId === 'help' || pageId === 'helpDetail') {
    const answer = await helpEntries(api, direct, url.origin, merchantCode, language);
    if (answer === null) {
      return {
        fingerprint: fingerprintOf({ failed: pageId }),
        apply: (r) => fill(r, pageId === 'help' ? 'help' : 'help-detail', failedBlock),
      };
    }
    const entries = answer;
    const selection = helpSelection(entries, url.searchParams);
    const some = entries.length > 0;
    const head = pageId === 'helpDetail' ? helpHead(entries, selection) : null;
    return {
      fingerprint: fingerprintOf([entries, selection]),
      head,
      apply: (r) => {
        fill(r, 'help-strip', () => (some ? helpStrip(entries) : null));
        if (pageId === 'help') {
          faqInHead(r, entries);
          return fill(r, 'help', (e) => (some ? helpAccordion(entries, selection, { open: textOf(e, 'data-open') }) : null));
        }
        const section = selection.section === null ? undefined : entries[selection.section];
        if (head && section) {
          const child = selection.child === null ? null : section.children[selection.child];
          faqInHead(r, [{ ...section, children: child ? [child] : section.children }]);
        }
        return fill(r, 'help-detail', (e) => (some
          ? helpDetail(entries, selection, { back: textOf(e, 'data-back'), topics: textOf(e, 'data-topics') })
          : null));
      },
    };
  }
  if (pageId === 'activity' || pageId === 'activityDetail') {
    const answer = await promotions(api, direct, url.origin, merchantCode, language);
    if (answer === null) {
      return {
        fingerprint: fingerprintOf({ failed: pageId }),
        apply: (r) => fill(r, pageId === 'activity' ? 'promotions' : 'promotion', failedBlock),
      };
    }
    const list = answer;
    if (pageId === 'activity') {
      return {
        fingerprint: fingerprintOf(list),
        apply: (r) => fill(r, 'promotions', (e) => (list.length > 0 ? promotionCards(list, { more: textOf(e, 'data-more') }) : null)),
      };
    }
    const id = url.searchParams.get('id');
    const item = id !== null && /^\d{1,10}$/.test(id) ? list.find((p) => p.id === Number(id)) ?? null : null;
    return {
      fingerprint: fingerprintOf(item),
      head: item ? promotionHead(item) : null,
      apply: (r) => fill(r, 'promotion', () => (item ? promotionDetail(item) : null)),
    };
  }
  return null;
}

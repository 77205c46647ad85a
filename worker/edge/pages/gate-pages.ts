import en from '../../../locales/en.json';
import { setSourceMessages, t, type MessageKey } from '../../../rules/i18n';
import { GATE_PAGES, MAINTENANCE_RETRY_AFTER_S, UNAVAILABLE_PAGE, type Gate } from '../../model/gating';

// The gate pages are written in EN, the source language.
setSourceMessages(en);

/** Attribute of the element on the restricted page that receives the visitor's IP address. */
export const CLIENT_IP_ATTRIBUTE = 'data-client-ip';

const HTML = 'text/html; charset=utf-8';

/** Attribute of the list on the gate pages (503, 451, 502) that receives the site's customer-service links. */
export const SERVICE_LINKS_ATTRIBUTE = 'data-service-links';

/** Attribute of the maintenance page's paragraph that receives the operator's maintenance text, when one is set. */
export const MAINTENANCE_TEXT_ATTRIBUTE = 'data-maintenance-text';


/** Seconds a client should wait before asking again after the platform failed (Retry-After of the page). */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/** One customer-service contact of the site (its own settings, table customer_service). */
export interface ServiceLink {
  csType: string;
  path: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Texts of the built-in pages, by page. */
const TEXTS: Readonly<Record<Gate | 'unknownSite' | 'unavailable', { title: MessageKey; body: MessageKey }>> = {
  unavailable: { title: 'gate.unavailable.title', body: 'gate.unavailable.body' },
  maintenance: { title: 'gate.maintenance.title', body: 'gate.maintenance.body' },
  restricted: { title: 'gate.restricted.title', body: 'gate.restricted.body' },
  unknownSite: { title: 'gate.unknownSite.title', body: 'gate.unknownSite.body' },
};

/**
 * A minimal self-contained HTML document (no script, no style), used where no built page exists: the
 * unknown-host page, and a gate page when the build lacks its file. Texts come from the EN locale. The gate and
 * unavailable pages carry the same hooks as the built ones (`data-client-ip`, `data-maintenance-text`, the
 * `data-service-links` list with EN labels; `data-platform-unavailable` on the unavailable page's body), so the
 * edge fills them the same way.
 */
function plainDocument(kind: Gate | 'unknownSite' | 'unavailable'): string {
  const { title, body } = TEXTS[kind];
  const ip =
    kind === 'restricted' ? `\n<p>${t('gate.restricted.ip')}: <strong ${CLIENT_IP_ATTRIBUTE}></strong></p>` : '';
  const links = kind === 'unknownSite' ? ''
    : `\n<ul ${SERVICE_LINKS_ATTRIBUTE} data-label-cs="${t('service.CS')}" data-label-livechat="${t('service.LIVECHAT')}" data-label-whatsapp="${t('service.WHATSAPP')}"></ul>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t(title)}</title></head>
<body${kind === 'unavailable' ? ' data-platform-unavailable' : ''}>
<h1>${t(title)}</h1>
<p${kind === 'maintenance' ? ` ${MAINTENANCE_TEXT_ATTRIBUTE}` : ''}>${t(body)}</p>${ip}${links}
</body>
</html>
`;
}

/**
 * The plain HTML 404 for a page request on a host no merchant serves (the API answers 404 `unknown_site`
 * instead). Not cached: the operator may add the domain at any time.
 */
export function siteNotConfiguredResponse(): Response {
  return new Response(plainDocument('unknownSite'), {
    status: 404,
    headers: { 'Content-Type': HTML, 'Cache-Control': 'no-store' },
  });
}

/** A plain HTML 404 for paths that exist only as storage (language variant files are reached via their route). */
export function notFoundHtmlResponse(): Response {
  return new Response('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1></body></html>\n', {
    status: 404,
    headers: { 'Content-Type': HTML, 'Cache-Control': 'no-store' },
  });
}

/** What the edge writes into a gate page besides the visitor's IP (both optional). */
export interface GateExtras {
  /** The site's customer-service contacts (its own settings, table customer_service). */
  links?: readonly ServiceLink[];
  /** The operator's maintenance text for the visitor's language (worker/db/queries/maintenance-texts.ts). */
  maintenanceText?: string | null;
}

/**
 * Turns the built gate page (or the built-in fallback when `built` is null or not ok) into the gate answer:
 * 503 with Retry-After for maintenance, 451 with the visitor IP written into the `[data-client-ip]` element for
 * a restricted region (player-shell §3 `location.ip`). Both pages tell the player to contact customer service, so
 * the site's contacts are written into their `[data-service-links]` list (as on the unavailable page); on the
 * maintenance page the operator's text, when set, replaces the built-in one in `[data-maintenance-text]` (marked
 * `dir="auto"`: it reads in its own direction on any page). IP and text go in as text, so HTML in a spoofed header
 * or in the operator's text is escaped; no inline script is needed, which keeps the page within its hash-based
 * CSP. Never stored by caches: the page carries the visitor's IP and must disappear the moment the gate lifts.
 */
export function gateResponse(gate: Gate, built: Response | null, clientIp: string, extras: GateExtras = {}): Response {
  const { status } = GATE_PAGES[gate];
  const source = built?.ok ? built.body : plainDocument(gate);
  const headers = new Headers({ 'Content-Type': HTML, 'Cache-Control': 'no-store' });
  if (gate === 'maintenance') headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_S));
  const rewriter = new HTMLRewriter();
  if (gate === 'restricted') {
    rewriter.on(`[${CLIENT_IP_ATTRIBUTE}]`, {
      element(element) {
        element.setInnerContent(clientIp);
      },
    });
  }
  const text = gate === 'maintenance' ? extras.maintenanceText : null;
  if (text) {
    rewriter.on(`[${MAINTENANCE_TEXT_ATTRIBUTE}]`, {
      element(element) {
        element.setAttribute('dir', 'auto');
        element.setInnerContent(text);
      },
    });
  }
  writeServiceLinks(rewriter, extras.links ?? []);
  const rewritten = rewriter.transform(new Response(source, { status, headers }));
  return new Response(rewritten.body, rewritten);
}

/** Only http(s) and mailto/tel links are written into the page: a `javascript:` path from the settings never is. */
function safeServiceHref(path: string): string | null {
  try {
    const url = new URL(path, 'https://site.invalid');
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? path : null;
  } catch {
    return null;
  }
}

/**
 * The platform-unavailable answer (docs/upstream-mode.md, "When the platform is slow, down or wrong"): the built page in the
 * player's language (`built`; the plain EN fallback when null or not ok), status 502, `Retry-After:
 * UNAVAILABLE_RETRY_AFTER_S`, never stored by caches, with the site's customer-service contacts written into the
 * `[data-service-links]` list as links opening in a new tab (labels from the list's `data-label-<type>` attributes,
 * translated at build time; the EN type label in the fallback). The links come from the site's own settings, so
 * the page needs nothing from the failing platform. Never shows the platform's own error text.
 */
export function unavailableResponse(built: Response | null, links: readonly ServiceLink[]): Response {
  const source = built?.ok ? built.body : plainDocument('unavailable');
  const headers = new Headers({
    'Content-Type': HTML, 'Cache-Control': 'no-store', 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S),
  });
  const response = new Response(source, { status: UNAVAILABLE_PAGE.status, headers });
  if (links.length === 0) return response;
  const rewritten = writeServiceLinks(new HTMLRewriter(), links).transform(response);
  return new Response(rewritten.body, rewritten);
}

/**
 * Adds to `rewriter` the writing of the site's customer-service contacts into the `[data-service-links]` list, as
 * links opening in a new tab (labels from the list's `data-label-<type>` attributes, translated at build time; the
 * type itself when the page has no label for it). Unsafe paths are left out; with none left the list stays empty
 * (the pages hide an empty list).
 */
function writeServiceLinks(rewriter: HTMLRewriter, links: readonly ServiceLink[]): HTMLRewriter {
  const usable = links.flatMap((link) => {
    const href = safeServiceHref(link.path);
    return href ? [{ csType: link.csType, href }] : [];
  });
  if (usable.length === 0) return rewriter;
  return rewriter.on(`[${SERVICE_LINKS_ATTRIBUTE}]`, {
    element(element) {
      const newTab = element.getAttribute('data-new-tab');
      const items = usable.map(({ csType, href }) => {
        const label = element.getAttribute(`data-label-${csType.toLowerCase()}`) ?? element.getAttribute('data-label-cs') ?? escapeHtml(csType);
        const hint = newTab ? `<span class="visually-hidden"> (${newTab})</span>` : '';
        return `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${label}${hint}</a></li>`;
      });
      element.setInnerContent(items.join(''), { html: true });
    },
  });
}

import en from '../../locales/en.json';
import { setSourceMessages, t, type MessageKey } from '../../src/lib/i18n';
import { GATE_PAGES, MAINTENANCE_RETRY_AFTER_S, type Gate } from './gating';

// The gate pages are written in EN, the source language.
setSourceMessages(en);

/** Attribute of the element on the restricted page that receives the visitor's IP address. */
export const CLIENT_IP_ATTRIBUTE = 'data-client-ip';

const HTML = 'text/html; charset=utf-8';

/** Texts of the built-in pages, by page. */
const TEXTS: Readonly<Record<Gate | 'unknownSite', { title: MessageKey; body: MessageKey }>> = {
  maintenance: { title: 'gate.maintenance.title', body: 'gate.maintenance.body' },
  restricted: { title: 'gate.restricted.title', body: 'gate.restricted.body' },
  unknownSite: { title: 'gate.unknownSite.title', body: 'gate.unknownSite.body' },
};

/**
 * A minimal self-contained HTML document (no script, no style), used where no built page exists: the
 * unknown-host page, and a gate page when the build lacks its file. Texts come from the EN locale.
 */
function plainDocument(kind: Gate | 'unknownSite'): string {
  const { title, body } = TEXTS[kind];
  const ip =
    kind === 'restricted' ? `\n<p>${t('gate.restricted.ip')}: <strong ${CLIENT_IP_ATTRIBUTE}></strong></p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t(title)}</title></head>
<body>
<h1>${t(title)}</h1>
<p>${t(body)}</p>${ip}
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

/**
 * Turns the built gate page (or the built-in fallback when `built` is null or not ok) into the gate answer:
 * 503 with Retry-After for maintenance, 451 with the visitor IP written into the `[data-client-ip]` element for
 * a restricted region (player-shell §3 `location.ip`). The IP goes in as text, so HTML in a spoofed header is
 * escaped; no inline script is needed, which keeps the page within its hash-based CSP. Never stored by caches:
 * the page carries the visitor's IP and must disappear the moment the gate lifts.
 */
export function gateResponse(gate: Gate, built: Response | null, clientIp: string): Response {
  const { status } = GATE_PAGES[gate];
  const source = built?.ok ? built.body : plainDocument(gate);
  const headers = new Headers({ 'Content-Type': HTML, 'Cache-Control': 'no-store' });
  if (gate === 'maintenance') headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_S));
  const response = new Response(source, { status, headers });
  if (gate !== 'restricted') return response;
  const rewritten = new HTMLRewriter()
    .on(`[${CLIENT_IP_ATTRIBUTE}]`, {
      element(element) {
        element.setInnerContent(clientIp);
      },
    })
    .transform(response);
  return new Response(rewritten.body, rewritten);
}

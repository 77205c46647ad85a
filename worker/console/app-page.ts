import type { Context } from 'hono';
import type { ConsoleEnv } from './access';

/**
 * The back office's page (docs/back-office.md "The back office app"): the build's `console.html`
 * (src/console/console.html, which loads the React app from /_assets/console/), answered at /console/ and every path
 * below it that is not the API, so the app's own deep links load. The request's nonce (in the console's policy
 * header, worker/console/router.ts) replaces `CONSOLE_NONCE` in the page: the app hands it to emotion, which stamps
 * MUI's `<style>` elements with it. A `<meta>` policy in the page (the pages' build writes one into each page; this
 * page's own build does not) would be taken out, since two policies would both have to allow every style.
 * Without a build (worker tests run before `npm run build`) the answer is a short 503 page saying so.
 */

/** The build file of the page. */
const PAGE_FILE = '/console.html';

/** The page's HTML with `nonce` in place and the build's meta policy taken out. */
export function withNonce(html: string, nonce: string): string {
  return html
    .replace(/<meta\s+http-equiv="content-security-policy"[^>]*>/i, '')
    .replaceAll('CONSOLE_NONCE', nonce);
}

/**
 * Answers the back office's page (200), or 503 when the site was not built; `Cache-Control: no-store` (the nonce is
 * the request's). The nonce is the one worker/console/router.ts's security headers put into the policy.
 */
export async function serveConsolePage(c: Context<ConsoleEnv>): Promise<Response> {
  const nonce = c.get('secureHeadersNonce') ?? '';
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
  const built = c.env.ASSETS ? await c.env.ASSETS.fetch(new Request(new URL(PAGE_FILE, c.req.url))).catch(() => null) : null;
  if (!built?.ok) {
    await built?.body?.cancel();
    return c.body('<!doctype html><title>Back office</title><p>The back office is not built: run <code>npm run build</code>.</p>', 503, headers);
  }
  return c.body(withNonce(await built.text(), nonce), 200, headers);
}

import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { pageForPath } from '../../src/lib/routes';

/** Build output under this prefix is content-hashed: cache it for a year. */
const HASHED_ASSETS = '/_assets/';

/**
 * Serves a request from the Astro build: page routes map to their pre-rendered file (player-shell §2);
 * anything else is a static file or a plain 404. HTML is revalidated on every visit; hashed assets are
 * immutable.
 */
export async function servePageOrAsset(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const page = pageForPath(url.pathname);
  const target = page ? new URL(page.file, url) : url;
  const upstream = await c.env.ASSETS.fetch(new Request(target, { method: 'GET', headers: c.req.raw.headers }));
  const response = new Response(upstream.body, upstream);
  if (page) {
    response.headers.set('Cache-Control', 'no-cache');
    response.headers.set('Content-Type', 'text/html; charset=utf-8');
  } else if (url.pathname.startsWith(HASHED_ASSETS) && upstream.ok) {
    response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  return response;
}

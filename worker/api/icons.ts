import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { findBannerFacts, findGameIconFacts } from '../db/queries/icons';
import { bannerSvg, gameIconSvg } from '../services/media/icons';

/** `<digits>.svg` → the id; anything else is malformed input (400 `invalid_input`). */
function idOf(file: string): number {
  const match = /^(\d{1,10})\.svg$/.exec(file);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new ApiError(400, 'request_param_err', 'Expected <id>.svg');
  }
  return id;
}

function svg(c: Context<AppEnv>, body: string): Response {
  return c.body(body, 200, {
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    // The artwork is static markup: nothing in it may run or load anything when opened directly.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
}

/**
 * Router for /icons (mounted outside the API middleware, so it resolves games and banners directly, for any
 * site): deterministic SVG artwork cached for a day. Errors are JSON envelopes: 400 `invalid_input` for a
 * malformed file name, 404 `not_found` for an unknown id.
 */
export const iconRouter = new Hono<AppEnv>()
  /** GET /game/:nodeId.svg → 256×256 tile art with the game's initials (the tile prints name and vendor). */
  .get('/game/:file', async (c) => {
    const facts = await findGameIconFacts(c.env.DB, idOf(c.req.param('file')));
    if (!facts) throw new ApiError(404, 'not_found', 'No such game');
    return svg(c, gameIconSvg(facts));
  })
  /** GET /banner/:id.svg → 1280×720 (16:9) banner with the banner title and the site name. */
  .get('/banner/:file', async (c) => {
    const facts = await findBannerFacts(c.env.DB, idOf(c.req.param('file')));
    if (!facts) throw new ApiError(404, 'not_found', 'No such banner');
    return svg(c, bannerSvg(facts));
  });

import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { publishedPayloadKey } from '../services/payload-keys';

/**
 * Router for /wps/playdeck: PlayDeck's own extensions that belong to no single area (src/contract/calls/
 * extensions.ts; the platform has none of them). Areas mount their own extension routers under the same prefix.
 * - GET /payloadKey → `{ keyId, publicKeyJwk, algorithm: 'ECDH-P256-A256GCM' }`: the key that seals login,
 *   registration and password bodies (services/payload-keys.ts); 503 `encryption_unavailable` without a key.
 */
export const playdeckRouter = new Hono<AppEnv>()
  .get('/payloadKey', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return ok(c, await publishedPayloadKey(c.env));
  });

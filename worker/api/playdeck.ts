import { plain } from '../lib/answer';
import { CallRouter } from './call-router';
import { extensionCalls } from '../../contract/calls/extensions';
import { ok } from '../lib/envelope';
import { publishedPayloadKey } from '../services/crypto/payload-keys';
import { buildOpenApiDocument, type OpenApiDocument } from '../../contract/openapi';

/** Built once per isolate: the call definitions do not change while it runs. */
let openApi: OpenApiDocument | null = null;

/**
 * Router for /wps/playdeck: PlayDeck's own extensions that belong to no single area (src/contract/calls/
 * extensions.ts; the platform has none of them). Areas mount their own extension routers under the same prefix.
 * - GET /payloadKey → `{ keyId, publicKeyJwk, algorithm: 'ECDH-P256-A256GCM' }`: the key that seals login,
 *   registration and password bodies (services/payload-keys.ts); 503 `encryption_unavailable` without a key.
 * - GET /openapi.json → the OpenAPI 3.1 document (contract/openapi.ts) as plain JSON, not the envelope;
 *   cacheable for 5 minutes. Served in both modes: the upstream adapter must not forward it. No errors of its own.
 */
export const playdeckRouter = new CallRouter('/wps/playdeck')
  .serve(extensionCalls.payloadKey, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return ok(c, await publishedPayloadKey(c.env));
  })
  .serve(extensionCalls.openApiDocument, (c) => {
    openApi ??= buildOpenApiDocument();
    c.header('Cache-Control', 'public, max-age=300');
    return plain(c, openApi);
  });

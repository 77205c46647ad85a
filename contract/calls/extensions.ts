import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';

/**
 * PlayDeck's own calls that belong to no single area (the platform has none of them; contract/capabilities.ts
 * says which a deployment serves). Area files declare their own extensions with `extension: true`.
 */
export const extensionCalls = {
  /** The public key that seals login, registration and password bodies (served in both modes). */
  payloadKey: defineCall({
    name: 'payloadKey',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/payloadKey`,
    auth: 'none',
    extension: true,
    value: z.object({
      keyId: z.string(),
      algorithm: z.literal('ECDH-P256-A256GCM'),
      publicKeyJwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }).loose(),
    }),
    summary: 'Sealed-payload public key (ECDH P-256 + AES-GCM); the browser seals §1.6 calls with it.',
  }),
  /**
   * GET /wps/playdeck/openapi.json: the OpenAPI 3.1 document of every call (contract/openapi.ts), as plain
   * JSON (not the envelope: tools read it directly). Served by the worker in both modes; the upstream adapter must
   * not forward it. No errors of its own.
   */
  openApiDocument: defineCall({
    name: 'openApiDocument',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/openapi.json`,
    auth: 'none',
    extension: true,
    plain: true,
    value: z.object({ openapi: z.string().regex(/^3\.1\./), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
    summary: 'The OpenAPI 3.1 description of this API (PlayDeck extension; plain JSON).',
  }),
};

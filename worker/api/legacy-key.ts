import { text } from '../lib/answer';
import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError } from '../lib/envelope';
import { legacyEncryptionEnabled, legacyKeyPair } from '../services/crypto/legacy-keys';
import { modulusHex } from '../services/crypto/legacy-crypto';

/**
 * GET /wps/session/key/rsa (platform-contract.md §1.6.1, §7.1; mounted at /wps/session/key): the RSA public modulus
 * of the legacy payload encryption, as BARE lower-case hex text (`text/plain`, no envelope: the clients read it "as
 * hex text"; the exponent is always 65537). The platform's mobile client asks `?_=<epoch ms>` with
 * `Cache-Control: no-cache`, older scripts `?t=<epoch ms>`: both cache-busters are ignored, and the answer is
 * `no-store` anyway. The modulus has at most 1024 bits (256 hex digits), the most the platform's clients can use
 * (services/legacy-keys.ts says which key it is, and why the weak legacy scheme exists at all). Errors (envelope):
 * 403 `legacy_encryption_disabled` when LEGACY_ENCRYPTION=off, 503 `encryption_unavailable` without a key.
 * Declared raw (api/call-router.ts serveRaw): the query's `t` is the client's cache-buster, never read, so any value
 * is accepted as before.
 */
export const legacyKeyRouter = new CallRouter('/wps/session/key').serveRaw(accountsCalls.legacyRsaKey, async (c) => {
  if (!legacyEncryptionEnabled(c.env)) {
    throw new ApiError(403, 'legacy_encryption_disabled', 'Legacy-encrypted bodies are turned off on this deployment');
  }
  const { publicKey } = await legacyKeyPair(c.env);
  c.header('Cache-Control', 'no-store');
  return text(c, modulusHex(publicKey.n));
});

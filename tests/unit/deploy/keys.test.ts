import { describe, expect, it } from 'vitest';
import { addPayloadKey, LEGACY_KEY_BITS, makeSecrets, uploadCommands } from '../../../scripts/secrets';
import { payloadKeyRing } from '../../../worker/services/crypto/payload-keys';
import { rsaKeyPairOfJwk } from '../../../worker/services/crypto/legacy-crypto';
import { LEGACY_RSA_MAX_BITS, modulusBits } from '../../../worker/services/crypto/legacy-keys';
import type { Bindings } from '../../../worker/env';

/**
 * The secrets `npm run keys` makes (scripts/secrets.ts; docs/deployment.md "Secrets") are read by the worker's own
 * parsers: the payload key ring (worker/services/crypto/payload-keys.ts) and the legacy RSA key
 * (worker/services/crypto/legacy-crypto.ts, legacy-keys.ts).
 */
const production = (secrets: Partial<Bindings>) => ({ APP_ENV: 'production', ...secrets }) as Bindings;

describe('npm run keys', () => {
  it('makes a payload key ring, a 1024-bit legacy key and a demo payment secret the worker accepts', async () => {
    const { values, changes } = await makeSecrets({}, false);
    expect(changes).toEqual({ PAYLOAD_PRIVATE_KEYS: 'new', LEGACY_RSA_PRIVATE_KEY: 'new', PAYMENT_DEMO_SECRET: 'new', CONSOLE_TOTP_KEY: 'new' });

    const ring = await payloadKeyRing(production({ PAYLOAD_PRIVATE_KEYS: values.PAYLOAD_PRIVATE_KEYS! }));
    expect(ring.current.keyId).toMatch(/^p256-\d{8}-[0-9a-f]{8}$/);
    expect(ring.byId.size).toBe(1);

    const legacy = rsaKeyPairOfJwk(JSON.parse(values.LEGACY_RSA_PRIVATE_KEY!) as JsonWebKey);
    expect(modulusBits(legacy.publicKey.n)).toBe(LEGACY_KEY_BITS);
    expect(LEGACY_KEY_BITS).toBe(LEGACY_RSA_MAX_BITS);
    expect(legacy.publicKey.e).toBe(65537n);

    expect(values.PAYMENT_DEMO_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps what the file holds when run again, and the hand-added tokens', async () => {
    const first = await makeSecrets({ SMS_HTTP_TOKEN: 'gateway-token' }, false);
    const again = await makeSecrets(first.values, false);
    expect(again.values).toEqual(first.values);
    expect(again.changes).toEqual({ PAYLOAD_PRIVATE_KEYS: 'kept', LEGACY_RSA_PRIVATE_KEY: 'kept', PAYMENT_DEMO_SECRET: 'kept', CONSOLE_TOTP_KEY: 'kept' });
    expect(again.values.SMS_HTTP_TOKEN).toBe('gateway-token');
  });

  it('--rotate puts a new payload key first and keeps the old ones, replaces the legacy key and keeps the payment secret', async () => {
    const first = await makeSecrets({}, false);
    const rotated = await makeSecrets(first.values, true);
    expect(rotated.changes).toEqual({ PAYLOAD_PRIVATE_KEYS: 'rotated', LEGACY_RSA_PRIVATE_KEY: 'rotated', PAYMENT_DEMO_SECRET: 'kept', CONSOLE_TOTP_KEY: 'kept' });
    const before = await payloadKeyRing(production({ PAYLOAD_PRIVATE_KEYS: first.values.PAYLOAD_PRIVATE_KEYS! }));
    const after = await payloadKeyRing(production({ PAYLOAD_PRIVATE_KEYS: rotated.values.PAYLOAD_PRIVATE_KEYS! }));
    expect(after.byId.size).toBe(2);
    expect(after.current.keyId).not.toBe(before.current.keyId);
    expect(after.byId.has(before.current.keyId)).toBe(true);
    expect(rotated.values.LEGACY_RSA_PRIVATE_KEY).not.toBe(first.values.LEGACY_RSA_PRIVATE_KEY);
    expect(rotated.values.PAYMENT_DEMO_SECRET).toBe(first.values.PAYMENT_DEMO_SECRET);
  });

  it('refuses a PAYLOAD_PRIVATE_KEYS that is not a JSON array', async () => {
    await expect(addPayloadKey('{"kty":"EC"}')).rejects.toThrow(TypeError);
  });

  it('prints upload lines that never put a value on the command line', () => {
    const { bulk, put } = uploadCommands('production', '.secrets/production.json', ['PAYLOAD_PRIVATE_KEYS']);
    expect(bulk).toBe('npx wrangler secret bulk .secrets/production.json --env production');
    expect(put).toEqual([`node -e 'process.stdout.write(require("./.secrets/production.json").PAYLOAD_PRIVATE_KEYS)' | npx wrangler secret put PAYLOAD_PRIVATE_KEYS --env production`]);
  });
});

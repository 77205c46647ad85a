import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:test';
import { PAYLOAD_ALGORITHM } from '../../../contract/payload-crypto';
import type { Bindings } from '../../../worker/env';
import { call } from '../helpers';

/**
 * A deployment without its login secrets (worker/services/crypto/login-secrets.ts; docs/deployment.md "Secrets"):
 * the calls that need them answer 503 `encryption_unavailable` (shown as "temporarily unavailable"), never a 403,
 * and each isolate logs one line per missing secret naming it and the command that makes it.
 */
const production = { APP_ENV: 'production' } as const;
const sealedHeaders = { Encryption: `${PAYLOAD_ALGORITHM};k1` };

/** The console.error lines that name `secret`. */
function linesNaming(spy: { mock: { calls: unknown[][] } }, secret: string): string[] {
  return spy.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes(secret));
}

afterEach(() => vi.restoreAllMocks());

describe('a production deployment without PAYLOAD_PRIVATE_KEYS or LEGACY_RSA_PRIVATE_KEY', () => {
  it('answers 503 encryption_unavailable with Retry-After on the payload key, login, registration and the legacy key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [
      await call('/wps/playdeck/payloadKey', { env: production }),
      await call('/wps/session/login', { method: 'POST', json: { data: 'AAAA' }, headers: sealedHeaders, env: production }),
      await call('/wps/member/register', { method: 'PUT', json: { data: 'AAAA' }, headers: sealedHeaders, env: production }),
      await call('/wps/session/key/rsa', { env: production }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body.errorCode).toBe('encryption_unavailable');
      expect(answer.headers.get('Retry-After')).toBe('300');
    }
  });

  it('still serves everything else (the site status)', async () => {
    const status = await call('/wps/system/status', { env: production });
    expect(status.status).toBe(200);
  });
});

describe('the log line', () => {
  it('is one line per isolate and secret, naming the secret and the command that makes it', async () => {
    vi.resetModules();
    const secrets = await import('../../../worker/services/crypto/login-secrets');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bindings = { ...env, ...production, PAYLOAD_PRIVATE_KEYS: undefined, LEGACY_RSA_PRIVATE_KEY: undefined } as Bindings;
    secrets.reportMissingLoginSecrets(bindings);
    secrets.reportMissingLoginSecrets(bindings);
    expect(secrets.loginSecretUnavailable('PAYLOAD_PRIVATE_KEYS', 'is not set').status).toBe(503);
    secrets.loginSecretUnavailable('LEGACY_RSA_PRIVATE_KEY', 'is not set');
    const payload = linesNaming(spy, 'PAYLOAD_PRIVATE_KEYS');
    const legacy = linesNaming(spy, 'LEGACY_RSA_PRIVATE_KEY');
    expect(payload).toHaveLength(1);
    expect(legacy).toHaveLength(1);
    expect(payload[0]).toContain('PAYLOAD_PRIVATE_KEYS is not set');
    expect(payload[0]).toContain('npm run keys -- --env <preview|production>');
    expect(payload[0]).toContain('503 encryption_unavailable');
  });

  it('names no secret in development, nor the legacy key when legacy bodies are off or in upstream mode', async () => {
    const { missingLoginSecrets } = await import('../../../worker/services/crypto/login-secrets');
    const base = { ...env, PAYLOAD_PRIVATE_KEYS: undefined, LEGACY_RSA_PRIVATE_KEY: undefined } as Bindings;
    expect(missingLoginSecrets({ ...base, APP_ENV: 'development' })).toEqual([]);
    expect(missingLoginSecrets({ ...base, APP_ENV: 'production' })).toEqual(['PAYLOAD_PRIVATE_KEYS', 'LEGACY_RSA_PRIVATE_KEY']);
    expect(missingLoginSecrets({ ...base, APP_ENV: 'production', LEGACY_ENCRYPTION: 'off' })).toEqual(['PAYLOAD_PRIVATE_KEYS']);
    expect(missingLoginSecrets({ ...base, APP_ENV: 'production', UPSTREAM_API_URL: 'https://platform.example' })).toEqual(['PAYLOAD_PRIVATE_KEYS']);
  });

  it('is logged through the app once however many calls fail', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 3; i++) await call('/wps/playdeck/payloadKey', { env: production });
    expect(linesNaming(spy, 'PAYLOAD_PRIVATE_KEYS').length).toBeLessThanOrEqual(1);
  });
});

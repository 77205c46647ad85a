import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import { CAPTCHA_TTL_MS, checkCaptchaAnswer, issueCaptcha, newChallenge } from '../../../worker/services/accounts/captcha';
import { renderCaptchaPng } from '../../../worker/services/accounts/captcha-image';
import { envelopeSchema } from '../../../contract/envelope';
import { systemCalls } from '../../../contract/calls/system';
import { call } from '../helpers';
import { decodePng } from './png-decode';
import { fromIp, uniqueIp } from '../accounts-fixtures';

const app = createApp();

/** GET /wps/captcha as the client sends it (ModuleId CAPTCHA3); raw response, to read the cookie too. */
function fetchCaptcha(origin = 'http://127.0.0.1', ip = uniqueIp(), moduleId = 'CAPTCHA3') {
  return app.request(`${origin}/wps/captcha`, { headers: { ...fromIp(ip), ModuleId: moduleId } }, env);
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

const production = { ...env, APP_ENV: 'production', TEST_CAPTCHA_ANSWER: 'LETMEIN' } as Bindings;
const development = { ...env, APP_ENV: 'development', TEST_CAPTCHA_ANSWER: 'LETMEIN' } as Bindings;

describe('GET /wps/captcha', () => {
  it('answers an uncacheable envelope around a base64 PNG and binds the challenge to the browser with a strict cookie', async () => {
    const before = Date.now();
    const res = await fetchCaptcha();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = envelopeSchema(systemCalls.captcha.value).parse(await res.json());
    expect(body).toMatchObject({ success: true, errorCode: '' });
    expect(atob(body.value).slice(1, 4)).toBe('PNG');
    const cookie = res.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^pd_captcha=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=300');
    expect(cookie).toContain('Path=/wps');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');

    const id = /^pd_captcha=([^;]+)/.exec(cookie)?.[1] ?? '';
    const row = await env.DB.prepare(`SELECT answer_hash, expires_at, used_at FROM captchas WHERE id = ?`)
      .bind(id)
      .first<{ answer_hash: string; expires_at: number; used_at: number | null }>();
    expect(row?.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.used_at).toBeNull();
    expect(row?.expires_at).toBeGreaterThanOrEqual(before + CAPTCHA_TTL_MS);
    expect(row?.expires_at).toBeLessThanOrEqual(Date.now() + CAPTCHA_TTL_MS);
  });

  it('marks the cookie Secure when served over https', async () => {
    const res = await fetchCaptcha('https://localhost');
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toContain('Secure');
  });

  it('draws the challenge as a 150 × 50 PNG with dark glyph pixels over a light background', async () => {
    const body = (await (await fetchCaptcha()).json()) as { value: string };
    const bytes = Uint8Array.from(atob(body.value), (ch) => ch.charCodeAt(0));
    const image = decodePng(bytes);
    expect(image).toMatchObject({ width: 150, height: 50 });
    const lightness = [];
    for (let i = 0; i < image.pixels.length; i += 3) {
      lightness.push(((image.pixels[i] ?? 0) + (image.pixels[i + 1] ?? 0) + (image.pixels[i + 2] ?? 0)) / 3);
    }
    // Glyphs (lightness 15–40 %) cover a real share of the image; the background (88–96 %) most of it.
    expect(lightness.filter((l) => l < 128).length).toBeGreaterThan(300);
    expect(lightness.filter((l) => l > 180).length).toBeGreaterThan(3000);
    // Anti-aliased edges: many in-between values, not just two colours.
    expect(new Set(lightness.map((l) => Math.round(l))).size).toBeGreaterThan(50);
  });

  it('renders the same challenge differently every time', async () => {
    const [a, b] = await Promise.all([renderCaptchaPng('K4P7Q'), renderCaptchaPng('K4P7Q')]);
    expect(bytesEqual(a, b)).toBe(false);
  });

  it('asks either a small sum/difference/product or 4–5 unambiguous letters and digits', () => {
    for (let i = 0; i < 200; i++) {
      const { text, answer } = newChallenge();
      const sum = /^(\d+)([+\-×])(\d+)=\?$/.exec(text);
      if (sum) {
        const [a, b] = [Number(sum[1]), Number(sum[3])];
        const expected = sum[2] === '+' ? a + b : sum[2] === '-' ? a - b : a * b;
        expect(answer).toBe(String(expected));
        expect(expected).toBeGreaterThanOrEqual(0);
      } else {
        expect(text).toMatch(/^[A-HJKMNP-RT-Z2-46-9]{4,5}$/);
        expect(answer).toBe(text);
      }
    }
  });

  it('refuses a malformed ModuleId header with 400 request_param_err', async () => {
    for (const moduleId of ['<script>', 'M'.repeat(33)]) {
      const { status, body } = await call('/wps/captcha', { headers: { ModuleId: moduleId } });
      expect(status).toBe(400);
      expect(body.errorCode).toBe('request_param_err');
    }
  });

  it('allows 60 images per address per 10 minutes, then answers 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) expect((await fetchCaptcha('http://127.0.0.1', ip)).status).toBe(200);
    const { status, body } = await call('/wps/captcha', { headers: fromIp(ip) });
    expect(status).toBe(429);
    expect(body.errorCode).toBe('TOO_MANY_REQUEST');
  });
});

describe('captcha answers', () => {
  it('accept the right answer once, ignoring case and spaces', async () => {
    const { id } = await issueCaptcha(env.DB, { text: 'KXP7', answer: 'KXP7' });
    expect(await checkCaptchaAnswer(env.DB, env, id, ' kx p7 ')).toBe(true);
    expect(await checkCaptchaAnswer(env.DB, env, id, 'KXP7')).toBe(false);
  });

  it('burn the challenge on a wrong answer', async () => {
    const { id } = await issueCaptcha(env.DB, { text: '3×4=?', answer: '12' });
    expect(await checkCaptchaAnswer(env.DB, env, id, '13')).toBe(false);
    expect(await checkCaptchaAnswer(env.DB, env, id, '12')).toBe(false);
  });

  it('expire after 5 minutes', async () => {
    const now = Date.now();
    const { id } = await issueCaptcha(env.DB, { text: '9-4=?', answer: '5' }, now);
    expect(await checkCaptchaAnswer(env.DB, env, id, '5', now + CAPTCHA_TTL_MS)).toBe(false);
  });

  it('fail without a challenge cookie and for an unknown challenge', async () => {
    expect(await checkCaptchaAnswer(env.DB, env, null, '5')).toBe(false);
    expect(await checkCaptchaAnswer(env.DB, env, 'x'.repeat(43), '5')).toBe(false);
  });

  it('accept TEST_CAPTCHA_ANSWER in development only', async () => {
    expect(await checkCaptchaAnswer(env.DB, development, null, 'letmein')).toBe(true);
    expect(await checkCaptchaAnswer(env.DB, production, null, 'LETMEIN')).toBe(false);
  });

  it('are never bypassed through the API when APP_ENV is production, whatever TEST_CAPTCHA_ANSWER says', async () => {
    const { status, body } = await call('/wps/session/login', {
      method: 'POST',
      json: { username: 'someone', password: 'secret123', captcha: 'LETMEIN', type: 'username' },
      env: { APP_ENV: 'production', TEST_CAPTCHA_ANSWER: 'LETMEIN' },
    });
    expect(status).toBe(500);
    expect(body.success).toBe(false);
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/index';
import type { Bindings } from '../../worker/env';
import { CAPTCHA_TTL_MS, checkCaptchaAnswer, issueCaptcha, newChallenge } from '../../worker/services/captcha';
import { renderCaptchaSvg } from '../../worker/services/captcha-svg';
import { call } from './helpers';
import { fromIp, uniqueIp } from './accounts-fixtures';

const app = createApp();

/** The captcha answers with an image, not an envelope, so these calls read the raw response. */
function fetchCaptcha(query = '?moduleId=VALID_CAPTCHA3', origin = 'http://127.0.0.1', ip = uniqueIp()) {
  return app.request(`${origin}/wps/captcha${query}`, { headers: fromIp(ip) }, env);
}

const production = { ...env, APP_ENV: 'production', TEST_CAPTCHA_ANSWER: 'LETMEIN' } as Bindings;
const development = { ...env, APP_ENV: 'development', TEST_CAPTCHA_ANSWER: 'LETMEIN' } as Bindings;

describe('GET /wps/captcha', () => {
  it('answers an uncacheable SVG image and binds the challenge to the browser with a strict cookie', async () => {
    const before = Date.now();
    const res = await fetchCaptcha();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
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
    const res = await fetchCaptcha('', 'https://localhost');
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toContain('Secure');
  });

  it('draws the challenge as glyph outlines only: no text, no font reference', async () => {
    const svg = await (await fetchCaptcha()).text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<text|<tspan|font-family|@font-face|<use|<image/);
    // Glyph paths are drawn on top of noise curves: at least 4 glyphs plus 6 curves.
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(10);
  });

  it('renders the same challenge differently every time', () => {
    expect(renderCaptchaSvg('K4P7Q')).not.toBe(renderCaptchaSvg('K4P7Q'));
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

  it('refuses a malformed moduleId with 400 invalid_input', async () => {
    for (const query of ['?moduleId=%3Cscript%3E', `?moduleId=${'M'.repeat(33)}`]) {
      const { status, body } = await call(`/wps/captcha${query}`);
      expect(status).toBe(400);
      expect(body.errorCode).toBe('request_param_err');
    }
  });

  it('allows 60 images per address per 10 minutes, then answers 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) expect((await fetchCaptcha('', 'http://127.0.0.1', ip)).status).toBe(200);
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

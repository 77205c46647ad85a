import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../../rules/routes';
import { BUILD_FILES, fakeBuild, file, page } from '../page-helpers';

const build = () => fakeBuild(BUILD_FILES);

/** The security headers every page answer carries (worker/edge/pages/headers.ts). */
function expectPageSecurityHeaders(headers: Headers): void {
  const csp = headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
}

describe('pages from the real build', () => {
  it('answers a page request on the demo host with the built HTML, the CSP header and no-cache', async () => {
    const built = await env.ASSETS.fetch(new Request('http://127.0.0.1/m/home.html'));
    await built.body?.cancel();
    const answer = await page('/m/home');
    // Without `npm run build` there is no file to serve; the headers must be right either way.
    expect(answer.status).toBe(built.ok ? 200 : 404);
    expectPageSecurityHeaders(answer.headers);
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('Cache-Control')).toBe('no-cache');
    if (built.ok) expect(answer.text).toMatch(/^<!DOCTYPE html>/i);
  });
});

describe('page routes (player-shell §2 Routes)', () => {
  it.each(PAGE_ROUTES.flatMap((route) => route.paths.map((path) => [path, route.file] as const)))(
    '%s serves %s as HTML with the security headers, revalidated on every visit',
    async (path, builtFile) => {
      const { assets, requests } = build();
      const answer = await page(path, { env: { ASSETS: assets } });
      expect(answer.status).toBe(200);
      expect(answer.file).toBe(BUILD_FILES[builtFile]);
      expect(new URL(requests.at(-1)!.url).pathname).toBe(builtFile);
      expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('Cache-Control')).toBe('no-cache');
      expectPageSecurityHeaders(answer.headers);
    },
  );

  it('falls back to home for any other path under /m/', async () => {
    const { assets } = build();
    const answer = await page('/m/no/such/screen?x=1', { env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    expect(answer.file).toBe(file('home EN'));
  });

  it('answers HEAD for a page with the page headers and no body', async () => {
    const { assets } = build();
    const answer = await page('/m/login', { method: 'HEAD', env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expectPageSecurityHeaders(answer.headers);
  });
});

describe('static files', () => {
  it('caches content-hashed build assets for a year, immutable', async () => {
    const { assets } = build();
    const answer = await page('/_assets/app.abc123.js', { env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expectPageSecurityHeaders(answer.headers);
  });

  it('does not mark unhashed files or missing assets immutable', async () => {
    const { assets } = build();
    const icon = await page('/favicon.svg', { env: { ASSETS: assets } });
    const missing = await page('/_assets/gone.js', { env: { ASSETS: assets } });
    expect(icon.headers.get('Cache-Control')).toBeNull();
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBeNull();
  });

  it('sets no language headers on static files', async () => {
    const { assets } = build();
    const answer = await page('/favicon.svg?lang=cn', { env: { ASSETS: assets } });
    expect(answer.headers.get('Content-Language')).toBeNull();
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });
});

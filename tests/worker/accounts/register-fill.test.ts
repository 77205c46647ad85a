import { describe, expect, it } from 'vitest';
import { accountsCalls } from '../../../contract/calls/accounts';
import { SERVED_REGISTER_ID } from '../../../rules/served';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { call } from '../helpers';
import { fakeBuild, page } from '../page-helpers';

// Issue 9: the edge writes /m/register's form for the site's registration settings into the first HTML
// (worker/edge/fills/register.ts), with the settings as the data block the store adopts, so the page shows the real
// form before any script and React waits for the player's first interaction.

/** The form's messages as the view writes them (src/views/listTexts.ts viewTexts: JSON in an attribute, escaped as Astro escapes it). */
const texts = (language: string) => JSON.stringify({
  language, tag: language.toLowerCase(), dir: language === 'AR' ? 'rtl' : 'ltr',
  messages: {
    'form.username': `Username ${language}`, 'form.password': 'Password', 'form.optional': 'optional', 'register.submit': `Register ${language}`,
    'form.captcha': 'Code', 'common.loading': 'Loading…',
  },
}).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const REGISTER_PAGE = (language: string) => `<!doctype html><html><body><main><section class="account-page">`
  + `<div data-fill="register" data-texts="${texts(language)}"><astro-island uid="r1" component-url="/_assets/RegisterForm.js" ssr client="load">`
  + `<div class="account-form register-pending" aria-busy="true"><p class="form-loading">Loading…</p></div></astro-island></div></section></main></body></html>`;

const build = () => fakeBuild({ '/m/register.html': REGISTER_PAGE('EN'), '/i18n/ar/m/register.html': REGISTER_PAGE('AR') });
const SITE2 = 'http://play2.localhost';
const get = (path: string, init: Parameters<typeof page>[1] = {}) => page(path, { ...init, env: { ASSETS: build().assets, ...init.env } });

/** The data block the edge wrote, parsed. */
function served(html: string): { language: string; fields: { field: string; enabled: boolean; required: boolean }[] } | null {
  const match = new RegExp(`<script type="application/json" id="${SERVED_REGISTER_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** The settings the island would ask for, as a visitor of `origin`, in display order. */
async function settingsOf(origin: string): Promise<string[]> {
  const answer = await call(`${origin}${accountsCalls.registerSettings.path}`);
  expect(answer.status).toBe(200);
  return Object.keys((answer.body as { value: Record<string, unknown> }).value);
}

describe('/m/register: the form in the first HTML (built-in API)', () => {
  it("writes the site's form and the settings the store adopts; the island then waits for the player", async () => {
    const answer = await get('/m/register?lang=en');
    expect(answer.status).toBe(200);
    const data = served(answer.text)!;
    expect(data.language).toBe('EN');
    expect(data.fields.map((f) => f.field)).toEqual(await settingsOf('http://127.0.0.1'));
    expect(answer.text).not.toContain('form-loading');
    expect(answer.text).toContain('<form id="register-panel"');
    expect(answer.text).toContain('<label for="reg-username">Username EN</label>');
    // The consent box starts unticked and the button waits for it (docs/honest-money.md).
    expect(answer.text).toContain('<input id="reg-agree" type="checkbox"/>');
    expect(answer.text).toContain('<button type="submit" class="btn btn-primary btn-block" disabled="">Register EN</button>');
    expect(answer.text).toContain('ssr client="interaction">');
    expect(answer.text).not.toContain('data-texts');
  });

  it("uses the player's language: the language's file and texts", async () => {
    const answer = await get('/m/register?lang=ar');
    expect(answer.headers.get('Content-Language')).toBe('ar');
    expect(answer.text).toContain('Register AR');
    expect(served(answer.text)!.language).toBe('AR');
  });

  it("asks for the page's own site: another merchant's page carries that merchant's settings", async () => {
    const answer = await get(`${SITE2}/m/register?lang=en`);
    expect(answer.status).toBe(200);
    expect(served(answer.text)!.fields.map((f) => f.field)).toEqual(await settingsOf(SITE2));
  });

  it('leaves the page as built when the address carries an invitation code (the island checks it at load)', async () => {
    for (const query of ['affiliateCode=AB12', 'code=AB12']) {
      const answer = await get(`/m/register?${query}&lang=en`);
      expect(answer.text).toContain('form-loading');
      expect(served(answer.text)).toBeNull();
      expect(answer.text).toContain('ssr client="load">');
    }
  });
});

describe('/m/register in upstream mode: the platform’s settings; its failure leaves the page as built', () => {
  const UPSTREAM = 'http://platform.test';

  it("writes the platform's fields, asked for the page's merchant as the island asks", async () => {
    const calls: { path: string; merchant: string | null; language: string | null }[] = [];
    const fetch: UpstreamFetch = async (request) => {
      const url = new URL(request.url);
      calls.push({ path: url.pathname, merchant: request.headers.get('Merchant'), language: request.headers.get('Language') });
      const rule = (required: boolean) => ({ enabled: true, required, acceptedPattern: '.*', patternId: 'any', minLength: 0, maxLength: 64, type: 'text' });
      const value = { username: rule(true), password: rule(true), email: rule(false) };
      return Response.json({ success: true, value, message: null, errorCode: null });
    };
    const answer = await get('/m/register?lang=ar', { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch } } });
    expect(served(answer.text)!.fields.map((f) => f.field)).toEqual(['username', 'password', 'email']);
    expect(answer.text).toContain('<label for="reg-email">');
    expect(answer.text).toContain('ssr client="interaction">');
    const settingsCall = calls.find((c) => c.path.includes('setting/register'));
    expect(settingsCall).toMatchObject({ merchant: 'DEMO', language: 'AR' });
  });

  it('keeps the page as built (the island loads the settings) when the platform fails', async () => {
    const failing: UpstreamFetch = async () => new Response('down', { status: 502 });
    const answer = await get('/m/register?lang=en', { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch: failing } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('form-loading');
    expect(served(answer.text)).toBeNull();
    expect(answer.text).toContain('ssr client="load">');
  });
});

import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { webManifest } from '../../../contract/calls/system';
import { createApp } from '../../../worker/index';
import { fakeBuild, page } from '../page-helpers';

// Issue "Every site its own brand": names, logo, colours, favicon, manifest and footer come from the merchant's data
// (merchants.branding, written by the content import) and are written into the first HTML by the edge.

const LUCKY = {
  siteName: 'Lucky Star', appName: 'Lucky Star Mobile', primaryColor: '#E52D27', accentColor: '#ffd700',
  logo: '/media/content/DEMO2/aaaa.svg', favicon: '/media/content/DEMO2/bbbb.svg', footer: 'Lucky Star — play responsibly. 18+ only.',
};

/** A page as the build makes it: the frame's head and the marked texts that name the site. */
const BUILT = `<!doctype html><html lang="en" data-theme="dark"><head>
<meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' 'sha256-abc='; script-src 'self'">
<meta name="theme-color" content="#181e30">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/wps/system/manifest.json">
<title>Log in · PlayDeck</title></head><body>
<a href="/m/" class="logo" aria-label="PlayDeck" data-brand=""><span class="logo-mark"></span><span class="logo-text">PlayDeck</span></a>
<p data-brand=""><strong>Welcome to PlayDeck</strong> <span>hint</span></p>
<a class="icon-btn" aria-label="Get the PlayDeck app" title="Get the PlayDeck app" data-brand="app"></a>
<p class="about">PlayDeck &amp; friends, unmarked</p>
<p class="brand-footer" data-brand-footer hidden></p>
<p class="copyright" data-brand>© 2023 PlayDeck. All rights reserved.</p>
</body></html>`;

async function setBranding(code: string, branding: unknown): Promise<void> {
  await env.DB.prepare(`UPDATE merchants SET branding = ? WHERE code = ?`).bind(typeof branding === 'string' ? branding : JSON.stringify(branding), code).run();
  clearMerchantCache();
}

async function brandedPage(host: string): Promise<string> {
  const assets = fakeBuild({ '/m/login.html': BUILT }).assets;
  const answer = await page(`http://${host}/m/login`, { env: { ASSETS: assets } });
  expect(answer.status).toBe(200);
  return answer.text;
}

async function manifest(url: string): Promise<Response> {
  return createApp().request(url, {}, env);
}

describe('the site brand in the first HTML', () => {
  beforeEach(async () => {
    await setBranding('DEMO', { siteName: 'PlayDeck', appName: 'PlayDeck Games', primaryColor: '#7b2ff7' });
    await setBranding('DEMO2', LUCKY);
  });
  afterEach(async () => {
    await setBranding('DEMO', {});
    await setBranding('DEMO2', {});
  });

  it("writes the second site's name, app name, colours, logo, favicon, manifest link and footer", async () => {
    const html = await brandedPage('play2.localhost');
    expect(html).toMatch(/<html[^>]*data-site-name="Lucky Star"/);
    expect(html).toMatch(/<html[^>]*data-app-name="Lucky Star Mobile"/);
    expect(html).toMatch(/<html[^>]*data-brand-logo/);
    expect(html).toContain('<title>Log in · Lucky Star</title>');
    expect(html).toContain('aria-label="Lucky Star"');
    expect(html).toContain('<span class="logo-text">Lucky Star</span>');
    expect(html).toContain('<strong>Welcome to Lucky Star</strong>');
    expect(html).toContain('title="Get the Lucky Star Mobile app"');
    expect(html).toContain('© 2023 Lucky Star. All rights reserved.');
    expect(html).toContain('<p class="brand-footer" data-brand-footer>Lucky Star — play responsibly. 18+ only.</p>');
    expect(html).toContain('<link rel="icon" href="/media/content/DEMO2/bbbb.svg" type="image/svg+xml">');
    expect(html).toContain('<link rel="manifest" href="/wps/system/manifest.json?merchantCode=DEMO2">');
    expect(html).toContain('<meta name="theme-color" content="#e52d27">');
    // Unmarked text is the page's own, not a brand slot.
    expect(html).toContain('<p class="about">PlayDeck &amp; friends, unmarked</p>');
    expect(html).not.toMatch(/PlayDeck(?! &amp; friends)/);
  });

  it('adds the brand style with its hash to the page policy, and nothing else inline', async () => {
    const html = await brandedPage('play2.localhost');
    const style = /<style>([^<]*)<\/style><\/head>/.exec(html)?.[1] ?? '';
    // The accent with its readable text and its ink per theme (rules/contrast.ts): #ffd700 reads as is on the
    // dark theme's backgrounds, and is darkened for links on the light theme's.
    expect(style).toBe(':root{--brand-primary:#e52d27;--brand-accent:#ffd700;--brand-accent-text:#000000;'
      + '--brand-accent-ink-dark:#ffd700;--brand-accent-ink-light:#736100;--brand-logo:url("/media/content/DEMO2/aaaa.svg")}');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style)));
    const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    expect(html).toContain(`style-src 'self' 'sha256-abc=' ${hash};`);
    expect(html).toContain("script-src 'self'\">");
  });

  it('keeps each site to its own brand (merchant isolation) and gives each its own ETag', async () => {
    const demo = await brandedPage('127.0.0.1');
    expect(demo).toContain('<title>Log in · PlayDeck</title>');
    expect(demo).toMatch(/data-app-name="PlayDeck Games"/);
    expect(demo).not.toContain('Lucky Star');
    expect(demo).toContain('merchantCode=DEMO"');
    expect(demo).toContain('<p class="brand-footer" data-brand-footer hidden></p>');
    const demo2 = await brandedPage('play2.localhost');
    expect(demo2).not.toContain('PlayDeck Games');
  });

  it("escapes the operator's strings in text and attributes", async () => {
    await setBranding('DEMO2', {
      siteName: '<img src=x onerror=__xss()>"Star', appName: 'A"><script>__xss()</script>', footer: '</p><script>__xss()</script>&amp;',
    });
    const html = await brandedPage('play2.localhost');
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('aria-label="Get the A&quot;&gt;&lt;script&gt;__xss()&lt;/script&gt; app"');
    expect(html).toContain('<title>Log in · &lt;img src=x onerror=__xss()&gt;"Star</title>');
    expect(html).toContain('<span class="logo-text">&lt;img src=x onerror=__xss()&gt;"Star</span>');
    expect(html).toMatch(/data-site-name="&lt;img src=x onerror=__xss\(\)&gt;&quot;Star"/);
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;__xss()&lt;/script&gt;&amp;amp;');
  });

  it('ignores invalid colours and paths (nothing of them reaches the style) and falls back to the merchant name', async () => {
    await setBranding('DEMO2', { primaryColor: 'red;}body{display:none', logo: 'javascript:alert(1)', favicon: 'https://evil.example/x.svg' });
    const html = await brandedPage('play2.localhost');
    expect(html).not.toContain('<style>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    expect(html).toContain('<title>Log in · Lucky Star</title>');
    await setBranding('DEMO2', 'not json');
    expect(await brandedPage('play2.localhost')).toContain('data-site-name="Lucky Star"');
  });
});

describe('GET /wps/system/manifest.json (platform-contract.md §3 per-merchant PWA manifest)', () => {
  beforeEach(async () => {
    await setBranding('DEMO2', LUCKY);
  });
  afterEach(async () => {
    await setBranding('DEMO2', {});
  });

  it("answers the host's site manifest: app name, short name, colour, icon", async () => {
    const response = await manifest('http://play2.localhost/wps/system/manifest.json?merchantCode=DEMO2');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/manifest+json');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
    const body = webManifest.parse(await response.json());
    expect(body).toMatchObject({
      name: 'Lucky Star Mobile', short_name: 'Lucky Star', start_url: '/m/home', display: 'standalone', theme_color: '#e52d27',
      icons: [{ src: '/media/content/DEMO2/bbbb.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
  });

  it("never answers another site's manifest: merchantCode must agree with the host", async () => {
    const crossed = await manifest('http://play2.localhost/wps/system/manifest.json?merchantCode=DEMO');
    expect(crossed.status).toBe(400);
    expect(await crossed.json()).toMatchObject({ success: false, errorCode: 'merchant_mismatch' });
    const demo = webManifest.parse(await (await manifest('http://127.0.0.1/wps/system/manifest.json')).json());
    expect(demo.name).not.toContain('Lucky');
  });

  it('names the merchant when the site has no brand of its own', async () => {
    await setBranding('DEMO2', {});
    const body = webManifest.parse(await (await manifest('http://play2.localhost/wps/system/manifest.json')).json());
    expect(body.name).toBe('Lucky Star');
    expect(body.icons[0]?.src).toBe('/favicon.svg');
  });
});

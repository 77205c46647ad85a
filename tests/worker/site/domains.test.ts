import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ConsolidatedSettingsValue, SystemStatusValue } from '../../../contract/calls/system';
import type { Envelope } from '../../../worker/lib/envelope';
import { clearMerchantCache, merchantForHost } from '../../../worker/middleware/merchant';
import { BUILD_FILES, fakeBuild, file, page, withSiteState } from '../page-helpers';

const build = () => fakeBuild(BUILD_FILES);

async function mapDomain(host: string, merchant: string | null): Promise<void> {
  if (merchant) {
    await env.DB.prepare(`INSERT OR REPLACE INTO merchant_domains (host, merchant_code) VALUES (?, ?)`).bind(host, merchant).run();
  } else {
    await env.DB.prepare(`DELETE FROM merchant_domains WHERE host = ?`).bind(host).run();
  }
  clearMerchantCache();
}

describe('white-label sites by host (docs/design.md, Merchant)', () => {
  it('answers each host with its own merchant', async () => {
    const settings = async (origin: string) =>
      (JSON.parse((await page(`${origin}/wps/system/settings/consolidated`)).text) as Envelope<ConsolidatedSettingsValue>).value;
    expect((await settings('http://127.0.0.1')).merchantCode).toBe('DEMO');
    expect((await settings('http://play2.localhost')).merchantCode).toBe('DEMO2');
    const demo2 = JSON.parse((await page('http://play2.localhost/wps/system/status')).text) as Envelope<SystemStatusValue>;
    expect(demo2.value.info.domainRoute.domainList).toContainEqual({ domainName: 'play2.localhost' });
  });

  it('ignores the port and the case of the host', async () => {
    const { assets } = build();
    const answer = await page('http://PLAY2.LocalHost:8790/m/home', { env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    // DEMO2's page: the edge marks it with its default theme (light).
    expect(answer.file).toBe(file('home EN'));
    expect(answer.text).toContain('data-site-theme="light"');
  });

  it('gates one site without touching the others', async () => {
    const { assets } = build();
    await withSiteState('DEMO2', { maintenance: true }, async () => {
      expect((await page('http://play2.localhost/m/home', { env: { ASSETS: assets } })).status).toBe(503);
      expect((await page('http://127.0.0.1/m/home', { env: { ASSETS: assets } })).status).toBe(200);
    });
  });

  it('answers page requests on an unknown host with a plain HTML 404 "site not configured"', async () => {
    const { assets, requests } = build();
    const answer = await page('http://nobody.example/m/home', { env: { ASSETS: assets } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<h1>Site not configured</h1>');
    expect(answer.text).not.toContain('<script');
    expect(answer.headers.get('Content-Security-Policy')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('answers API calls on an unknown host with the 404 unknown_site envelope, the status call with domain_not_available', async () => {
    const answer = await page('http://nobody.example/wps/game/list');
    expect(answer.status).toBe(404);
    expect((JSON.parse(answer.text) as Envelope<null>).errorCode).toBe('unknown_site');
    for (const path of ['/wps/system/status', '/wps/v2/system/status']) {
      const status = await page(`http://nobody.example${path}`);
      expect(status.status).toBe(404);
      expect((JSON.parse(status.text) as Envelope<null>).errorCode).toBe('domain_not_available');
    }
  });

  it('serves static files on any host (they carry nothing site-specific)', async () => {
    const { assets } = build();
    expect((await page('http://nobody.example/favicon.svg', { env: { ASSETS: assets } })).status).toBe(200);
  });

  it('starts serving a domain once it is mapped, and stops once it is removed', async () => {
    const { assets } = build();
    const host = 'new-brand.example';
    try {
      await mapDomain(host, 'DEMO2');
      const mapped = await page(`http://${host}/m/home`, { env: { ASSETS: assets } });
      expect(mapped.status).toBe(200);
      const status = JSON.parse((await page(`http://${host}/wps/system/status`)).text) as Envelope<SystemStatusValue>;
      expect(status.value.info.domainRoute.domainList).toContainEqual({ domainName: host });
      expect(status.value.info.mainDomain).not.toBe('');
      const settings = JSON.parse((await page(`http://${host}/wps/system/settings/consolidated`)).text) as Envelope<ConsolidatedSettingsValue>;
      expect(settings.value.merchantCode).toBe('DEMO2');
    } finally {
      await mapDomain(host, null);
    }
    expect((await page(`http://${host}/m/home`, { env: { ASSETS: assets } })).status).toBe(404);
  });

  it('keeps a host → merchant answer for up to 30 s per isolate, so operator changes take that long', async () => {
    const host = 'cached.example';
    try {
      await mapDomain(host, 'DEMO');
      expect((await merchantForHost(env.DB, host))?.code).toBe('DEMO');
      await env.DB.prepare(`UPDATE merchant_domains SET merchant_code = 'DEMO2' WHERE host = ?`).bind(host).run();
      expect((await merchantForHost(env.DB, host))?.code).toBe('DEMO');
      clearMerchantCache();
      expect((await merchantForHost(env.DB, host))?.code).toBe('DEMO2');
      // A zero time-to-live (SITE_CACHE_SECONDS=0) reads the table on every request.
      await env.DB.prepare(`UPDATE merchant_domains SET merchant_code = 'DEMO' WHERE host = ?`).bind(host).run();
      expect((await merchantForHost(env.DB, host))?.code).toBe('DEMO2');
      expect((await merchantForHost(env.DB, host, 0))?.code).toBe('DEMO');
    } finally {
      await mapDomain(host, null);
    }
  });
});

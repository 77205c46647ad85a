import { afterEach, describe, expect, it } from 'vitest';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { setSwitch } from '../accounts-fixtures';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

/** The switches the edge wrote into `<html data-switches>`, or null when it wrote none. */
function writtenSwitches(html: string): string[] | null {
  const match = /<html[^>]*data-switches="([^"]*)"/.exec(html);
  return match ? (match[1] ?? '').split(' ').filter(Boolean) : null;
}

// Each merchant has its own default theme and switches (issue: white-label sites); DEMO is dark with live chat
// and free play, DEMO2 (play2.localhost) light with CBS3 and FREEPLAY3 off.
describe('site markup written by the edge', () => {
  afterEach(async () => {
    await setSwitch('FREEPLAY3', true);
    clearMerchantCache();
  });

  it('marks the pages of a light site with data-site-theme="light" and its switches', async () => {
    const answer = await page('http://play2.localhost/m/home', { env: { ASSETS: fakeBuild(BUILD_FILES).assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<html[^>]*data-site-theme="light"/);
    const switches = writtenSwitches(answer.text);
    expect(switches).toContain('USERNAMEREG3');
    expect(switches).not.toContain('CBS3');
    expect(switches).not.toContain('FREEPLAY3');
  });

  it('leaves a dark site without data-site-theme and lists its switches that are on, sorted', async () => {
    const answer = await page('/m/home', { env: { ASSETS: fakeBuild(BUILD_FILES).assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('data-site-theme');
    const switches = writtenSwitches(answer.text) ?? [];
    expect(switches).toEqual(expect.arrayContaining(['CBS3', 'FREEPLAY3', 'MOBILEVERCODELOGIN3']));
    expect(switches).toEqual([...switches].sort());
  });

  it('gives the same file a different ETag per site, and confirms a copy with 304 only while the markup is unchanged', async () => {
    const assets = fakeBuild(BUILD_FILES).assets;
    const demo = await page('/m/login', { env: { ASSETS: assets } });
    const demo2 = await page('http://play2.localhost/m/login', { env: { ASSETS: assets } });
    const etag = demo.headers.get('ETag');
    expect(etag).toMatch(/^"[^"]+-[0-9a-f]{12}"$/);
    expect(demo2.headers.get('ETag')).not.toBe(etag);

    const again = await page('/m/login', { env: { ASSETS: assets }, headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    // Another site's ETag is never confirmed.
    const crossed = await page('/m/login', { env: { ASSETS: assets }, headers: { 'If-None-Match': demo2.headers.get('ETag') ?? '' } });
    expect(crossed.status).toBe(200);

    // The operator switches free play off: the old copy is stale, the page comes again without FREEPLAY3.
    await setSwitch('FREEPLAY3', false);
    clearMerchantCache();
    const changed = await page('/m/login', { env: { ASSETS: assets }, headers: { 'If-None-Match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(writtenSwitches(changed.text)).not.toContain('FREEPLAY3');
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it('turns the language alternates into absolute URLs on the address asked for', async () => {
    const built = '<!doctype html><html><head><link rel="alternate" hreflang="vi" href="/m/home?lang=vi"><link rel="icon" href="/favicon.svg"></head><body></body></html>';
    const assets = fakeBuild({ ...BUILD_FILES, '/m/home.html': built }).assets;
    const answer = await page('http://play2.localhost:8787/m/home', { env: { ASSETS: assets } });
    expect(answer.text).toContain('<link rel="alternate" hreflang="vi" href="http://play2.localhost:8787/m/home?lang=vi">');
    expect(answer.text).toContain('<link rel="icon" href="/favicon.svg">');
  });
});

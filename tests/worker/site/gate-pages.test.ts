import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_FILES, fakeBuild, page, withSiteState } from '../page-helpers';
import { setMaintenanceText } from '../../../worker/db/queries/maintenance-texts';

/**
 * What the gate pages show besides their status (player-shell §4 App status; issue "What the player sees"): the
 * site's customer-service contacts on the maintenance (503) and restricted (451) pages, which tell the player to
 * contact it, and the operator's maintenance text per language (operator command `maintenance-text`), the
 * built-in translated text where none is set. The build here is a fake one (no dist/ needed).
 */
const LINKS = '<ul data-service-links data-label-cs="Service client" data-label-livechat="Chat en direct"></ul>';
const MAINTENANCE = `<!doctype html><html><body><p id="gate-text" data-maintenance-text>Built-in text</p>${LINKS}</body></html>`;
const RESTRICTED = `<!doctype html><html><body><strong data-client-ip>—</strong>${LINKS}</body></html>`;
const build = () => fakeBuild({ ...BUILD_FILES, '/m/maintenance.html': MAINTENANCE, '/m/restricted.html': RESTRICTED });

afterEach(async () => {
  await env.DB.prepare(`DELETE FROM maintenance_texts`).run();
});

describe('gate pages: customer service and the operator maintenance text', () => {
  it("lists the site's customer-service contacts on the maintenance and restricted pages, labelled by the page", async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets } });
      expect(answer.status).toBe(503);
      expect(answer.text).toContain('<a href="https://example.com/playdeck/support" target="_blank" rel="noopener noreferrer">Service client</a>');
      expect(answer.text).toContain('>Chat en direct</a>');
    });
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets }, headers: { 'CF-IPCountry': 'FR', 'CF-Connecting-IP': '198.51.100.23' } });
      expect(answer.status).toBe(451);
      expect(answer.text).toContain('<strong data-client-ip>198.51.100.23</strong>');
      expect(answer.text).toContain('href="https://example.com/playdeck/support"');
    });
  });

  it("shows the operator's text in the visitor's language, else the text for every language, else the built-in one", async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      expect((await page('/m/home?lang=ar', { env: { ASSETS: assets } })).text).toContain('>Built-in text</p>');
      await setMaintenanceText(env.DB, 'DEMO', 'AR', 'نعود في الساعة 3 <b>صباحاً</b>');
      await setMaintenanceText(env.DB, 'DEMO', '*', 'Back at 03:00 UTC');
      const arabic = await page('/m/home?lang=ar', { env: { ASSETS: assets } });
      // Written as text (markup escaped), in its own direction.
      expect(arabic.text).toContain('<p id="gate-text" data-maintenance-text dir="auto">نعود في الساعة 3 &lt;b&gt;صباحاً&lt;/b&gt;</p>');
      expect((await page('/m/home?lang=fr', { env: { ASSETS: assets } })).text).toContain('>Back at 03:00 UTC</p>');
      await setMaintenanceText(env.DB, 'DEMO', '*', null);
      expect((await page('/m/home?lang=fr', { env: { ASSETS: assets } })).text).toContain('>Built-in text</p>');
    });
    // The other site keeps its own (built-in) text.
    await withSiteState('DEMO2', { maintenance: true }, async () => {
      expect((await page('http://play2.localhost/m/home?lang=ar', { env: { ASSETS: assets } })).text).toContain('>Built-in text</p>');
    });
  });

  it('the built-in fallback (no page file in the build) carries the contacts and the maintenance text too', async () => {
    const { assets } = fakeBuild({ '/m/home.html': '<!doctype html><html><body>home</body></html>' });
    await setMaintenanceText(env.DB, 'DEMO', 'EN', 'Upgrading the cashier, back soon.');
    await withSiteState('DEMO', { maintenance: true }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets } });
      expect(answer.status).toBe(503);
      expect(answer.text).toContain('<h1>Under maintenance</h1>');
      expect(answer.text).toContain('>Upgrading the cashier, back soon.</p>');
      expect(answer.text).toContain('href="https://example.com/playdeck/support" target="_blank" rel="noopener noreferrer">Customer service</a>');
      expect(answer.text).not.toContain('<script');
    });
  });
});

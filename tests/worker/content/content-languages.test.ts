import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/calls/content';
import type { Announcement, AnnouncementGroups } from '../../../contract/calls/content-schemas';
import { walletCalls } from '../../../contract/calls/wallet';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { setAnnouncementTranslation, setPaymentMethodName } from '../../../worker/db/queries/operator-content';
import { call, parseWire } from '../helpers';
import { createMember } from '../fixtures';
import { importContent, uniqueSlug } from '../content-fixtures';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

// The operator's words in every language (docs/operator-guide.md, "Content in several languages"; migration 0025): announcements and
// payment method names answer the player's language, else the site's default-language text.

const HOUR = 3_600_000;
const LIST = contentCalls.announcementList.path;

/** Imports a notice and a promotion with Arabic versions (the notice's body left to the default) in a fresh group. */
async function translatedContent(merchant = 'DEMO') {
  const group = `g_${uniqueSlug('l').replace(/-/g, '_')}`.slice(0, 40);
  const [notice, promo] = [uniqueSlug('n'), uniqueSlug('p')];
  const now = Date.now();
  await importContent(merchant, {
    announcements: [
      { slug: notice, type: 'A', title: '12 new slots this week', content: '<p>English body</p>', groupName: group, startDate: now - HOUR, order: 1 },
      { slug: promo, type: 'PR', title: 'Welcome bonus', content: '<p>Deposit <b>twice</b></p>', label: 'New', groupName: group, startDate: now - HOUR, order: 2 },
    ],
    translations: [
      { slug: notice, language: 'AR', title: '12 لعبة جديدة هذا الأسبوع' },
      { slug: promo, language: 'ar', title: 'مكافأة الترحيب', content: '<p>أودع <b>مرتين</b><script>x()</script></p>', label: 'جديد' },
    ],
  });
  return { group, notice, promo };
}

const titles = (items: Announcement[]) => items.map((a) => a.title);

describe('announcements in the player language (Language header, language cookie, fallback)', () => {
  it('answers the Arabic version to an Arabic player, per field falling back to the default text', async () => {
    const { group } = await translatedContent();
    const { status, body, headers } = await call<AnnouncementGroups>(`${LIST}?types=A,PR&groupName=${group}`, { headers: { Language: 'AR' } });
    expect(status).toBe(200);
    expect(titles(body.value.player)).toEqual(['12 لعبة جديدة هذا الأسبوع']);
    // The notice's Arabic version has no body: the default's stays.
    expect(body.value.player[0]!.content).toBe('<p>English body</p>');
    expect(body.value.promotion[0]).toMatchObject({ title: 'مكافأة الترحيب', label: 'جديد', content: '<p>أودع <b>مرتين</b></p>' });
    expect(headers.get('Vary')).toMatch(/Language/);
  });

  it("falls back to the site's default language for a language without a version, and without any language", async () => {
    const { group } = await translatedContent();
    for (const headers of [{ Language: 'FR' }, { Language: 'zz' }, {}] as Record<string, string>[]) {
      const { body } = await call<AnnouncementGroups>(`${LIST}?types=A,PR&groupName=${group}`, { headers });
      expect(titles(body.value.player)).toEqual(['12 new slots this week']);
      expect(body.value.promotion[0]).toMatchObject({ title: 'Welcome bonus', label: 'New', content: '<p>Deposit <b>twice</b></p>' });
    }
  });

  it('reads the language cookie when no Language header comes (the edge calls), the header winning over it', async () => {
    const { group } = await translatedContent();
    const byCookie = await call<AnnouncementGroups>(`${LIST}?types=A&groupName=${group}`, { headers: { Cookie: 'language=AR' } });
    expect(titles(byCookie.body.value.player)).toEqual(['12 لعبة جديدة هذا الأسبوع']);
    const both = await call<AnnouncementGroups>(`${LIST}?types=A&groupName=${group}`, { headers: { Cookie: 'language=AR', Language: 'EN' } });
    expect(titles(both.body.value.player)).toEqual(['12 new slots this week']);
  });

  it('answers the running promotions (MCSFE_getMerchantAvailablePromotions) in the player language', async () => {
    const { promo } = await translatedContent('DEMO2');
    const host = 'http://play2.localhost';
    const arabic = await call<Announcement[]>(`${host}${contentCalls.merchantPromotions.path}`, { headers: { Language: 'AR' } });
    const french = await call<Announcement[]>(`${host}${contentCalls.merchantPromotions.path}`, { headers: { Language: 'FR' } });
    const id = (await env.DB.prepare(`SELECT id FROM announcements WHERE slug = ?`).bind(promo).first<{ id: number }>())!.id;
    expect(arabic.body.value.find((p) => p.id === id)?.title).toBe('مكافأة الترحيب');
    expect(french.body.value.find((p) => p.id === id)?.title).toBe('Welcome bonus');
  });

  it('a second import without the language folder removes the version; the operator command sets one', async () => {
    const { group, notice } = await translatedContent();
    const now = Date.now();
    await importContent('DEMO', { announcements: [{ slug: notice, type: 'A', title: '12 new slots this week', groupName: group, startDate: now - HOUR }] });
    const list = async () => titles((await call<AnnouncementGroups>(`${LIST}?types=A&groupName=${group}`, { headers: { Language: 'AR' } })).body.value.player);
    expect(await list()).toEqual(['12 new slots this week']);
    expect(await setAnnouncementTranslation(env.DB, 'DEMO', notice, 'AR', 'إشعار', '<p>نص</p>')).toBe(true);
    expect(await list()).toEqual(['إشعار']);
    expect(await setAnnouncementTranslation(env.DB, 'DEMO2', notice, 'AR', 'x', '')).toBe(false);
  });
});

describe('payment method names in the player language', () => {
  const methods = async (headers: Record<string, string>) => {
    const member = await createMember();
    const { body } = await call('/wps/playdeck/payments/methods', { token: member.token, headers });
    return parseWire(walletCalls.paymentMethods.value, body.value).methods.map((m) => [m.methodCode, m.displayName]);
  };

  it("names the demo methods in Arabic for an Arabic player and in the site's default language otherwise", async () => {
    expect(await methods({ Language: 'AR' })).toEqual([['DEMO_BANK', 'تحويل بنكي (تجريبي)'], ['DEMO_EWALLET', 'محفظة إلكترونية (تجريبية)']]);
    expect(await methods({ Language: 'FR' })).toEqual([['DEMO_BANK', 'Bank transfer (demo)'], ['DEMO_EWALLET', 'E-wallet (demo)']]);
    expect(await methods({})).toEqual([['DEMO_BANK', 'Bank transfer (demo)'], ['DEMO_EWALLET', 'E-wallet (demo)']]);
  });

  it('takes a name set by the operator command; refuses an unknown method', async () => {
    expect(await setPaymentMethodName(env.DB, 'DEMO', 'DEMO_EWALLET', 'TH', 'อีวอลเล็ต')).toBe(true);
    expect(await methods({ Language: 'TH' })).toEqual([['DEMO_BANK', 'Bank transfer (demo)'], ['DEMO_EWALLET', 'อีวอลเล็ต']]);
    expect(await setPaymentMethodName(env.DB, 'DEMO', 'NO_SUCH', 'TH', 'x')).toBe(false);
  });
});

describe('the edge writes the player language into the first HTML', () => {
  const HOME = '<!doctype html><html><body><div class="swiper-wrapper" data-fill="m_home"></div>'
    + '<div class="marquee-track" data-fill="marquee"><span class="marquee-empty">No announcements</span></div></body></html>';
  const ACTIVITY = '<!doctype html><html><body><main><div data-fill="promotions" data-more="More"><p class="empty-state">none</p></div></main></body></html>';
  const assets = () => fakeBuild({
    ...BUILD_FILES, '/m/home.html': HOME, '/i18n/ar/m/home.html': HOME, '/i18n/fr/m/home.html': HOME,
    '/m/activity.html': ACTIVITY, '/i18n/ar/m/activity.html': ACTIVITY, '/i18n/fr/m/activity.html': ACTIVITY,
  }).assets;
  const get = (path: string) => page(`http://play2.localhost${path}`, { env: { ASSETS: assets() } });

  beforeEach(() => {
    clearEdgeAnswers();
    clearMerchantCache();
  });

  it("home's marquee and the promotions page: Arabic for an Arabic player, the default for French", async () => {
    const now = Date.now();
    const [notice, promo] = [uniqueSlug('hn'), uniqueSlug('hp')];
    await importContent('DEMO2', {
      announcements: [
        { slug: notice, type: 'PL', title: `Notice ${notice}`, startDate: now - HOUR, order: -50 },
        { slug: promo, type: 'PR', title: `Promo ${promo}`, startDate: now - HOUR, order: -50 },
      ],
      translations: [{ slug: notice, language: 'AR', title: `إشعار ${notice}` }, { slug: promo, language: 'AR', title: `عرض ${promo}` }],
    });
    const arHome = (await get('/m/home?lang=ar')).text;
    expect(arHome).toContain(`إشعار ${notice}`);
    expect(arHome).not.toContain(`Notice ${notice}`);
    expect((await get('/m/home?lang=fr')).text).toContain(`Notice ${notice}`);
    const arActivity = (await get('/m/activity?lang=ar')).text;
    expect(arActivity).toContain(`عرض ${promo}`);
    expect((await get('/m/activity?lang=fr')).text).toContain(`Promo ${promo}`);
  });
});

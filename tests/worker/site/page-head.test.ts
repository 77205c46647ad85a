import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBuild, page } from '../page-helpers';
import { idOf, importContent, uniqueSlug } from '../content-fixtures';
import { DESCRIPTION_MAX, describe as describeText } from '../../../worker/edge/fills/content-head';

// docs/seo.md "Titles and descriptions": a promotion and a help item are pages of their own (in the sitemap), so
// their title, description and card name them, in the language served, not the list they come from.

const HEAD = (lang: string, title: string, description: string) => `<!doctype html><html lang="${lang}"><head>`
  + `<meta name="description" content="${description}"><title>${title} · PlayDeck</title>`
  + `<meta property="og:type" content="website"><meta property="og:site_name" content="PlayDeck">`
  + `<meta property="og:title" content="${title} · PlayDeck"><meta property="og:description" content="${description}">`
  + `<meta property="og:image" content="/favicon.svg"></head><body>`;
const FILES = {
  '/m/activityDetail.html': `${HEAD('en', 'Promotion', 'Promotion details')}<div data-fill="promotion"><p>not running</p></div></body></html>`,
  '/i18n/fr/m/activityDetail.html': `${HEAD('fr', 'Promotion FR', 'Détails')}<div data-fill="promotion"><p>not running</p></div></body></html>`,
  '/m/helpDetail.html': `${HEAD('en', 'Help', 'Help centre')}<div data-fill="help-detail" data-back="Back" data-topics="Topics"></div>`
    + '<nav data-fill="help-strip"></nav></body></html>',
};
const SITE2 = 'http://play2.localhost';
const get = (path: string) => page(path, { env: { ASSETS: fakeBuild(FILES).assets } });

/** Attribute `name` of the first tag matching `tag`. */
const attribute = (html: string, tag: RegExp, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag.exec(html)?.[0] ?? '')?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

const PROMO = uniqueSlug('head-promo');
const LONG = 'Every deposit this week earns ten percent back, paid each Monday into the bonus wallet, with no cap '
  + 'on the amount and wagering of only five times before it can be withdrawn by any player.';
const tag = uniqueSlug('head');

beforeAll(async () => {
  await importContent('DEMO2', {
    announcements: [{
      slug: PROMO, type: 'PR', title: 'Cashback <10%> & more', label: 'Weekly', content: `<p>${LONG}</p>`, startDate: Date.now() - 60_000,
    }],
    translations: [{ slug: PROMO, language: 'FR', title: 'Remboursement', content: '<p>Dix pour cent</p>' }],
    help: [
      { language: 'EN', slug: `${tag}-s`, tag, title: 'Deposits', content: '', order: 0 },
      { language: 'EN', slug: `${tag}-c`, parent: `${tag}-s`, title: 'How long does a deposit take?', content: '<p>A <b>minute</b>.</p>', order: 1 },
    ],
  });
});

describe('the head of a detail page names its content (docs/seo.md)', () => {
  it('gives a promotion its own title, description and card, on its own site', async () => {
    const id = await idOf(PROMO, 'DEMO2');
    const html = (await get(`${SITE2}/m/activityDetail?id=${id}&lang=en`)).text;
    const siteName = attribute(html, /<meta property="og:site_name"[^>]*>/, 'content');
    expect(siteName).not.toBe('PlayDeck');
    expect(titleOf(html)).toBe(`Cashback &lt;10%&gt; &amp; more · ${siteName}`);
    expect(attribute(html, /<meta property="og:title"[^>]*>/, 'content')).toBe(`Cashback &lt;10%&gt; &amp; more · ${siteName}`);
    const description = attribute(html, /<meta name="description"[^>]*>/, 'content')!;
    expect(description.startsWith('Every deposit this week')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect([...description].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(attribute(html, /<meta property="og:description"[^>]*>/, 'content')).toBe(description);
    expect(attribute(html, /<meta property="og:type"[^>]*>/, 'content')).toBe('article');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('writes the promotion\'s head in the language served', async () => {
    const id = await idOf(PROMO, 'DEMO2');
    const html = (await get(`${SITE2}/m/activityDetail?id=${id}&lang=fr`)).text;
    expect(titleOf(html)).toMatch(/^Remboursement · /);
    expect(attribute(html, /<meta name="description"[^>]*>/, 'content')).toBe('Dix pour cent');
  });

  it('keeps the page\'s own head for a promotion that is not running', async () => {
    const html = (await get(`${SITE2}/m/activityDetail?id=999999&lang=en`)).text;
    expect(titleOf(html)).toMatch(/^Promotion · /);
    expect(attribute(html, /<meta name="description"[^>]*>/, 'content')).toBe('Promotion details');
    expect(attribute(html, /<meta property="og:type"[^>]*>/, 'content')).toBe('website');
  });

  it('gives a help item its title under its section, its answer as description and FAQPage data', async () => {
    const html = (await get(`${SITE2}/m/helpDetail?tag=${tag}&c=0&lang=en`)).text;
    expect(titleOf(html)).toMatch(/^Deposits: How long does a deposit take\? · /);
    expect(attribute(html, /<meta name="description"[^>]*>/, 'content')).toBe('A minute.');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as
      { '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual([['How long does a deposit take?', 'A minute.']]);
  });

  it('describes a help section without text by its items, and the list of sections keeps the page\'s head', async () => {
    const section = (await get(`${SITE2}/m/helpDetail?tag=${tag}&lang=en`)).text;
    expect(titleOf(section)).toMatch(/^Deposits · /);
    expect(attribute(section, /<meta name="description"[^>]*>/, 'content')).toBe('How long does a deposit take?');
    const list = (await get(`${SITE2}/m/helpDetail?p=9999&lang=en`)).text;
    expect(titleOf(list)).toMatch(/^Help · /);
    expect(attribute(list, /<meta name="description"[^>]*>/, 'content')).toBe('Help centre');
  });
});

describe('describe (a description from operator text)', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(describeText('<p>Ten <b>percent</b></p>')).toBe('Ten percent');
    expect(describeText('<p>Bonus.</p><ul><li>Deposit $10</li><li>Wager 10×</li></ul>')).toBe('Bonus. Deposit $10 Wager 10×');
    const cut = describeText(LONG);
    expect([...cut].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(LONG.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).toMatch(/\w…$/);
    expect(describeText('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { markdownToHtml, parseDate, readContentFolder, splitFrontMatter } from '../../../scripts/content-folder';
import { contentBundle } from '../../../worker/model/content-bundle';
import { contentImportSql } from '../../../worker/db/queries/content-import';

const NOW = Date.UTC(2026, 10, 25, 12);

describe('content folder (npm run operator -- content import)', () => {
  it.each(['DEMO', 'DEMO2'])('the %s demo folder validates: banners with artwork, a video banner, notices, popups, 4+ promotions, help, branding', async (code) => {
    const { bundle, images } = await readContentFolder(`content/demo/${code}`, code, NOW);
    const parsed = contentBundle.parse(bundle);
    const by = (type: string, group?: string) => parsed.announcements.filter((a) => a.type === type && (group === undefined || a.groupName === group));
    expect(by('B', 'm_home').length).toBeGreaterThanOrEqual(3);
    expect(by('B', 'm_home').every((a) => a.images.length === 1)).toBe(true);
    expect(by('B', 'm_youtube')[0]!.linkage).toEqual({ type: 'URL', url: expect.stringMatching(/youtube\.com\/watch/) });
    expect(by('PU').map((a) => a.execution).sort()).toEqual(['A', 'B', 'F']);
    expect(by('PR').map((a) => a.promotionType)).toEqual(expect.arrayContaining(['WELCOME', 'LOGIN', 'REFERRAL', 'TOURNAMENT']));
    expect(parsed.help.filter((h) => h.language === 'EN').length).toBeGreaterThan(4);
    expect(parsed.branding?.logo).toMatch(/^\/media\/content\//);
    expect(images.length).toBeGreaterThan(5);
    if (code === 'DEMO') expect(parsed.contracts).toEqual([expect.objectContaining({ agent: 'demo_agent', kind: 'daily' })]);
  });

  it('writes the same statements for the same folder (a second import changes nothing)', async () => {
    const read = async () => contentImportSql('DEMO', contentBundle.parse((await readContentFolder('content/demo/DEMO', 'DEMO', NOW)).bundle), NOW);
    const first = await read();
    expect(await read()).toEqual(first);
    expect(first.every((sql) => /ON CONFLICT|DELETE FROM announcement_(images|translations)|INSERT INTO announcement_(images|translations)|UPDATE merchants/.test(sql))).toBe(true);
  });

  it('reads announcements/<LANG>/<slug>.md as that announcement in another language (docs/operator-guide.md, "Content")', async () => {
    const parsed = contentBundle.parse((await readContentFolder('content/demo/DEMO', 'DEMO', NOW)).bundle);
    const arabic = parsed.translations.filter((t) => t.language === 'AR');
    expect(arabic.map((t) => t.slug)).toEqual(expect.arrayContaining(['notice-new-games', 'banner-welcome', 'welcome-bonus', 'popup-guests']));
    expect(arabic.find((t) => t.slug === 'welcome-bonus')).toMatchObject({ title: expect.stringMatching(/مكافأة/), label: 'جديد', content: expect.stringContaining('<li>') });
    const sql = contentImportSql('DEMO', parsed, NOW).filter((s) => s.includes('announcement_translations'));
    expect(sql.some((s) => s.startsWith('DELETE') && s.includes("'welcome-bonus'"))).toBe(true);
  });

  it('refuses a version of an announcement the folder lacks, an unknown language, and two versions in one language', () => {
    const base = { slug: 'a', type: 'A', title: 't', startDate: 0 };
    const issues = (translations: unknown[]) => {
      const result = contentBundle.safeParse({ announcements: [base], translations });
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(issues([{ slug: 'a', language: 'ar', title: 'ع' }])).toEqual([]);
    expect(issues([{ slug: 'b', language: 'AR', title: 'ع' }])).toEqual([expect.stringContaining('AR/b translates b')]);
    expect(issues([{ slug: 'a', language: 'XX', title: 'x' }])).toEqual([expect.stringContaining('Not a supported language')]);
    expect(issues([{ slug: 'a', language: 'AR', title: 'x' }, { slug: 'a', language: 'ar', title: 'y' }])).toEqual([expect.stringContaining('Two AR versions')]);
  });

  it('refuses a bundle with clear paths: a bad type, a link to a missing promotion, a child without section', () => {
    const result = contentBundle.safeParse({
      announcements: [
        { slug: 'x', type: 'ZZ', title: 't', startDate: 0 },
        { slug: 'y', type: 'B', title: 't', startDate: 0, linkage: { type: 'P', promotion: 'missing' } },
        { slug: 'v', type: 'B', title: 't', startDate: 0, groupName: 'm_youtube' },
        { slug: 'w', type: 'A', title: 't', startDate: 10, endDate: 5 },
      ],
      help: [{ language: 'EN', slug: 'c', parent: 'nope', title: 't' }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    expect(messages).toMatch(/announcements\.0\.type/);
    expect(messages).toMatch(/video banner/);
    expect(messages).toMatch(/end must be after the start/);
    // Cross-file checks run once every file is valid on its own.
    const links = contentBundle.safeParse({
      announcements: [{ slug: 'y', type: 'B', title: 't', startDate: 0, linkage: { type: 'P', promotion: 'missing' } }],
      help: [{ language: 'EN', slug: 'c', parent: 'nope', title: 't' }],
    });
    const linkMessages = links.error!.issues.map((i) => i.message).join('\n');
    expect(linkMessages).toMatch(/links to promotion missing/);
    expect(linkMessages).toMatch(/names section nope/);
  });

  it('quotes text in SQL and sanitises rich text on the way in', () => {
    const bundle = contentBundle.parse({ announcements: [{ slug: 'q', type: 'A', title: "It's <b>fine</b>", content: '<p>ok<script>alert(1)</script></p>', startDate: 0 }] });
    const [insert] = contentImportSql('DEMO', bundle, 1);
    expect(insert).toContain("'It''s fine'");
    expect(insert).toContain("'<p>ok</p>'");
    expect(insert).not.toContain('script');
  });
});

describe('front matter, dates and Markdown', () => {
  it('splits front matter', () => {
    expect(splitFrontMatter('---\ntype: B\ntitle: A: b\n---\nBody')).toEqual({ meta: { type: 'B', title: 'A: b' }, body: 'Body' });
  });
  it.each([
    ['-1d', NOW - 86_400_000], ['+2h', NOW + 7_200_000], ['2026-01-01', Date.UTC(2026, 0, 1)], ['2026-01-01T10:00:00Z', Date.UTC(2026, 0, 1, 10)],
  ])('reads the date %s', (text, ms) => expect(parseDate(text, NOW)).toBe(ms));
  it.each([
    ['# Title', '<h2>Title</h2>'],
    ['Some **bold** and *it*', '<p>Some <strong>bold</strong> and <em>it</em></p>'],
    ['- a\n- b', '<ul><li>a</li><li>b</li></ul>'],
    ['1. a\n2. b', '<ol><li>a</li><li>b</li></ol>'],
    ['[in](/m/activity) <x>', '<p><a href="/m/activity">in</a> &lt;x&gt;</p>'],
    ['<p>raw</p>', '<p>raw</p>'],
  ])('converts %j', (md, html) => expect(markdownToHtml(md)).toBe(html));
});

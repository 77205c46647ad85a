import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/calls/content';
import type { AnnouncementGroups } from '../../../contract/calls/content-schemas';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { idOf, importContent, uniqueSlug } from '../content-fixtures';

const LIST = contentCalls.announcementList.path;
const READ = contentCalls.markAnnouncementRead.path;
const HOUR = 3_600_000;

async function list(query: string, token?: string) {
  return call<AnnouncementGroups>(`${LIST}?${query}`, token ? { token } : {});
}

describe('announcement list (platform-contract.md §2 banners and announcements; accounts §3)', () => {
  it('groups banners, notices, popups and promotions, in order, only within their time window and site', async () => {
    const now = Date.now();
    const s = { banner: uniqueSlug('b'), notice: uniqueSlug('n'), popup: uniqueSlug('p'), promo: uniqueSlug('pr'), old: uniqueSlug('old'),
      later: uniqueSlug('later'), hidden: uniqueSlug('hid'), soon: uniqueSlug('soon'), other: uniqueSlug('other') };
    await importContent('DEMO', { announcements: [
      { slug: s.banner, type: 'B', title: 'Banner', groupName: 'g_test1', startDate: now - HOUR, order: -100, linkage: { type: 'P', promotion: s.promo } },
      { slug: s.notice, type: 'A', title: 'Notice', groupName: 'g_test1', startDate: now - HOUR },
      { slug: s.popup, type: 'PU', title: 'Popup', groupName: 'g_test1', execution: 'B', startDate: now - HOUR },
      { slug: s.promo, type: 'PR', title: 'Promo', groupName: 'g_test1', startDate: now - HOUR, label: 'New', applicable: true },
      { slug: s.soon, type: 'PR', title: 'Soon', groupName: 'g_test1', startDate: now + HOUR },
      { slug: s.old, type: 'A', title: 'Old', groupName: 'g_test1', startDate: now - 3 * HOUR, endDate: now - HOUR },
      { slug: s.later, type: 'A', title: 'Later', groupName: 'g_test1', startDate: now + HOUR },
      { slug: s.hidden, type: 'A', title: 'Hidden', groupName: 'g_test1', startDate: now - HOUR, published: false },
    ] });
    await importContent('DEMO2', { announcements: [{ slug: s.other, type: 'A', title: 'Other site', groupName: 'g_test1', startDate: now - HOUR }] });

    const { status, body } = await list('types=B,A,PU,PR&platform=M&groupName=g_test1&token=');
    expect(status).toBe(200);
    expect(body.value.banners.map((a) => a.title)).toEqual(['Banner']);
    expect(body.value.banners[0]).toMatchObject({ linkageType: 'P', linkage: String(await idOf(s.promo)), groupName: 'g_test1', read: false });
    expect(body.value.player.map((a) => a.title)).toEqual(['Notice']);
    expect(body.value.popup).toEqual([expect.objectContaining({ title: 'Popup', execution: 'B' })]);
    expect(body.value.promotion.map((a) => [a.title, a.status, a.label])).toEqual([['Promo', '', 'New'], ['Soon', 'coming soon', '']]);
    expect(body.value.hot).toEqual([]);
  });

  it('answers only the requested types, and B,PL,PU when types is absent', async () => {
    const now = Date.now();
    await importContent('DEMO', { announcements: [
      { slug: uniqueSlug('t'), type: 'PR', title: 'Promo only', groupName: 'g_test2', startDate: now - HOUR },
      { slug: uniqueSlug('t'), type: 'PL', title: 'Player notice', groupName: 'g_test2', startDate: now - HOUR },
    ] });
    const { body } = await list('groupName=g_test2');
    expect(body.value.promotion).toEqual([]);
    expect(body.value.player.map((a) => a.title)).toEqual(['Player notice']);
    const ccs = await call<AnnouncementGroups>(`${contentCalls.announcementListCcs.path}?types=PR&groupName=g_test2`);
    expect(ccs.body.value.promotion.map((a) => a.title)).toEqual(['Promo only']);
  });

  it('carries a game linkage as roomId, nodeId, gameType and vendor, images in sequence and url = the first image', async () => {
    const slug = uniqueSlug('g');
    const image = (n: string) => `/media/content/DEMO/${n.repeat(64)}.png`;
    await importContent('DEMO', { announcements: [{
      slug, type: 'B', title: 'Game', groupName: 'g_test3', startDate: Date.now() - HOUR,
      linkage: { type: 'G', game: { roomId: '7', nodeId: 1234, gameType: 'RNG', vendor: 'PG' } }, images: [image('a'), image('b')],
    }] });
    const { body } = await list('types=B&groupName=g_test3');
    expect(body.value.banners[0]).toMatchObject({
      linkageType: 'G', linkage: '', roomId: '7', nodeId: 1234, gameType: 'RNG', vendor: 'PG', url: image('a'),
      announcementImages: [{ sequence: 1, url: image('a') }, { sequence: 2, url: image('b') }],
    });
  });

  it('sanitises content on the way out, also for a row written around the importer', async () => {
    const slug = uniqueSlug('x');
    await env.DB.prepare(
      `INSERT INTO announcements (merchant_code, slug, type, title, content, group_name, start_date, updated_at)
       VALUES ('DEMO', ?, 'A', '<img src=x onerror=alert(1)>Title', ?, 'g_test4', 0, 0)`,
    ).bind(slug, '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">out</a><a href="/m/activity">in</a></p>').run();
    const { body } = await list('types=A&groupName=g_test4');
    const item = body.value.player[0]!;
    expect(item.title).toBe('Title');
    expect(item.content).toBe('<p>Hi<a>x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a><a href="/m/activity">in</a></p>');
  });

  it('refuses unknown types and malformed filters with 400 request_param_err', async () => {
    for (const query of ['types=XX', 'types=B&execution=Z', 'groupName=bad%20name', 'linkageType=Q']) {
      const { status, body } = await list(query);
      expect([query, status, body.errorCode]).toEqual([query, 400, 'request_param_err']);
    }
  });
});

describe('mark announcement read (platform-contract.md §3; accounts §4 Marking read)', () => {
  it("marks read for that member only; a visitor's list reads false", async () => {
    const slug = uniqueSlug('r');
    await importContent('DEMO', { announcements: [{ slug, type: 'A', title: 'Read me', groupName: 'g_test5', startDate: Date.now() - HOUR }] });
    const id = await idOf(slug);
    const reader = await createMember();
    const other = await createMember({ type: 4 });
    const marked = await call(READ, { method: 'POST', token: reader.token, json: { announcementId: id, read: true } });
    expect(marked.body).toMatchObject({ success: true, value: null });
    expect((await call(READ, { method: 'POST', token: reader.token, json: { announcementId: String(id), read: true } })).status).toBe(200);
    expect((await list('types=A&groupName=g_test5', reader.token)).body.value.player[0]!.read).toBe(true);
    expect((await list('types=A&groupName=g_test5', other.token)).body.value.player[0]!.read).toBe(false);
    expect((await list('types=A&groupName=g_test5')).body.value.player[0]!.read).toBe(false);
  });

  it('needs a session (401 customer.not.login), a known announcement of this site (404) and read: true (400)', async () => {
    const member = await createMember();
    const slug = uniqueSlug('r2');
    await importContent('DEMO2', { announcements: [{ slug, type: 'A', title: 'Elsewhere', startDate: 0 }] });
    const foreign = await idOf(slug, 'DEMO2');
    expect((await call(READ, { method: 'POST', json: { announcementId: foreign, read: true } })).body.errorCode).toBe('customer.not.login');
    const other = await call(READ, { method: 'POST', token: member.token, json: { announcementId: foreign, read: true } });
    expect([other.status, other.body.errorCode]).toEqual([404, 'announcement_not_found']);
    const bad = await call(READ, { method: 'POST', token: member.token, json: { announcementId: foreign, read: false } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { fakeBuild, page } from '../page-helpers';
import { enrolled, makeOperator, signIn } from './console-helpers';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { createApp } from '../../../worker/index';
import { imageSize } from '../../../worker/services/media/content-upload';
import { publishAnnouncementBySlug } from '../../../worker/services/content/content-publish';

// docs/back-office.md "Content": the back office's banners, notices, popups, promotions and help, their preview in the
// site's pages, artwork uploads and promotion applications with their evidence images.

type Item = { id: number; slug: string; state: string; published: boolean; title: string; texts: Record<string, { title: string; content: string; label?: string }>; images: string[]; linkage?: unknown; type?: string; kind?: string };
type Session = { cookie: string; csrf: string };

async function contentOperator(role = 'content', site = 'DEMO', extra: string[] = []): Promise<Session> {
  const s = await signIn(await makeOperator(role, site, extra));
  return { cookie: s.cookie, csrf: s.csrf };
}
const h = (s: Session, host = '127.0.0.1') => ({ Cookie: s.cookie, 'X-CSRF-Token': s.csrf, Origin: `http://${host}` });
const api = <T = Item>(s: Session, path: string, method = 'GET', json?: unknown, host = '127.0.0.1') =>
  call<T>(`http://${host}/console/api/content${path}`, { method, headers: h(s, host), ...(json === undefined ? {} : { json }) });
const audit = (action: string, target: string) => env.DB.prepare(`SELECT before_json, after_json, reason, operator FROM console_audit WHERE action = ? AND target = ? ORDER BY id DESC`)
  .bind(action, target).first<{ before_json: string | null; after_json: string | null; reason: string; operator: string }>();
const banners = async (language = 'EN') => {
  const res = await call<{ banners: { id: number; title: string; content: string }[] }>(`/wps/relay/MCSFE_getListAnnouncements?types=B&merchantCode=DEMO`, { headers: { Cookie: `language=${language}` } });
  return res.body.value.banners;
};
const HOME = '<!doctype html><html><body><main><div data-fill="m_home"></div><div data-fill="marquee"></div></main></body></html>';

/** A tiny valid PNG of `width` × `height` (header only matters for the size check; the IDAT is a real empty image). */
function png(width: number, height: number, seed = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(33 + 12 + seed));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

describe('content area: banners', () => {
  it('creates, reads, edits and lists a banner in several languages, sanitising rich HTML and audited', async () => {
    const s = await contentOperator();
    const created = await api(s, '/banners', 'POST', {
      slug: 'console-banner-a', groupName: 'm_home', reason: 'spring',
      texts: {
        EN: { title: '<b>Spring</b> bonus', content: '<p onclick="x()">Hi<script>alert(1)</script></p><img src="javascript:alert(1)">' },
        AR: { title: 'مكافأة الربيع', content: '<p>مرحبا</p>' },
      },
    });
    expect(created.status).toBe(200);
    const item = created.body.value;
    expect(item).toMatchObject({ slug: 'console-banner-a', published: false, state: 'draft', title: 'Spring bonus' });
    expect(item.texts.EN!.content).toBe('<p>Hi</p>');
    expect(item.texts.AR!.title).toBe('مكافأة الربيع');
    const row = await audit('content.create', 'banners/console-banner-a');
    expect(row?.reason).toBe('spring');
    expect(JSON.parse(row!.after_json!).texts.EN.content).toBe('<p>Hi</p>');

    const edited = await api(s, `/banners/${item.id}`, 'PUT', { texts: { EN: { title: 'Summer bonus', content: '<p>Sun</p>' } }, order: 3 });
    expect(edited.status).toBe(200);
    expect(edited.body.value.texts).toEqual({ EN: { title: 'Summer bonus', content: '<p>Sun</p>', label: '' } });
    const update = await audit('content.update', 'banners/console-banner-a');
    expect(JSON.parse(update!.before_json!).texts.EN.title).toBe('Spring bonus');
    expect(JSON.parse(update!.after_json!).order).toBe(3);

    const list = await api<{ items: Item[]; total: number }>(s, '/banners?q=console-banner-a');
    expect(list.body.value.items.map((i) => i.id)).toEqual([item.id]);
    expect((await api(s, `/notices/${item.id}`)).status).toBe(404);
  });

  it('refuses a missing default language, an empty title, an end before the start and a taken slug', async () => {
    const s = await contentOperator();
    expect((await api(s, '/banners', 'POST', { texts: { AR: { title: 'x' } } })).body.errorCode).toBe('content_default_language_required');
    expect((await api(s, '/banners', 'POST', { texts: { EN: { title: '<i></i>' } } })).body.errorCode).toBe('content_title_required');
    const bad = await api(s, '/banners', 'POST', { startDate: 2000, endDate: 1000, texts: { EN: { title: 'x' } } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'content_schedule_invalid']);
    await api(s, '/banners', 'POST', { slug: 'console-dup', texts: { EN: { title: 'x' } } });
    expect((await api(s, '/banners', 'POST', { slug: 'console-dup', texts: { EN: { title: 'y' } } })).status).toBe(409);
    expect((await api(s, '/banners', 'POST', { texts: 'nope' })).body.errorCode).toBe('request_param_err');
    // A form's empty number and date inputs send null: the defaults stand (the start is now, the end open).
    const empty = await api(s, '/banners', 'POST', { order: null, startDate: null, endDate: null, texts: { EN: { title: 'Empty fields' } } });
    expect(empty.body.value).toMatchObject({ order: 0, endDate: null, state: 'draft' });
  });

  it('publishing shows the banner to players within its schedule, in their language; unpublishing hides it', async () => {
    const s = await contentOperator();
    const now = Date.now();
    const { body } = await api(s, '/banners', 'POST', {
      slug: 'console-banner-live', groupName: 'm_home', texts: { EN: { title: 'Live EN' }, FR: { title: 'Live FR' } },
    });
    const id = body.value.id;
    expect((await banners()).some((b) => b.id === id)).toBe(false);
    const published = await api(s, `/banners/${id}/publish`, 'POST', { reason: 'go' });
    expect(published.body.value.state).toBe('live');
    expect((await audit('content.publish', 'banners/console-banner-live'))?.after_json).toBe('{"published":true}');
    expect((await banners()).find((b) => b.id === id)?.title).toBe('Live EN');
    expect((await banners('FR')).find((b) => b.id === id)?.title).toBe('Live FR');

    const later = await api(s, `/banners/${id}`, 'PUT', { startDate: now + 86_400_000, endDate: now + 2 * 86_400_000 });
    expect(later.body.value.state).toBe('scheduled');
    expect((await banners()).some((b) => b.id === id)).toBe(false);
    await api(s, `/banners/${id}`, 'PUT', { startDate: now - 1000, endDate: null });
    expect((await banners()).some((b) => b.id === id)).toBe(true);
    await api(s, `/banners/${id}/unpublish`, 'POST', {});
    expect((await banners()).some((b) => b.id === id)).toBe(false);

    expect((await api<{ id: number }>(s, `/banners/${id}`, 'DELETE', { reason: 'done' })).body.value).toEqual({ id });
    expect((await audit('content.delete', 'banners/console-banner-live'))?.reason).toBe('done');
    expect((await api(s, `/banners/${id}`)).status).toBe(404);
  });

  it('previews an unpublished banner on the real home page in a language, with a token only this site honours', async () => {
    const s = await contentOperator();
    const { body } = await api(s, '/banners', 'POST', {
      slug: 'console-banner-preview', groupName: 'm_home', images: [`/media/content/DEMO/${'a'.repeat(64)}.png`],
      texts: { EN: { title: 'Preview EN' }, JA: { title: 'Preview JA' } },
    });
    const preview = await api<{ url: string; expiresAt: number }>(s, `/banners/${body.value.id}/preview`, 'POST', { language: 'JA' });
    expect(preview.status).toBe(200);
    expect(preview.body.value.url).toMatch(/^\/m\/home\?lang=JA&preview=[A-Za-z0-9_-]{43}$/);
    const assets = fakeBuild({ '/m/home.html': HOME, '/i18n/ja/m/home.html': HOME }).assets;
    clearEdgeAnswers();
    const shown = await page(preview.body.value.url, { env: { ASSETS: assets } });
    expect(shown.text).toContain('alt="Preview JA"');
    expect(shown.headers.get('Cache-Control')).toBe('no-store');
    expect(shown.headers.get('X-Robots-Tag')).toBe('noindex');
    expect((await page('/m/home?lang=JA', { env: { ASSETS: assets } })).text).not.toContain('Preview JA');
    const token = preview.body.value.url.split('preview=')[1];
    expect((await page(`http://play2.localhost/m/home?preview=${token}`, { env: { ASSETS: assets } })).text).not.toContain('Preview');
  });
});

describe('the operator command publishes through the same service', () => {
  it('unpublishes and publishes by slug with audit rows as cli:<user>; an unknown slug is false', async () => {
    const s = await contentOperator();
    const { body } = await api(s, '/notices', 'POST', { slug: 'console-cli-notice', published: true, texts: { EN: { title: 'CLI' } } });
    const actor = { merchantCode: 'DEMO', operatorId: null, operator: 'cli:tester', address: '' };
    expect(await publishAnnouncementBySlug(env.DB, 'DEMO', 'console-cli-notice', false, actor)).toBe(true);
    expect((await api(s, `/notices/${body.value.id}`)).body.value.published).toBe(false);
    expect((await audit('content.unpublish', 'notices/console-cli-notice'))?.operator).toBe('cli:tester');
    expect(await publishAnnouncementBySlug(env.DB, 'DEMO2', 'console-cli-notice', true, actor)).toBe(false);
  });
});

describe('content area: notices, popups, promotions and help', () => {
  it('keeps each kind to its types and refuses deleting a promotion players applied to', async () => {
    const s = await contentOperator();
    const notice = await api(s, '/notices', 'POST', { type: 'PL', texts: { EN: { title: 'Notice' } } });
    expect(notice.body.value).toMatchObject({ type: 'PL', kind: 'notices' });
    expect((await api(s, '/popups', 'POST', { type: 'B', texts: { EN: { title: 'x' } } })).body.errorCode).toBe('content_type_invalid');
    const popup = await api(s, '/popups', 'POST', { execution: 'F', texts: { EN: { title: 'Popup' } } });
    expect(popup.body.value).toMatchObject({ type: 'PU', execution: 'F' });
    const promo = await api(s, '/promotions', 'POST', { applicable: true, published: true, texts: { EN: { title: 'Promo', label: 'New' } } });
    expect(promo.body.value).toMatchObject({ type: 'PR', applicable: true, state: 'live' });
    const link = await api(s, '/banners', 'POST', { linkage: { type: 'P', promotionId: promo.body.value.id }, texts: { EN: { title: 'Go' } } });
    expect(link.body.value.linkage).toEqual({ type: 'P', promotionId: promo.body.value.id });
    expect((await api(s, '/banners', 'POST', { linkage: { type: 'P', promotionId: notice.body.value.id }, texts: { EN: { title: 'Go' } } })).body.errorCode).toBe('content_linkage_invalid');
    const member = await env.DB.prepare(`SELECT id FROM members WHERE merchant_code = 'DEMO' LIMIT 1`).first<{ id: number }>();
    await env.DB.prepare(`INSERT INTO promotion_applications (announcement_id, member_id, created_at) VALUES (?, ?, ?)`).bind(promo.body.value.id, member!.id, Date.now()).run();
    expect((await api(s, `/promotions/${promo.body.value.id}`, 'DELETE', {})).body.errorCode).toBe('content_in_use');
  });

  it('edits help items per language with their section, publishes them into the help centre', { timeout: 20_000 }, async () => {
    const s = await contentOperator();
    const section = await api<{ id: string }>(s, '/help', 'POST', { slug: 'console-help-s', texts: { EN: { title: 'Section' }, FR: { title: 'Rubrique' } } });
    expect(section.status).toBe(200);
    const child = await api<{ id: string; parent: string }>(s, '/help', 'POST', {
      slug: 'console-help-c', parent: 'console-help-s', published: true, texts: { EN: { title: 'Q', content: '<p>A<script>x</script></p>' } },
    });
    expect(child.body.value.parent).toBe('console-help-s');
    expect((await api(s, '/help', 'POST', { parent: 'console-help-s', texts: { JA: { title: 'x' } } })).body.errorCode).toBe('content_parent_invalid');
    await api(s, '/help/console-help-s/publish', 'POST', {});
    const centre = await call<{ title: string; children: { title: string; content: string }[] }[]>('/wps/system/helpCenter?device=MOBILE&lang=EN', { headers: { Cookie: 'language=EN' } });
    const found = centre.body.value.find((e) => e.title === 'Section');
    expect(found?.children).toEqual([expect.objectContaining({ title: 'Q', content: '<p>A</p>' })]);
    expect((await api(s, '/help/console-help-s', 'DELETE', {})).body.errorCode).toBe('content_in_use');
    expect((await api(s, '/help/console-help-s', 'PUT', { texts: { EN: { title: 'Section' } } })).body.errorCode).toBe('content_in_use');
    // An unpublished item is seen in the help centre's page only through its preview.
    const draft = await api<{ id: string }>(s, '/help', 'POST', { slug: 'console-help-draft', texts: { EN: { title: 'Draft section' } } });
    const preview = await api<{ url: string }>(s, `/help/${draft.body.value.id}/preview`, 'POST', {});
    expect(preview.body.value.url).toMatch(/^\/m\/help\?lang=EN&preview=/);
    const assets = fakeBuild({ '/m/help.html': '<!doctype html><html><head></head><body><div data-fill="help"></div></body></html>' }).assets;
    expect((await page(preview.body.value.url, { env: { ASSETS: assets } })).text).toContain('Draft section');
    expect((await page('/m/help?lang=EN', { env: { ASSETS: assets } })).text).not.toContain('Draft section');
    expect((await api(s, '/help/console-help-c', 'DELETE', {})).status).toBe(200);
    expect((await audit('content.delete', 'help/console-help-c'))?.before_json).toContain('"slug":"console-help-c"');
  });
});

describe('content area: roles, sites, uploads and evidence', () => {
  it('refuses support operators, foreign origins and missing CSRF; another site\'s item is 404', { timeout: 20_000 }, async () => {
    const support = await contentOperator('support');
    expect((await api(support, '/banners')).body.errorCode).toBe('console_role_forbidden');
    const both = await makeOperator('content', 'DEMO', ['DEMO2']);
    const s = await signIn(both);
    const onDemo2 = await signIn(both, { host: 'play2.localhost' });
    const foreign = await api({ cookie: onDemo2.cookie, csrf: onDemo2.csrf }, '/banners', 'POST', { texts: { EN: { title: 'DEMO2 only' } } }, 'play2.localhost');
    expect(foreign.status).toBe(200);
    expect((await api(s, `/banners/${foreign.body.value.id}`)).status).toBe(404);
    expect((await api(s, `/banners/${foreign.body.value.id}`, 'PUT', { order: 1 })).status).toBe(404);
    const noCsrf = await call('/console/api/content/banners', { method: 'POST', headers: { Cookie: s.cookie }, json: { texts: { EN: { title: 'x' } } } });
    expect(noCsrf.body.errorCode).toBe('csrf_invalid');
    const evil = await call('/console/api/content/banners', { method: 'POST', headers: { ...h(s), Origin: 'https://evil.example' }, json: { texts: { EN: { title: 'x' } } } });
    expect(evil.body.errorCode).toBe('csrf_invalid');
    expect((await call('/console/api/content/banners')).status).toBe(401);
    expect((await api(s, '/banners', 'GET', undefined)).status).toBe(200);
    expect((await call('/console/api/content/banners', { headers: h(s), env: { UPSTREAM_API_URL: 'http://platform.invalid' } })).status).toBe(404);
  });

  it('uploads artwork with checked width copies to the media bucket', async () => {
    const s = await contentOperator();
    const form = new FormData();
    form.append('file', new File([png(1000, 400)], 'a.png'));
    form.append('w360', new File([png(360, 144)], 'a-360.png'));
    const up = await call<{ url: string; variants: number[]; width: number }>('/console/api/content/media', { method: 'POST', headers: h(s), body: form });
    expect(up.status).toBe(200);
    expect(up.body.value).toMatchObject({ width: 1000, variants: [360] });
    const key = up.body.value.url.replace('/media/', '');
    expect(await env.MEDIA.get(key.replace('.png', '-w360.png'))).not.toBeNull();
    const bad = new FormData();
    bad.append('file', new File([png(1000, 400, 1)], 'a.png'));
    bad.append('w720', new File([png(720, 100)], 'b.png'));
    expect((await call('/console/api/content/media', { method: 'POST', headers: h(s), body: bad })).body.errorCode).toBe('image_variant_invalid');
    const text = new FormData();
    text.append('file', new File(['<html>'], 'a.png'));
    expect((await call('/console/api/content/media', { method: 'POST', headers: h(s), body: text })).body.errorCode).toBe('image_invalid');
    expect(imageSize(png(12, 34), 'image/png')).toEqual({ width: 12, height: 34 });
  });

  it('shows promotion applications and their evidence images to content and finance, never to support or the public', { timeout: 30_000 }, async () => {
    const s = await contentOperator();
    const promo = await api(s, '/promotions', 'POST', { slug: 'console-evidence', applicable: true, published: true, texts: { EN: { title: 'Evidence promo' } } });
    const key = `apply/DEMO/${'b'.repeat(64)}.png`;
    await env.MEDIA.put(key, png(10, 10), { httpMetadata: { contentType: 'image/png' } });
    const member = await env.DB.prepare(`SELECT id FROM members WHERE merchant_code = 'DEMO' ORDER BY id DESC LIMIT 1`).first<{ id: number }>();
    const app = await env.DB.prepare(`INSERT INTO promotion_applications (announcement_id, member_id, remark, image_keys, created_at) VALUES (?, ?, 'see', ?, ?) RETURNING id`)
      .bind(promo.body.value.id, member!.id, JSON.stringify([key]), Date.now()).first<{ id: number }>();
    const list = await api<{ items: { id: number; images: number; promotion: string }[] }>(s, '/applications');
    expect(list.body.value.items.find((a) => a.id === app!.id)).toMatchObject({ images: 1, promotion: 'Evidence promo' });
    const image = await fetchImage(s, app!.id, 0);
    expect([image.status, image.type, image.cache]).toEqual([200, 'image/png', 'no-store']);
    expect((await fetchImage(s, app!.id, 1)).status).toBe(404);
    const finance = await enrolled('finance');
    expect((await fetchImage({ cookie: finance.session.cookie, csrf: '' }, app!.id, 0)).status).toBe(200);
    const support = await contentOperator('support');
    expect((await fetchImage(support, app!.id, 0)).status).toBe(403);
    expect((await call(`/media/${key}`).catch(() => ({ status: 404 }))).status).toBe(404);
    const other = await contentOperator('content', 'DEMO', ['DEMO2']);
    expect((await fetchImage(other, app!.id, 0, 'play2.localhost')).status).toBe(404);
  });
});

async function fetchImage(s: Session, id: number, n: number, host = '127.0.0.1') {
  const res = await createApp().request(`http://${host}/console/api/content/applications/${id}/images/${n}`, { headers: { Cookie: s.cookie } }, env);
  const result = { status: res.status, type: res.headers.get('Content-Type'), cache: res.headers.get('Cache-Control') };
  await res.arrayBuffer();
  return result;
}

describe('content area: malformed requests', () => {
  it('answers every malformed request with a 4xx, never a 5xx', { timeout: 30_000 }, async () => {
    const s = await contentOperator();
    const bodies: unknown[] = [null, 'x', 42, [], { texts: null }, { texts: { XX: { title: 'x' } } }, { texts: { EN: { title: 'x'.repeat(300) } } },
      { linkage: { type: 'G', game: { nodeId: 'x' } }, texts: { EN: { title: 'x' } } }, { startDate: -1, texts: { EN: { title: 'x' } } },
      { images: ['/media/other/x.png'], texts: { EN: { title: 'x' } } }, { texts: { EN: { title: 'x' } }, slug: 'Bad Slug' }];
    for (const kind of ['banners', 'help', 'nope']) {
      for (const json of bodies) {
        const res = await call(`/console/api/content/${kind}`, { method: 'POST', headers: { ...h(s), 'Content-Type': 'application/json' }, body: JSON.stringify(json) });
        if (kind !== 'help') expect(res.status, `${kind} ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${kind} ${JSON.stringify(json)}`).toBeLessThan(500);
      }
    }
    for (const path of ['/banners/99999999999', '/banners/abc', '/help/Bad', '/banners/1/preview', '/banners?page=0', '/banners?perPage=9999', '/applications/x/images/0', '/applications/1/images/99']) {
      const res = await call(`/console/api/content${path}`, { method: path.endsWith('preview') ? 'POST' : 'GET', headers: h(s) });
      expect(res.status, path).toBeLessThan(500);
    }
    const notForm = await call('/console/api/content/media', { method: 'POST', headers: h(s), json: { file: 'x' } });
    expect(notForm.status).toBe(400);
  });
});

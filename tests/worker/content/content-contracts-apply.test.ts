import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/calls/content';
import type { AnnouncementGroups } from '../../../contract/calls/content-schemas';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { setSwitch } from '../accounts-fixtures';
import { idOf, importContent, JPEG_BYTES, PNG_BYTES, uniqueSlug } from '../content-fixtures';
import { putImage } from '../../../worker/services/media/media';
import { clearMerchantCache } from '../../../worker/middleware/merchant';

const REQUESTS = contentCalls.contractRequests.path;
const HOUR = 3_600_000;

async function agentWithOffer(kind: 'daily' | 'dividend' | 'hourly' | 'realtime', type = 1) {
  const agent = await createMember({ type });
  const slug = uniqueSlug('offer');
  await importContent('DEMO', { contracts: [{ slug, agent: agent.username, kind, terms: '<p>5% <b>daily</b> salary<script>x()</script></p>' }] });
  const row = await env.DB.prepare(`SELECT id FROM agent_contract_offers WHERE slug = ?`).bind(slug).first<{ id: number }>();
  return { agent, id: row!.id };
}

describe('agent contract requests (platform-contract.md §3; accounts §2 Agent contract prompts, §6)', () => {
  it("flags the agent's pending offer by kind with its sanitised terms", async () => {
    const { agent, id } = await agentWithOffer('daily');
    const { status, body } = await call<Record<string, unknown>>(REQUESTS, { token: agent.token });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ dailysalreqtype: String(id), divtypereq: '', contracthoursalreq: '', realtimesalreqtype: '' });
    expect(body.value.offers).toEqual([expect.objectContaining({ id, kind: 'daily', terms: '<p>5% <b>daily</b> salary</p>' })]);
  });

  it.each([[0, 'a real player'], [4, 'a trial account'], [40, 'type 40'], [41, 'type 41'], [42, 'type 42']])(
    'shows nothing to member type %s (%s)', async (type) => {
      const { agent } = await agentWithOffer('dividend', type);
      const { body } = await call<Record<string, unknown>>(REQUESTS, { token: agent.token });
      expect(body.value).toMatchObject({ divtypereq: '', divtypecompperiodreq: '', offers: [] });
    },
  );

  it('shows nothing while AGENTPOLICY3 is off', async () => {
    const { agent } = await agentWithOffer('hourly');
    await setSwitch('AGENTPOLICY3', false);
    clearMerchantCache();
    try {
      const { body } = await call<Record<string, unknown>>(REQUESTS, { token: agent.token });
      expect(body.value).toMatchObject({ contracthoursalreq: '', offers: [] });
    } finally {
      await setSwitch('AGENTPOLICY3', true);
      clearMerchantCache();
    }
  });

  it('accepts once through the matching call; a second answer is 409 contract_decided; another kind is 404', async () => {
    const { agent, id } = await agentWithOffer('dividend');
    const other = await call(contentCalls.processDailySalContract.path, { method: 'POST', token: agent.token, json: { id, agree: true } });
    expect([other.status, other.body.errorCode]).toEqual([404, 'contract_not_found']);
    const first = await call(contentCalls.processDividendReq.path, { method: 'POST', token: agent.token, json: { id, agree: true } });
    expect(first.body).toMatchObject({ success: true, value: { id, status: 'accepted' } });
    const again = await call(contentCalls.processDividendReq.path, { method: 'POST', token: agent.token, json: { id, agree: false } });
    expect([again.status, again.body.errorCode]).toEqual([409, 'contract_decided']);
    expect((await call<Record<string, unknown>>(REQUESTS, { token: agent.token })).body.value.divtypereq).toBe('');
  });

  it("declines; another agent cannot answer someone else's offer; 401 without a session; 400 for a bad body", async () => {
    const { agent, id } = await agentWithOffer('realtime');
    const stranger = await createMember({ type: 1 });
    const path = contentCalls.processRealTimeSalaryContract.path;
    expect((await call(path, { method: 'POST', token: stranger.token, json: { id, agree: true } })).body.errorCode).toBe('contract_not_found');
    expect((await call(path, { method: 'POST', json: { id, agree: true } })).body.errorCode).toBe('customer.not.login');
    expect((await call(path, { method: 'POST', token: agent.token, json: { id } })).body.errorCode).toBe('request_param_err');
    const declined = await call(path, { method: 'POST', token: agent.token, json: { id: String(id), agree: false } });
    expect(declined.body.value).toEqual({ id, status: 'declined' });
    expect((await call(REQUESTS)).body.errorCode).toBe('customer.not.login');
  });
});

const APPLY = contentCalls.promotionApply.path;

function applyForm(promotionId: number | string, remark: string, files: { bytes: Uint8Array; name: string; type: string }[] = []): FormData {
  const form = new FormData();
  form.set('promotionId', String(promotionId));
  form.set('remark', remark);
  for (const f of files) form.append('images', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return form;
}

async function promotion(options: { applicable?: boolean; startDate?: number; endDate?: number | null } = {}): Promise<number> {
  const slug = uniqueSlug('promo');
  await importContent('DEMO', { announcements: [{
    slug, type: 'PR', title: 'Cashback', groupName: 'g_apply', applicable: options.applicable ?? true,
    startDate: options.startDate ?? Date.now() - HOUR, endDate: options.endDate ?? null,
  }] });
  return idOf(slug);
}

const png = { bytes: PNG_BYTES, name: 'a.png', type: 'image/png' };
const jpg = { bytes: JPEG_BYTES, name: 'b.jpg', type: 'image/jpeg' };

describe('promotion apply (PlayDeck extension; accounts §5 Activity apply, §4 statuses)', () => {
  it('records the application with up to 3 png/jpg images and shows the applying label in the list', async () => {
    const id = await promotion();
    const member = await createMember();
    const { status, body } = await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, 'My deposit ref 123', [png, jpg, png]) });
    expect([status, body.value]).toEqual([200, { status: 'applying' }]);
    const row = await env.DB.prepare(`SELECT remark, image_keys FROM promotion_applications WHERE member_id = ?`).bind(member.memberId).first<{ remark: string; image_keys: string }>();
    expect(row!.remark).toBe('My deposit ref 123');
    expect(JSON.parse(row!.image_keys)).toHaveLength(3);
    const list = await call<AnnouncementGroups>(`${contentCalls.announcementList.path}?types=PR&groupName=g_apply`, { token: member.token });
    expect(list.body.value.promotion.find((p) => p.id === id)).toMatchObject({ status: 'applying', applicable: true });
    const again = await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, '') });
    expect([again.status, again.body.errorCode]).toEqual([409, 'already_applied']);
  });

  it('checks images by content, not by name: a text file named .png is refused', async () => {
    const id = await promotion();
    const member = await createMember();
    const fake = { bytes: new TextEncoder().encode('<svg onload=alert(1)>'), name: 'evil.png', type: 'image/png' };
    const answer = await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, '', [fake]) });
    expect([answer.status, answer.body.errorCode]).toEqual([400, 'image_invalid']);
    const gif = { bytes: new TextEncoder().encode('GIF89a....'), name: 'x.jpg', type: 'image/jpeg' };
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, '', [gif]) })).body.errorCode).toBe('image_invalid');
  });

  it('refuses 4 images, an image over 5 MB and a remark over 140 characters', async () => {
    const id = await promotion();
    const member = await createMember();
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, '', [png, png, png, png]) })).body.errorCode).toBe('too_many_images');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, '', [{ ...png, bytes: big }]) })).body.errorCode).toBe('image_too_large');
    const long = await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, 'x'.repeat(141)) });
    expect([long.status, long.body.errorCode]).toEqual([400, 'request_param_err']);
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(id, 'x'.repeat(140)) })).status).toBe(200);
  });

  it('refuses visitors (401), trial accounts (403 free_reject), unknown, closed and non-applicable promotions', async () => {
    const id = await promotion();
    expect((await call(APPLY, { method: 'POST', body: applyForm(id, '') })).body.errorCode).toBe('customer.not.login');
    const trial = await createMember({ type: 4 });
    const refused = await call(APPLY, { method: 'POST', token: trial.token, body: applyForm(id, '') });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'free_reject']);
    const member = await createMember();
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(999999, '') })).body.errorCode).toBe('promotion_not_found');
    const closed = await promotion({ startDate: Date.now() - 2 * HOUR, endDate: Date.now() - HOUR });
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(closed, '') })).body.errorCode).toBe('promotion_closed');
    const soon = await promotion({ startDate: Date.now() + HOUR });
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(soon, '') })).body.errorCode).toBe('promotion_closed');
    const plain = await promotion({ applicable: false });
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm(plain, '') })).body.errorCode).toBe('promotion_not_applicable');
    expect((await call(APPLY, { method: 'POST', token: member.token, body: applyForm('abc', '') })).body.errorCode).toBe('request_param_err');
  });
});

describe('media (GET /media/<key>)', () => {
  it("serves the operator's artwork immutable with a sandboxing CSP, never players' application images", async () => {
    const key = await putImage(env.MEDIA, 'content', 'DEMO', PNG_BYTES);
    const response = await SELF.fetch(`http://127.0.0.1/media/${key!}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Security-Policy')).toContain('sandbox');
    const applied = await putImage(env.MEDIA, 'apply', 'DEMO', JPEG_BYTES);
    expect((await SELF.fetch(`http://127.0.0.1/media/${applied!}`)).status).toBe(404);
    expect((await SELF.fetch('http://127.0.0.1/media/content/DEMO/../../x')).status).toBe(404);
  });
});

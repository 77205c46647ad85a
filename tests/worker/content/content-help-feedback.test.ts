import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/calls/content';
import type { HelpEntry } from '../../../contract/calls/content-schemas';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { importContent, uniqueSlug } from '../content-fixtures';
import { TEST_ANSWER, withTestCaptcha } from '../accounts-fixtures';

const HELP = contentCalls.helpCentre.path;
const FEEDBACK = contentCalls.feedback.path;
const TEXT = 'The deposit did not arrive in my wallet yet.';

describe('help centre (platform-contract.md §3; accounts §2 Help centre, §3 Help centre entry)', () => {
  it("answers the language's sections with their children, EN when the language has none, sanitised", async () => {
    const sec = uniqueSlug('sec');
    await importContent('DEMO2', { help: [
      { language: 'EN', slug: sec, tag: 'deposit', title: 'Deposits', content: '<p>How to <b>deposit</b><script>alert(1)</script></p>', order: 1 },
      { language: 'EN', slug: uniqueSlug('c'), parent: sec, title: 'Minimum', content: '<p onmouseover="x()">10</p>', order: 1 },
      { language: 'TH', slug: sec, tag: 'deposit', title: 'การฝากเงิน', content: '<p>ฝาก</p>' },
    ] });
    const en = await call<HelpEntry[]>(`http://play2.localhost${HELP}?device=MOBILE&lang=EN`);
    expect(en.status).toBe(200);
    const section = en.body.value.find((e) => e.tag === 'deposit')!;
    expect(section).toMatchObject({ title: 'Deposits', content: '<p>How to <b>deposit</b></p>' });
    expect(section.children).toEqual([expect.objectContaining({ title: 'Minimum', content: '<p>10</p>' })]);
    const th = await call<HelpEntry[]>(`http://play2.localhost${HELP}?device=MOBILE&lang=th`);
    expect(th.body.value.map((e) => e.title)).toContain('การฝากเงิน');
    const fr = await call<HelpEntry[]>(`http://play2.localhost${HELP}?device=MOBILE&lang=FR`);
    expect(fr.body.value.map((e) => e.title)).toContain('Deposits');
  });

  it('refuses a malformed language or device with 400 request_param_err', async () => {
    for (const q of ['lang=english', 'device=TV']) expect((await call(`${HELP}?${q}`)).body.errorCode).toBe('request_param_err');
  });
});

describe('feedback (platform-contract.md §3; accounts §2 Feedback screen, §5, §6)', () => {
  it('stores the message with the member account as sender, whatever the body says', async () => {
    const member = await createMember();
    const { status, body } = await call(FEEDBACK, {
      method: 'PUT', token: member.token, env: withTestCaptcha, json: { content: `  ${TEXT}  `, sender: 'someone-else', type: 1, captcha: TEST_ANSWER },
    });
    expect([status, body.success, body.message]).toEqual([200, true, 'Sent successfully']);
    const row = await env.DB.prepare(`SELECT sender, type, content FROM feedback WHERE member_id = ?`).bind(member.memberId).first();
    expect(row).toEqual({ sender: member.username, type: 1, content: TEXT });
  });

  it('sends a visitor to log in: 401 customer.not.login before looking at the body', async () => {
    const { status, body } = await call(FEEDBACK, { method: 'PUT', json: {} });
    expect([status, body.errorCode]).toEqual([401, 'customer.not.login']);
  });

  it.each([
    ['content shorter than 20 characters', { content: 'too short', type: 1 }],
    ['content longer than 200 characters', { content: 'x'.repeat(201), type: 1 }],
    ['20 spaces', { content: ' '.repeat(25), type: 1 }],
    ['an unknown question type (5)', { content: TEXT, type: 5 }],
    ['the unset type (-1)', { content: TEXT, type: -1 }],
    ['no captcha', { content: TEXT, type: 0, captcha: '' }],
  ])('refuses %s with 400 request_param_err', async (_, body) => {
    const member = await createMember();
    const answer = await call(FEEDBACK, { method: 'PUT', token: member.token, env: withTestCaptcha, json: { captcha: TEST_ANSWER, ...body } });
    expect([answer.status, answer.body.errorCode]).toEqual([400, 'request_param_err']);
  });

  it('refuses a wrong captcha with 400 captcha_invalid and stores nothing', async () => {
    const member = await createMember();
    const answer = await call(FEEDBACK, { method: 'PUT', token: member.token, json: { content: TEXT, type: 6, captcha: 'WRONG' } });
    expect([answer.status, answer.body.errorCode]).toEqual([400, 'captcha_invalid']);
    const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM feedback WHERE member_id = ?`).bind(member.memberId).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it('takes 5 messages a member per hour, then 429 TOO_MANY_REQUEST', async () => {
    const member = await createMember({ type: 4 });
    const send = () => call(FEEDBACK, { method: 'PUT', token: member.token, env: withTestCaptcha, json: { content: TEXT, type: '4', captcha: TEST_ANSWER } });
    for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(200);
    const sixth = await send();
    expect([sixth.status, sixth.body.errorCode]).toEqual([429, 'TOO_MANY_REQUEST']);
  });
});

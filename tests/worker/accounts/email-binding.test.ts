import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { ensureAccountSettings, fromIp, registerMember, uniqueIp } from '../accounts-fixtures';
import { confirmEmail, confirmLinkOf, lastMail, openLink } from '../email-fixtures';
import { EMAIL_CONFIRM_TTL_MS } from '../../../worker/services/accounts/email-binding';

beforeAll(ensureAccountSettings);

const bindEmail = (token: string, email: string) => call('/wps/member/info/email', { method: 'POST', token, json: { email } });
/** POST /wps/member/password/email as the browser sends it: form-encoded username and email. */
const askReset = (username: string, email: string) =>
  call<null>('/wps/member/password/email', {
    method: 'POST', body: new URLSearchParams({ username, email }).toString(),
    headers: { ...fromIp(uniqueIp()), 'Content-Type': 'application/x-www-form-urlencoded', ModuleId: 'COMM3' },
  });
const resetMailed = async (to: string) => /resetToken=/.test((await lastMail(to)) ?? '');
const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const boundOf = async (memberId: number) =>
  (await env.DB.prepare(`SELECT json_extract(profile, '$.email') AS e FROM members WHERE id = ?`).bind(memberId).first<{ e: string | null }>())?.e ?? null;

// The rule phone numbers follow (a number is bound once an SMS code proves it), applied to e-mail addresses.
describe('an e-mail address is bound only once a link sent to it is opened', { timeout: 60_000 }, () => {
  it('keeps a new address pending: not bound, not serving the password reset, until its link is opened', async () => {
    const email = address('pending');
    const { session, username } = await registerMember({ email });
    expect(confirmLinkOf(await lastMail(email))).not.toBe('');
    const member = await env.DB.prepare(`SELECT id FROM members WHERE username = ?`).bind(username.toLowerCase()).first<{ id: number }>();
    expect(await boundOf(member!.id)).toBeNull();

    expect((await askReset(username, email)).status).toBe(200);
    expect(await resetMailed(email)).toBe(false);

    expect(await confirmEmail(email)).toBe('/m/member/security#emailConfirm=ok');
    expect(await boundOf(member!.id)).toBe(email);
    expect((await askReset(username, email)).status).toBe(200);
    expect(await resetMailed(email)).toBe(true);
    const security = await call<{ emailBound: boolean }>('/wps/v2/member/securityConfig', { token: session.token });
    expect(security.body.value.emailBound).toBe(true);
  });

  it('uses a confirmation link once', async () => {
    const member = await createMember();
    const email = address('once');
    await bindEmail(member.token, email);
    const link = confirmLinkOf(await lastMail(email));
    expect(await openLink(link)).toEqual({ status: 302, location: '/m/member/security#emailConfirm=ok' });
    expect(await openLink(link)).toEqual({ status: 302, location: '/m/member/security#emailConfirm=email_link_invalid' });
  });

  it('lets a link expire after 24 hours, binding nothing', async () => {
    const member = await createMember();
    const email = address('late');
    await bindEmail(member.token, email);
    const link = confirmLinkOf(await lastMail(email));
    await env.DB.prepare(`UPDATE email_confirmations SET expires_at = ? WHERE member_id = ?`).bind(Date.now() - 1, member.memberId).run();
    expect(EMAIL_CONFIRM_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect((await openLink(link)).location).toBe('/m/member/security#emailConfirm=email_link_invalid');
    expect(await boundOf(member.memberId)).toBeNull();
  });

  it('refuses an unknown or malformed token and binds nothing', async () => {
    expect((await openLink('http://127.0.0.1/wps/playdeck/email/confirm?token=' + 'a'.repeat(43))).location).toBe('/m/member/security#emailConfirm=email_link_invalid');
    expect((await openLink('http://127.0.0.1/wps/playdeck/email/confirm')).location).toBe('/m/member/security#emailConfirm=email_link_invalid');
  });

  it('keeps the old address bound, and serving the reset, until the new one is confirmed', async () => {
    const old = address('old');
    const { session, username } = await registerMember({ email: old });
    await confirmEmail(old);
    const fresh = address('new');
    expect((await bindEmail(session.token, fresh)).status).toBe(200);

    const security = await call<{ email: string; emailPending: string }>('/wps/v2/member/securityConfig', { token: session.token });
    expect(security.body.value.email).toBe(`o***@example.com`);
    expect(security.body.value.emailPending).toMatch(/^n\*\*\*@example\.com$/);
    await askReset(username, fresh);
    expect(await resetMailed(fresh)).toBe(false);
    await askReset(username, old);
    expect(await resetMailed(old)).toBe(true);

    await confirmEmail(fresh);
    await askReset(username, fresh);
    expect(await resetMailed(fresh)).toBe(true);
  });

  it('only the newest link binds; typing the bound address again withdraws a pending one and mails nothing', async () => {
    const member = await createMember();
    const first = address('first');
    const second = address('second');
    await bindEmail(member.token, first);
    const firstLink = confirmLinkOf(await lastMail(first));
    await bindEmail(member.token, second);
    expect((await openLink(firstLink)).location).toBe('/m/member/security#emailConfirm=email_link_invalid');
    await confirmEmail(second);
    expect(await boundOf(member.memberId)).toBe(second);

    const third = address('third');
    await bindEmail(member.token, third);
    const thirdLink = confirmLinkOf(await lastMail(third));
    expect((await bindEmail(member.token, second.toUpperCase())).status).toBe(200);
    expect(await lastMail(second.toUpperCase())).toBeNull();
    expect((await openLink(thirdLink)).location).toBe('/m/member/security#emailConfirm=email_link_invalid');
    expect(await boundOf(member.memberId)).toBe(second);
  });

  it('sends at most 5 confirmation mails per member per hour (429 TOO_MANY_REQUEST)', async () => {
    const member = await createMember();
    for (let i = 0; i < 5; i++) expect((await bindEmail(member.token, address(`r${i}`))).status).toBe(200);
    const over = await bindEmail(member.token, address('r5'));
    expect([over.status, over.body.errorCode]).toEqual([429, 'TOO_MANY_REQUEST']);
  });
});

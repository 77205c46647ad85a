import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { accountsCalls } from '../../../contract/calls/accounts';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { ensureAccountSettings, fromIp, postLogin, registerMember, uniqueIp } from '../accounts-fixtures';
import { confirmEmail, lastMail } from '../email-fixtures';

beforeAll(ensureAccountSettings);

/** POST /wps/member/password/email as the browser sends it: form-encoded username and email. */
const ask = (username: string, email: string, ip = uniqueIp()) =>
  call<null>('/wps/member/password/email', {
    method: 'POST', body: new URLSearchParams({ username, email }).toString(),
    headers: { ...fromIp(ip), 'Content-Type': 'application/x-www-form-urlencoded', ModuleId: 'COMM3' },
  });

const tokenOf = (body: string | null) => /resetToken=([A-Za-z0-9_-]+)/.exec(body ?? '')?.[1] ?? '';

describe('POST /wps/member/password/email and /wps/playdeck/password/emailReset', { timeout: 60_000 }, () => {
  it('mails a single-use link when the pair matches; the link sets the password and ends every session', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { username, session } = await registerMember({ email });
    await confirmEmail(email);
    const res = await ask(username, email.toUpperCase());
    expect(res.status).toBe(200);
    expect(envelopeSchema(accountsCalls.forgotPasswordEmail.value).safeParse(res.body).success).toBe(true);
    const token = tokenOf(await lastMail(email));
    expect(token).not.toBe('');
    const row = await env.DB.prepare(`SELECT token_hash FROM password_reset_tokens ORDER BY created_at DESC LIMIT 1`).first<{ token_hash: string }>();
    expect(row?.token_hash).not.toBe(token);

    const reset = await sealedCall<null>('/wps/playdeck/password/emailReset', { json: { token, newPassword: 'mailed2024', confirmNewPassword: 'mailed2024' } });
    expect(reset.status).toBe(200);
    expect(envelopeSchema(accountsCalls.emailReset.value).safeParse(reset.body).success).toBe(true);
    expect((await call('/wps/member/info', { token: session.token })).status).toBe(401);
    expect((await postLogin({ username, password: 'mailed2024' })).status).toBe(200);

    const again = await sealedCall('/wps/playdeck/password/emailReset', { json: { token, newPassword: 'other2024', confirmNewPassword: 'other2024' } });
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe('reset_link_invalid');
  });

  it('answers the same, and mails nothing, for a wrong e-mail or an unknown user', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { username } = await registerMember({ email });
    await confirmEmail(email);
    const confirmation = await lastMail(email);
    const wrong = await ask(username, 'someone@example.com');
    const unknown = await ask('nobody12345', email);
    expect(wrong.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(wrong.body).toEqual(unknown.body);
    expect(await lastMail(email)).toBe(confirmation);
    expect(await lastMail('someone@example.com')).toBeNull();
  });

  it('limits requests per account (429 TOO_MANY_REQUEST) whatever the IP', async () => {
    const { username } = await registerMember();
    for (let i = 0; i < 3; i++) expect((await ask(username, 'x@example.com')).status).toBe(200);
    const over = await ask(username, 'x@example.com');
    expect(over.status).toBe(429);
    expect(over.body.errorCode).toBe('TOO_MANY_REQUEST');
  });

  it('refuses a missing field with 400 request_param_err', async () => {
    const res = await call('/wps/member/password/email', {
      method: 'POST', body: 'username=abc', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it('checks the new password before spending the link, and refuses an unknown token', async () => {
    const weak = await sealedCall('/wps/playdeck/password/emailReset', { json: { token: 'a'.repeat(43), newPassword: 'short', confirmNewPassword: 'short' } });
    expect(weak.body.errorCode).toBe('request_param_err');
    const unknown = await sealedCall('/wps/playdeck/password/emailReset', { json: { token: 'a'.repeat(43), newPassword: 'good2024x', confirmNewPassword: 'good2024x' } });
    expect(unknown.body.errorCode).toBe('reset_link_invalid');
  });
});

import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { ensureAccountSettings, fromIp, registration, uniqueIp, withTestCaptcha } from '../accounts-fixtures';
import { updateBonusRules } from '../../../worker/db/queries/bonus-rules';

/**
 * The age check at registration (issue 25, docs/honest-money.md, Age check): where the site requires the date of
 * birth, the registration settings show the field required, and the server refuses a missing or impossible date
 * (400 `date_of_birth_required`) and a player under the site's legal age (403 `under_legal_age`), writing nothing.
 */

beforeAll(ensureAccountSettings);
afterEach(async () => {
  await env.DB.prepare(`DELETE FROM bonus_rules WHERE merchant_code = 'DEMO'`).run();
});

function register(payload: Record<string, unknown>) {
  return sealedCall<AccountsWire['SessionValue']>('/wps/member/register', { method: 'PUT', json: payload, headers: fromIp(uniqueIp()), env: withTestCaptcha });
}

/** A date of birth `years` years and `days` days before today (UTC), as the form sends it. */
function bornAgo(years: number, days = 0): string {
  const d = new Date();
  const date = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

async function memberExists(username: string): Promise<boolean> {
  return (await env.DB.prepare(`SELECT 1 AS x FROM members WHERE username = ?`).bind(username.toLowerCase()).first()) !== null;
}

describe('the age check where the site requires the date of birth', () => {
  it('a site without the rule neither shows nor needs the date of birth', async () => {
    const settings = await call<Record<string, { enabled: boolean; required: boolean }>>('/wps/system/setting/register');
    expect(settings.body.value.dateOfBirth).toMatchObject({ enabled: false, required: false });
    expect((await register(registration())).status).toBe(200);
  });

  it('shows the field required, refuses without it, under the legal age, and takes the legal age', async () => {
    await updateBonusRules(env.DB, 'DEMO', { requires_dob: 1, legal_age: 21 });
    const settings = await call<Record<string, { enabled: boolean; required: boolean; type: string }>>('/wps/system/setting/register');
    expect(settings.body.value.dateOfBirth).toMatchObject({ enabled: true, required: true, type: 'date' });

    const missing = registration();
    const none = await register(missing);
    expect([none.status, none.body.errorCode]).toEqual([400, 'request_param_err']);
    expect(JSON.stringify(none.body.value)).toContain('dateOfBirth');

    const impossible = await register(registration({ dateOfBirth: '2001-02-30' }));
    expect([impossible.status, impossible.body.errorCode]).toEqual([400, 'date_of_birth_required']);

    const young = registration({ dateOfBirth: bornAgo(21, -1) }); // 21 tomorrow
    const refused = await register(young);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'under_legal_age']);
    expect(refused.body.value).toMatchObject({ issues: [{ path: 'dateOfBirth', key: 'error.under_legal_age' }], legalAge: 21 });
    expect(await memberExists(String(young.username))).toBe(false);

    const adult = registration({ dateOfBirth: bornAgo(21) }); // 21 today
    const ok = await register(adult);
    expect(ok.status).toBe(200);
    const profile = await env.DB.prepare(`SELECT json_extract(profile, '$.dateOfBirth') AS dob FROM members WHERE username = ?`)
      .bind(String(adult.username).toLowerCase()).first<{ dob: string }>();
    expect(profile?.dob).toBe(adult.dateOfBirth);
  });
});

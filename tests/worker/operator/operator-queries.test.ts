import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  addMerchantDomain, findDomainMerchant, findMerchantCode, listOperatorMerchants, removeMerchantDomain, setMerchantMaintenance,
  setRestrictedRegions, setSiteSwitch,
} from '../../../worker/db/queries/operator-sites';
import { findMessageSentAt, setChatUrlTemplate, upsertConsoleOperator, upsertWelcomeTemplate } from '../../../worker/db/queries/operator-conversations';
import { listOperatorFeedback, markFeedbackRead, runStatementBatch } from '../../../worker/db/queries/operator-content';
import { findRewardSettingsRow, updateRewardSettings } from '../../../worker/db/queries/operator-rewards';
import { listWaitingWithdrawals } from '../../../worker/db/queries/operator-withdrawals';
import { insertFeedback } from '../../../worker/db/queries/feedback';
import { sendInboxMessage } from '../../../worker/db/queries/inbox';

// The operator CLI's queries (scripts/operator.ts, docs/operator-guide.md) on the worker's own D1.
describe('operator queries', () => {
  it('resolve merchants case-insensitively and change a site', async () => {
    expect(await findMerchantCode(env.DB, 'demo2')).toBe('DEMO2');
    expect(await findMerchantCode(env.DB, 'NOPE')).toBeNull();
    await addMerchantDomain(env.DB, 'ops.example', 'DEMO2');
    await addMerchantDomain(env.DB, 'ops.example', 'DEMO');
    expect(await findDomainMerchant(env.DB, 'ops.example')).toBe('DEMO2');
    await removeMerchantDomain(env.DB, 'ops.example', 'DEMO');
    expect(await findDomainMerchant(env.DB, 'ops.example')).toBe('DEMO2');
    await setMerchantMaintenance(env.DB, 'DEMO2', true);
    await setRestrictedRegions(env.DB, 'DEMO2', ['FR', "U'S"]);
    await setSiteSwitch(env.DB, 'DEMO2', 'CBS3', true);
    const row = (await listOperatorMerchants(env.DB)).find((m) => m.code === 'DEMO2');
    expect(row).toMatchObject({ maintenance: 1, restricted_regions: `["FR","U'S"]` });
    expect(row?.hosts?.split(' ')).toContain('ops.example');
    expect(row?.switches).toContain('CBS3=on');
    await removeMerchantDomain(env.DB, 'ops.example', 'DEMO2');
    await setMerchantMaintenance(env.DB, 'DEMO2', false);
    await setRestrictedRegions(env.DB, 'DEMO2', []);
    expect(await findDomainMerchant(env.DB, 'ops.example')).toBeNull();
  });

  it('store conversation settings and tell a sent message key', async () => {
    expect(await sendInboxMessage(env.DB, { merchantCode: 'DEMO2', audience: { kind: 'all' }, messageKey: 'ops-1', title: "It's on", content: '<p>x</p>' }, 1234)).toBe(true);
    expect(await findMessageSentAt(env.DB, 'DEMO2', 'ops-1')).toBe(1234);
    expect(await findMessageSentAt(env.DB, 'DEMO2', 'ops-2')).toBeNull();
    await upsertWelcomeTemplate(env.DB, 'DEMO2', 'EN', "Hi O'Brien", '<b>hi</b>');
    await upsertWelcomeTemplate(env.DB, 'DEMO2', 'EN', 'Hello', '<b>hello</b>');
    expect(await env.DB.prepare(`SELECT title FROM inbox_templates WHERE merchant_code = 'DEMO2' AND kind = 'welcome' AND language = 'EN'`).first('title')).toBe('Hello');
    await setChatUrlTemplate(env.DB, 'DEMO2', 'https://chat.example/?t={token}');
    await setChatUrlTemplate(env.DB, 'DEMO2', null);
    expect(await env.DB.prepare(`SELECT external_url_template FROM chat_settings WHERE merchant_code = 'DEMO2'`).first('external_url_template')).toBeNull();
    await upsertConsoleOperator(env.DB, { merchantCode: 'DEMO2', username: 'ops', displayName: 'Ops', passwordHash: 'h1' }, 1);
    const { id } = (await env.DB.prepare(`SELECT id FROM console_operators WHERE merchant_code = 'DEMO2' AND username = 'ops'`).first<{ id: number }>())!;
    await env.DB.prepare(`INSERT INTO console_sessions (token_hash, operator_id, csrf_token, created_at, expires_at) VALUES ('t-ops', ?, 'c', 1, 9e15)`).bind(id).run();
    await upsertConsoleOperator(env.DB, { merchantCode: 'DEMO2', username: 'ops', displayName: 'Ops 2', passwordHash: 'h2' }, 5);
    expect(await env.DB.prepare(`SELECT revoked_at FROM console_sessions WHERE token_hash = 't-ops'`).first('revoked_at')).toBe(5);
    expect(await env.DB.prepare(`SELECT password_hash FROM console_operators WHERE id = ?`).bind(id).first('password_hash')).toBe('h2');
  });

  it('change reward settings over the defaults and read feedback once', async () => {
    await updateRewardSettings(env.DB, 'DEMO2', { time_zone: 'Asia/Manila', referral_reward_minor: 500 });
    expect(await findRewardSettingsRow(env.DB, 'DEMO2')).toMatchObject({ time_zone: 'Asia/Manila', sign_in_rewards: '[100,100,200,200,300,300,1000]', referral_reward_minor: 500 });
    await insertFeedback(env.DB, { merchantCode: 'DEMO2', memberId: null, sender: 'ana', type: 1, content: 'late' }, 10);
    const unread = await listOperatorFeedback(env.DB, 'DEMO2', false);
    expect(unread.length).toBeGreaterThan(0);
    await markFeedbackRead(env.DB, unread.map((r) => r.id), 20);
    expect(await listOperatorFeedback(env.DB, 'DEMO2', false)).toEqual([]);
    expect((await listOperatorFeedback(env.DB, 'DEMO2', true)).map((r) => r.read_at)).toContain(20);
    expect(Array.isArray(await listWaitingWithdrawals(env.DB, 'demo2'))).toBe(true);
  });

  it('run a statement batch all or nothing', async () => {
    await expect(runStatementBatch(env.DB, [
      `INSERT INTO merchant_domains (host, merchant_code) VALUES ('batch.example', 'DEMO2')`,
      'INSERT INTO no_such_table VALUES (1)',
    ])).rejects.toThrow();
    expect(await findDomainMerchant(env.DB, 'batch.example')).toBeNull();
  });
});

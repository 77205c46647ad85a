import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../fixtures';
import { loginRecordStatement } from '../../../worker/db/queries/member-logins';
import { SHARED_ADDRESS_BOUNDS, sharedAccounts } from '../../../worker/db/queries/shared-addresses';
import { withdrawalRequestDetail } from '../../../worker/services/wallet/money-desk';
import { requestWithdrawal } from '../../../worker/services/wallet/withdrawals';
import { freshKey } from '../payments-helpers';

let n = 0;
/** A fresh address of the test (documentation range). */
const address = () => `203.0.113.${(n += 1)}${Math.floor(Math.random() * 1e4)}`;
const setRegisterIp = (m: TestMember, ip: string) => env.DB.prepare(`UPDATE members SET register_ip = ? WHERE id = ?`).bind(ip, m.memberId).run();
async function logIn(m: TestMember, ip: string, at: number, merchantCode = 'DEMO') {
  await loginRecordStatement(env.DB, m.memberId, merchantCode, { method: 'password', address: ip, device: '', userAgent: 'test' }, at).run();
}

describe('accounts sharing an address (docs/back-office.md "Money", player context)', { timeout: 60_000 }, () => {
  it('matches log-in addresses both ways, leaves out trial and other sites\' accounts, and looks at the latest log-ins only', async () => {
    const [registered, loginA, loginB, oldLogin] = [address(), address(), address(), address()];
    const now = Date.now();
    const player = await createMember({ balanceMinor: 100_000 });
    await setRegisterIp(player, registered);
    // An old log-in, then as many newer ones as the bound (from two addresses): the old address is out of reach.
    await logIn(player, oldLogin, now - 100_000);
    for (let i = 0; i < SHARED_ADDRESS_BOUNDS.logins; i += 1) await logIn(player, i % 2 === 0 ? loginA : loginB, now - 50_000 + i);

    const registeredAtLogin = await createMember();
    await setRegisterIp(registeredAtLogin, loginA); // the player's log-in address is their registration address
    const loggedInAtLogin = await createMember();
    await logIn(loggedInAtLogin, loginB, now); // log-in against log-in
    const loggedInAtRegistration = await createMember();
    await logIn(loggedInAtRegistration, registered, now); // the player's registration address, their log-in
    const trial = await createMember({ type: 4 });
    await logIn(trial, loginA, now);
    const foreign = await createMember({ merchantCode: 'DEMO2' });
    await logIn(foreign, loginB, now, 'DEMO2');
    await setRegisterIp(foreign, registered);
    const beyond = await createMember();
    await logIn(beyond, oldLogin, now);

    const [mine] = await sharedAccounts(env.DB, 'DEMO', [player.memberId]);
    expect(mine).toEqual({
      memberId: player.memberId, accounts: 3,
      sample: [loggedInAtRegistration.username, loggedInAtLogin.username, registeredAtLogin.username],
    });
    // The other way round: each of them shares an address with the player.
    const theirs = await sharedAccounts(env.DB, 'DEMO', [registeredAtLogin.memberId, loggedInAtLogin.memberId, loggedInAtRegistration.memberId]);
    for (const row of theirs) expect(row.sample).toContain(player.username);
    expect(theirs).toHaveLength(3);
    // Another site's operator sees no sharing of DEMO's player.
    expect(await sharedAccounts(env.DB, 'DEMO2', [player.memberId])).toEqual([]);

    // The withdrawal desk's context counts them and names them.
    const { withdrawal } = await requestWithdrawal(env.DB, {
      merchantCode: 'DEMO', currency: 'USD', memberId: player.memberId, amountMinor: 2_500, payeeName: 'Ana Cruz', bankName: 'Demo Bank',
      accountNumber: '1234567890', idempotencyKey: freshKey('w'),
    });
    const detail = await withdrawalRequestDetail(env.DB, 'DEMO', withdrawal.id);
    expect(detail?.player.sharedAddressAccounts).toBe(3);
    expect(detail?.player.sharedAddressSample).toEqual(mine!.sample);
  });

  it('counts a registration and a log-in of the same account once', async () => {
    const shared = address();
    const player = await createMember();
    await setRegisterIp(player, shared);
    const twice = await createMember();
    await setRegisterIp(twice, shared);
    await logIn(twice, shared, Date.now());
    await logIn(player, shared, Date.now());
    expect(await sharedAccounts(env.DB, 'DEMO', [player.memberId])).toEqual([{ memberId: player.memberId, accounts: 1, sample: [twice.username] }]);
    expect(await sharedAccounts(env.DB, 'DEMO', [])).toEqual([]);
  });
});

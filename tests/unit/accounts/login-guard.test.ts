import { describe, expect, it } from 'vitest';
import {
  LOGIN_SLOWDOWN, LOGIN_WINDOW_MS, ipThrottleKey, loginBuckets, loginDelayMs, loginGate, type LoginGate,
} from '../../../worker/services/accounts/login-guard';
import { registerLimit } from '../../../worker/services/accounts/rate-limit';

describe('login guard', () => {
  // Rule (ASVS 6.3.1, NIST SP 800-63B §5.2.2; no account lock-out): captcha after ≥ 1 failure of the account or
  // ≥ 3 from the IP; throttled (429) at ≥ 10 failures of one address on one account or ≥ 50 from one address
  // (failures counted in 15-minute windows, before the attempt being decided).
  it.each<[string, number, number, number, LoginGate]>([
    ['a fresh account from a fresh address may just log in', 0, 0, 0, 'open'],
    ['one failed attempt on the account asks for a captcha', 1, 0, 0, 'captcha'],
    ['two failures from the address are still tolerated', 0, 0, 2, 'open'],
    ['three failures from the address ask for a captcha on any account', 0, 0, 3, 'captcha'],
    ['many account failures from other addresses only ask for a captcha: never a lock-out', 10, 0, 0, 'captcha'],
    ['even a thousand account failures only ask for a captcha', 1000, 0, 0, 'captcha'],
    ['nine failures of this address on this account still only ask for a captcha', 9, 9, 9, 'captcha'],
    ['ten failures of this address on this account throttle it', 10, 10, 10, 'throttled'],
    ['49 failures from the address still only ask for a captcha', 0, 0, 49, 'captcha'],
    ['fifty failures from the address throttle it on every account', 0, 0, 50, 'throttled'],
    ['a throttle wins over a captcha', 2, 0, 50, 'throttled'],
    ['counts above a threshold stay throttled', 25, 12, 120, 'throttled'],
  ])('%s (account %i, pair %i, IP %i → %s)', (_rule, accountFailures, pairFailures, ipFailures, gate) => {
    expect(loginGate({ accountFailures, pairFailures, ipFailures })).toBe(gate);
  });

  // Slow-down: from 10 account failures on, 100 ms more per failure before the password check, at most 2 s.
  it.each<[number, number]>([
    [0, 0],
    [9, 0],
    [10, 100],
    [11, 200],
    [29, 2000],
    [100_000, 2000],
  ])('slows the check of an account with %i failures by %i ms (capped: the owner is never stopped)', (failures, ms) => {
    expect(loginDelayMs(failures)).toBe(ms);
    expect(loginDelayMs(failures)).toBeLessThanOrEqual(LOGIN_SLOWDOWN.maxMs);
  });

  it('counts in 15-minute windows', () => {
    expect(LOGIN_WINDOW_MS).toBe(15 * 60 * 1000);
  });

  it('keeps account and pair counters per merchant and IP counters across merchants', () => {
    const a = loginBuckets('DEMO', 'alice', '10.0.0.1');
    const b = loginBuckets('DEMO2', 'alice', '10.0.0.1');
    const c = loginBuckets('DEMO', 'alice', '10.0.0.2');
    expect(a.account).not.toBe(b.account);
    expect(a.pair).not.toBe(b.pair);
    expect(a.ip).toBe(b.ip);
    expect(a.account).toBe(c.account);
    expect(a.pair).not.toBe(c.pair);
  });

  it.each<[string, string]>([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['2001:DB8:0000:0001:ffff:1:2:3', '2001:db8:0:1::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['not-an-ip', 'not-an-ip'],
  ])('counts address %s under %s (IPv6 by its /64, so rotating inside it gains nothing)', (ip, key) => {
    expect(ipThrottleKey(ip)).toBe(key);
    expect(loginBuckets('DEMO', 'alice', ip).ip).toBe(`login:ip:${key}`);
  });
});

describe('registration limit per IP', () => {
  it.each([
    [{}, 10],
    [{ REGISTER_LIMIT_PER_HOUR: '500' }, 500],
    [{ REGISTER_LIMIT_PER_HOUR: '0' }, 10],
    [{ REGISTER_LIMIT_PER_HOUR: 'many' }, 10],
    [{ REGISTER_LIMIT_PER_HOUR: '2.5' }, 10],
  ])('env %o allows %i registrations an hour', (env, max) => {
    expect(registerLimit(env).max).toBe(max);
  });
});

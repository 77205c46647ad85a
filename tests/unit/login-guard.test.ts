import { describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS, loginBuckets, loginGate, type LoginGate } from '../../worker/services/login-guard';
import { registerLimit } from '../../worker/services/rate-limit';

describe('login guard', () => {
  // Rule: captcha after ≥ 1 failure of the account or ≥ 3 from the IP; locked at ≥ 10 per account or ≥ 50 per IP
  // (failures counted in 15-minute windows).
  it.each<[string, number, number, LoginGate]>([
    ['a fresh account from a fresh address may just log in', 0, 0, 'open'],
    ['one failed attempt on the account asks for a captcha', 1, 0, 'captcha'],
    ['two failures from the address are still tolerated', 0, 2, 'open'],
    ['three failures from the address ask for a captcha on any account', 0, 3, 'captcha'],
    ['nine account failures still only ask for a captcha', 9, 0, 'captcha'],
    ['ten account failures lock the account', 10, 0, 'locked'],
    ['49 failures from the address still only ask for a captcha', 0, 49, 'captcha'],
    ['fifty failures from the address lock it', 0, 50, 'locked'],
    ['either lock wins over a captcha', 2, 50, 'locked'],
    ['counts above a threshold stay locked', 25, 120, 'locked'],
  ])('%s (account %i, IP %i → %s)', (_rule, accountFailures, ipFailures, gate) => {
    expect(loginGate({ accountFailures, ipFailures })).toBe(gate);
  });

  it('counts in 15-minute windows', () => {
    expect(LOGIN_WINDOW_MS).toBe(15 * 60 * 1000);
  });

  it('keeps account counters per merchant and IP counters across merchants', () => {
    const a = loginBuckets('DEMO', 'alice', '10.0.0.1');
    const b = loginBuckets('DEMO2', 'alice', '10.0.0.1');
    expect(a.account).not.toBe(b.account);
    expect(a.ip).toBe(b.ip);
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

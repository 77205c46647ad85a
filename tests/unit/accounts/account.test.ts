import { describe, expect, it } from 'vitest';
import { depositTarget, displayName, isRealAccount, registerPayload } from '../../../src/lib/account';
import { sessionFromValue } from '../../../src/stores/concepts/session';

// Rows quote player-shell §6 "Deposit by a type not in 0, 1, 2 gives free_reject and does not proceed; others go to /m/voucherCenter".
describe('deposit button by member type', () => {
  it.each([
    [0, '/m/voucherCenter'],
    [1, '/m/voucherCenter'],
    [2, '/m/voucherCenter'],
    [4, null],
    [40, null],
    [3, null],
    [undefined, null],
  ])('type %s leads to %s', (type, target) => {
    expect(depositTarget(type)).toBe(target);
    expect(isRealAccount(type)).toBe(target !== null);
  });
});

// Rows quote player-shell §2 "Logged in: the nickname (else the account name)".
describe('home header name', () => {
  it.each([
    [{ nickname: 'Lucky', account: 'player1' }, 'Lucky'],
    [{ nickname: '', account: 'player1' }, 'player1'],
    [{ nickname: '  ', account: 'player1' }, 'player1'],
    [null, 'fromSession'],
  ])('%j shows %s', (member, expected) => {
    expect(displayName(member, 'fromSession')).toBe(expected);
  });
});

// Rows quote accounts §3 "Session info: token, type, merchantCode, userName, firstTimeLogin. Trial sessions use customerType instead of type."
describe('session info from a session value', () => {
  const base = { token: 't', userName: 'player1', merchantCode: 'DEMO', firstTimeLogin: true, expiresAt: 1 };
  it.each([
    [{ ...base, type: 0 }, { token: 't', userName: 'player1', merchantCode: 'DEMO', firstTimeLogin: true, type: 0 }],
    [{ ...base, customerType: 4 }, { token: 't', userName: 'player1', merchantCode: 'DEMO', firstTimeLogin: true, customerType: 4 }],
  ])('%j is kept as %j', (value, info) => {
    expect(sessionFromValue(value)).toEqual(info);
  });
});

// Rows quote accounts §3 "Registration payload: countryDialingCode, registerUrl (host), registerMethod (APP, H5, WEBCLIP or PWA), username, … type (always 0), domain".
describe('registration payload', () => {
  const values = { username: ' player1 ', password: 'abc123', confirmPassword: 'abc123', email: '', nickname: 'Lucky', captcha: ' 42 ' };
  const shown = ['username', 'password', 'confirmPassword', 'email', 'nickname', 'captcha'];
  it.each(['H5', 'PWA', 'WEBCLIP', 'APP'] as const)('registers with method %s as the environment names it', (method) => {
    expect(registerPayload(values, shown, { host: 'play.example.com:8443', hostname: 'play.example.com', registerMethod: method })).toEqual({
      username: 'player1', password: 'abc123', confirmPassword: 'abc123', nickname: 'Lucky', captcha: '42',
      registerUrl: 'play.example.com:8443', registerMethod: method, type: 0, domain: 'play.example.com',
    });
  });
  it('sends only the fields on screen', () => {
    const payload = registerPayload({ ...values, mobileNum: '0912345678' }, ['username'], { host: 'h', hostname: 'h', registerMethod: 'H5' });
    expect(Object.keys(payload)).toEqual(['username', 'registerUrl', 'registerMethod', 'type', 'domain']);
  });
});

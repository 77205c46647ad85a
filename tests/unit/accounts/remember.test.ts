import { describe, expect, it } from 'vitest';
import { forgetToken, parseRemembered, rememberAfterLogin, resumeToken, withToken, type RememberedLogin } from '../../../src/lib/remember';

const kept: RememberedLogin = { type: 'username', username: 'player1', countryDialingCode: '63', token: 'tok-1' };

// Rows quote accounts §3 "Remembered-login record (local storage): type, username, password (double encoded),
// countryDialingCode" — with a revocable token where the spec keeps the password.
describe('the remembered-login record after a login', () => {
  it.each([
    ['remember me on: username, dialling code and token are kept, autoLogin 1', true, 'tok-1', { record: kept, autoLogin: '1' }],
    ['remember me off: nothing is kept, autoLogin 0', false, 'tok-1', { record: null, autoLogin: '0' }],
    ['remember me on but no token answered: the username is kept, autoLogin 0', true, undefined, { record: { ...kept, token: null }, autoLogin: '0' }],
  ] as const)('%s', (_rule, rememberMe, token, expected) => {
    expect(rememberAfterLogin(rememberMe, { type: 'username', username: 'player1', countryDialingCode: '63' }, token)).toEqual(expected);
  });

  it('never holds a password', () => {
    const state = rememberAfterLogin(true, { type: 'sms', username: '09123456789', countryDialingCode: '63' }, 'tok');
    expect(Object.keys(state.record ?? {}).sort()).toEqual(['countryDialingCode', 'token', 'type', 'username']);
  });
});

// Rows quote the brief "on a later visit with no session resumes with resumeRememberedLogin (autoLogin '1')".
describe('when a visit resumes the remembered login', () => {
  it.each([
    ['autoLogin 1, a token, no session → resume', '1', kept, false, 'tok-1'],
    ['a session already open → nothing', '1', kept, true, null],
    ['autoLogin 0 (after logout) → nothing', '0', kept, false, null],
    ['no autoLogin flag → nothing', null, kept, false, null],
    ['a forgotten token → nothing', '1', { ...kept, token: null }, false, null],
    ['no record → nothing', '1', null, false, null],
  ] as const)('%s', (_rule, autoLogin, record, hasSession, token) => {
    expect(resumeToken(autoLogin, record, hasSession)).toBe(token);
  });
});

// Rows quote player-shell §4 "Logout: … set autoLogin to 0" and accounts §3 "re-encoded after a password change".
describe('logout, a refused token and replacements', () => {
  it('logout forgets the token, keeps the username to prefill the form and sets autoLogin 0', () => {
    expect(forgetToken(kept)).toEqual({ record: { ...kept, token: null }, autoLogin: '0' });
    expect(forgetToken(null)).toEqual({ record: null, autoLogin: '0' });
  });
  it.each([
    ['a replacement token takes the old one’s place', kept, 'tok-2', { ...kept, token: 'tok-2' }],
    ['no replacement keeps the record', kept, null, kept],
    ['nothing remembered stays nothing', null, 'tok-2', null],
  ] as const)('%s', (_rule, record, token, expected) => {
    expect(withToken(record, token)).toEqual(expected);
  });
});

describe('reading the stored record', () => {
  it.each([
    [JSON.stringify(kept), kept],
    [JSON.stringify({ type: 'sms', username: '0912', token: '' }), { type: 'sms', username: '0912', countryDialingCode: '', token: null }],
    [JSON.stringify({ type: 'other', username: 'x' }), null],
    [JSON.stringify({ type: 'username', username: 'x', password: 'secret' }), { type: 'username', username: 'x', countryDialingCode: '', token: null }],
    ['{not json', null],
    [null, null],
  ])('%s → %j', (raw, record) => {
    expect(parseRemembered(raw)).toEqual(record);
  });
});

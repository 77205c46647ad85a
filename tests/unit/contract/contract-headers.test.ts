import { describe, expect, it } from 'vitest';
import { base64Utf8, platformHeaders, tokenOfAuthorization } from '../../../contract/headers';
import { endsSession, isTooManyRequests } from '../../../contract/errors';

const TOKEN = 'a'.repeat(43);

// platform-contract.md §1.2: the headers every client call carries.
describe('platform request headers', () => {
  it('sends the bare token, never "Bearer …"', () => {
    expect(platformHeaders({ token: TOKEN }).Authorization).toBe(TOKEN);
  });

  it('sends no Authorization without a session', () => {
    expect(platformHeaders({ token: null })).not.toHaveProperty('Authorization');
  });

  it('sends Merchant, Language upper case (default EN), X-Real-UA as base64 of the user agent', () => {
    expect(platformHeaders({ merchantCode: 'DEMO', language: 'vi', userAgent: 'Mozilla/5.0 (Linux; Android 14)' })).toEqual({
      Merchant: 'DEMO',
      Language: 'VI',
      'X-Real-UA': Buffer.from('Mozilla/5.0 (Linux; Android 14)').toString('base64'),
    });
    expect(platformHeaders({}).Language).toBe('EN');
  });

  it('sends ModuleId and Device only when the call has them', () => {
    expect(platformHeaders({ moduleId: 'GAMELOFAV3', device: 'OTHERS' })).toMatchObject({ ModuleId: 'GAMELOFAV3', Device: 'OTHERS' });
    const plain = platformHeaders({});
    expect(plain).not.toHaveProperty('ModuleId');
    expect(plain).not.toHaveProperty('Device');
  });

  it('encodes a non-ASCII user agent as UTF-8 base64', () => {
    expect(base64Utf8('Žluťoučký 浏览器')).toBe(Buffer.from('Žluťoučký 浏览器', 'utf8').toString('base64'));
  });
});

describe('reading the session token', () => {
  it.each([
    [TOKEN, TOKEN],
    [`Bearer ${TOKEN}`, TOKEN],
    [`  ${TOKEN}  `, TOKEN],
    ['short', null],
    [`Basic ${TOKEN}`, null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, token) => {
    expect(tokenOfAuthorization(header)).toBe(token);
  });
});

// §1.5: "401 (client logs out …)"; login.not.session, customer.not.login, user.or.token.invalid "all three log the client out".
describe('which answers end the client session', () => {
  it.each([
    [401, 'customer.not.login', true, true],
    [401, 'anything', true, true],
    [401, 'login.cred.err', false, false],
    [400, 'login.not.session', false, true],
    [200, 'user.or.token.invalid', true, true],
    [403, 'free_reject', true, false],
    [429, 'TOO_MANY_REQUEST', true, false],
  ])('HTTP %i %s (session %s) → %s', (status, code, hadSession, ends) => {
    expect(endsSession(status, code, hadSession)).toBe(ends);
  });

  it('treats the TOO_MANY_REQUEST family as rate limits', () => {
    expect(isTooManyRequests('TOO_MANY_REQUEST')).toBe(true);
    expect(isTooManyRequests('TOO_MANY_REQUEST_SMS')).toBe(true);
    expect(isTooManyRequests('request_param_err')).toBe(false);
  });
});

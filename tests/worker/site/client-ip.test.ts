import { describe, expect, it } from 'vitest';
import { CONSOLE_LOGIN_PER_IP } from '../../../worker/console/router';
import { UNKNOWN_CLIENT_IP, clientAddress } from '../../../worker/middleware/client-ip';
import { call } from '../helpers';

const headers = (values: Record<string, string>) => new Headers(values);

/**
 * Console sign-ins as `username` (10 per address per 10 minutes) with the given headers per attempt; each answer's
 * status. Each test signs in as a name of its own: the guard also counts per account (worker/services/operators/
 * sign-in.ts), and from 10 failures on one account an unfamiliar address must give a second factor too.
 */
async function signIns(username: string, count: number, headersOf: (i: number) => Record<string, string>, env: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await call('/console/api/login', { method: 'POST', json: { username, password: 'wrong-password' }, headers: headersOf(i), env });
    statuses.push(res.status);
  }
  return statuses;
}

// worker/middleware/client-ip.ts; docs/configuration.md TRUSTED_PROXY_HEADER.
describe('the client address', () => {
  it('is CF-Connecting-IP unless a trusted proxy header is configured; X-Real-IP alone counts for nothing', () => {
    expect(clientAddress(headers({ 'CF-Connecting-IP': '198.51.100.1', 'X-Real-IP': '203.0.113.9' }), {})).toBe('198.51.100.1');
    expect(clientAddress(headers({ 'X-Real-IP': '203.0.113.9', 'X-Forwarded-For': '203.0.113.8' }), {})).toBe(UNKNOWN_CLIENT_IP);
    expect(clientAddress(headers({ 'X-Real-IP': '203.0.113.9' }), { TRUSTED_PROXY_HEADER: '' })).toBe(UNKNOWN_CLIENT_IP);
  });

  it('is the configured header only when one is named (CF-Connecting-IP then ignored); a list counts by its last entry', () => {
    const trusted = { TRUSTED_PROXY_HEADER: 'X-Real-IP' };
    expect(clientAddress(headers({ 'CF-Connecting-IP': '198.51.100.1', 'X-Real-IP': ' 203.0.113.9 ' }), trusted)).toBe('203.0.113.9');
    expect(clientAddress(headers({ 'CF-Connecting-IP': '198.51.100.1' }), trusted)).toBe(UNKNOWN_CLIENT_IP);
    const forwarded = { TRUSTED_PROXY_HEADER: 'X-Forwarded-For' };
    expect(clientAddress(headers({ 'X-Forwarded-For': '10.0.0.1, 203.0.113.7' }), forwarded)).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'X-Real-IP': 'x'.repeat(65) }), trusted)).toBe(UNKNOWN_CLIENT_IP);
  });

  it('cannot be changed with X-Real-IP to dodge a per-address limit', { timeout: 60_000 }, async () => {
    const statuses = await signIns('nobody-direct', CONSOLE_LOGIN_PER_IP.max + 1, (i) => ({ 'CF-Connecting-IP': '198.51.100.77', 'X-Real-IP': `203.0.113.${i + 1}` }));
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('behind a configured proxy, counts by that proxy\'s header, whatever CF-Connecting-IP says', { timeout: 60_000 }, async () => {
    const env = { TRUSTED_PROXY_HEADER: 'X-Real-IP' };
    const statuses = await signIns('nobody-proxied', CONSOLE_LOGIN_PER_IP.max + 1, (i) => ({ 'X-Real-IP': '203.0.113.200', 'CF-Connecting-IP': `198.51.100.${i + 100}` }), env);
    expect(statuses.at(-1)).toBe(429);
    // Another address behind the same proxy is not affected (signing in as another name: the one above is now
    // under the account guard's step-up, whatever the address).
    expect((await signIns('somebody-else', 1, () => ({ 'X-Real-IP': '203.0.113.201' }), env))[0]).toBe(401);
  });
});

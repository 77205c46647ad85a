import { describe, expect, it } from 'vitest';
import { canAfford, keepForRetry, nextSpin, roundErrorKey } from '../../../src/lib/spin';

// docs/design.md Money: "a retried request with the same idempotency key changes nothing twice".
describe('each spin sends a fresh idempotency key; a retry after a network error reuses the same key', () => {
  let n = 0;
  const fresh = () => `key-${++n}`;
  it('a new spin gets a fresh key', () => {
    const a = nextSpin(null, 10001, 100, fresh);
    const b = nextSpin(null, 10001, 100, fresh);
    expect(a.key).not.toBe(b.key);
  });
  it('a retry of a pending spin resends the same key and stake, even if another stake is chosen', () => {
    const pending = { key: 'lost-1', nodeId: 10001, stakeMinor: 100 };
    expect(nextSpin(pending, 10001, 500, fresh)).toEqual(pending);
  });
  it('a pending spin of another game does not carry over', () => {
    const pending = { key: 'lost-1', nodeId: 10001, stakeMinor: 100 };
    expect(nextSpin(pending, 10002, 100, fresh).key).not.toBe('lost-1');
  });
});

describe('which failures keep the spin pending for a same-key retry', () => {
  it.each([
    [0, 'network', true],
    [500, 'internal_error', true],
    [503, 'vendor_maintenance', true],
    [409, 'insufficient_balance', false],
    [400, 'request_param_err', false],
    [401, 'customer.not.login', false],
  ])('status %i (%s) keeps the key: %s', (status, code, kept) => {
    expect(keepForRetry(status, code)).toBe(kept);
  });
});

describe('the Spin button is disabled when the balance is below the stake', () => {
  it.each([
    [1000, 100, true],
    [100, 100, true],
    [99, 100, false],
    [null, 100, false],
    [1000, null, false],
  ])('balance %s, stake %s → can spin %s', (balance, stake, ok) => {
    expect(canAfford(balance, stake)).toBe(ok);
  });
});

describe('the message of a failed demo round (slot and fair games alike)', () => {
  it.each([
    ['insufficient_balance', 'slot.insufficient'],
    ['network', 'slot.network'],
    ['customer.not.login', 'slot.login'],
    ['user.or.token.invalid', 'slot.login'],
    ['game_not_found', 'slot.notFound'],
    ['vendor_maintenance', 'launch.error.vendor_maintenance'],
    ['free_reject', 'free_reject'],
    ['internal_error', 'slot.failed'],
  ])('%s → %s', (code, key) => {
    expect(roundErrorKey(code)).toBe(key);
  });
});

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf, deriveDigits, digitsFromText, digitsToText, newDrawSecret, verifyDraw,
} from '../../../worker/model/lottery/draw';

const SECRET = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** The published verification recipe, written again with Node's own crypto (no shared code with the worker). */
function recipe(secretHex: string, issueNo: string): { commitment: string; digits: number[] } {
  const key = Buffer.from(secretHex, 'hex');
  const digits: number[] = [];
  for (let block = 0; digits.length < 5; block++) {
    const mac = createHmac('sha256', key).update(block === 0 ? issueNo : `${issueNo}#${block}`).digest();
    for (const byte of mac) {
      if (byte < 250 && digits.length < 5) digits.push(byte % 10);
    }
  }
  return { commitment: createHash('sha256').update(key).digest('hex'), digits };
}

describe('lottery draw: derivation from the secret', () => {
  it.each<[string, string, number[]]>([
    // Pinned vectors: HMAC bytes 145, 96, 198, 175, 203 → 5, 6, 8, 5, 3.
    ['the plain case takes the first five bytes mod 10', '20260101-0042', [5, 6, 8, 5, 3]],
    // HMAC bytes 230, 126, 112, 251 (skipped: ≥ 250), 209, 123 → 0, 6, 2, 9, 3.
    ['a byte of 250 or more is skipped', '20260101-0001', [0, 6, 2, 9, 3]],
  ])('%s', (_name, issueNo, digits) => {
    expect(deriveDigits(SECRET, issueNo)).toEqual(digits);
  });

  it('publishes the SHA-256 of the secret bytes as the commitment', () => {
    expect(commitmentOf(SECRET)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('matches the verification recipe for many random secrets and issues', () => {
    for (let i = 0; i < 300; i++) {
      const secret = newDrawSecret();
      const issueNo = `2026${String(1 + (i % 12)).padStart(2, '0')}15-${String(1 + i).padStart(4, '0')}`;
      const expected = recipe(secret, issueNo);
      expect(commitmentOf(secret)).toBe(expected.commitment);
      expect(deriveDigits(secret, issueNo)).toEqual(expected.digits);
      expect(verifyDraw({ issueNo, secret, commitment: expected.commitment, digits: expected.digits })).toBe(true);
    }
  });

  it('gives a different result for another issue under the same secret', () => {
    const results = new Set(Array.from({ length: 50 }, (_, i) => digitsToText(deriveDigits(SECRET, `20260101-${String(i + 1).padStart(4, '0')}`))));
    expect(results.size).toBeGreaterThan(45);
  });

  it('spreads digits evenly (chi-square over 20,000 digits below the 0.1 % critical value)', () => {
    const counts = new Array<number>(10).fill(0);
    // Fixed secrets (SHA-256 of 0, 1, 2, …) keep the test deterministic.
    for (let i = 0; i < 4000; i++) {
      const secret = createHash('sha256').update(String(i)).digest('hex');
      for (const d of deriveDigits(secret, '20260101-0001')) counts[d] = (counts[d] ?? 0) + 1;
    }
    const expected = 2000;
    const chi = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });
});

describe('lottery draw: verification', () => {
  const honest = { issueNo: '20260101-0042', secret: SECRET, commitment: commitmentOf(SECRET), digits: [5, 6, 8, 5, 3] };

  it('accepts an honest draw', () => {
    expect(verifyDraw(honest)).toBe(true);
  });

  it.each<[string, Partial<typeof honest>]>([
    ['a secret that does not match the commitment', { secret: newDrawSecret() }],
    ['a commitment published for another secret', { commitment: commitmentOf(newDrawSecret()) }],
    ['digits that the secret does not give', { digits: [5, 6, 8, 5, 4] }],
    ['the right digits claimed for another issue', { issueNo: '20260101-0043' }],
    ['a secret that is not 64 hex characters', { secret: 'abc' }],
  ])('rejects %s', (_why, change) => {
    expect(verifyDraw({ ...honest, ...change })).toBe(false);
  });

  it('makes 32-byte secrets that never repeat', () => {
    const secrets = new Set(Array.from({ length: 200 }, newDrawSecret));
    expect(secrets.size).toBe(200);
    for (const s of secrets) expect(s).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores results as five-digit text and reads nothing else back', () => {
    expect(digitsToText([0, 7, 3, 1, 9])).toBe('07319');
    expect(digitsFromText('07319')).toEqual([0, 7, 3, 1, 9]);
    expect(digitsFromText(null)).toBeNull();
    expect(digitsFromText('0731')).toBeNull();
    expect(digitsFromText('0731x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { checkDraw, commitmentOf, digitsOf } from '../../../src/lib/lotteryVerify';
import * as server from '../../../worker/model/lottery/draw';

// player-shell §2 /m/lotto-h5: "the last results with digits and revealed secret plus a 'verify' expander".
const secrets = [server.newDrawSecret(), server.newDrawSecret(), 'f'.repeat(64), '0'.repeat(64)];
const issues = ['20261121-0001', '20260101-2880'];

describe('the browser checks a draw with the same recipe the server draws by', () => {
  it.each(secrets.flatMap((secret) => issues.map((issueNo) => [secret, issueNo] as const)))(
    'secret %s on issue %s gives the server\'s commitment and digits', async (secret, issueNo) => {
      expect(await commitmentOf(secret)).toBe(server.commitmentOf(secret));
      expect(await digitsOf(secret, issueNo)).toEqual(server.deriveDigits(secret, issueNo));
    },
  );

  it('passes an honest draw', async () => {
    const secret = secrets[0]!;
    const draw = { issueNo: issues[0]!, secret, commitment: server.commitmentOf(secret), digits: server.deriveDigits(secret, issues[0]!) };
    expect(await checkDraw(draw)).toEqual({ commitmentMatches: true, digitsMatch: true, recomputed: draw.digits });
  });

  const secret = secrets[2]!;
  const honest = { issueNo: issues[1]!, secret, commitment: server.commitmentOf(secret), digits: server.deriveDigits(secret, issues[1]!) };
  const otherDigits = honest.digits.map((d) => (d + 1) % 10);
  it.each([
    ['a secret that does not match the commitment', { ...honest, commitment: server.commitmentOf(secrets[1]!) }, false, true],
    ['digits the secret does not give', { ...honest, digits: otherDigits }, true, false],
  ])('fails %s', async (_name, draw, commitmentMatches, digitsMatch) => {
    const result = await checkDraw(draw);
    expect(result.commitmentMatches).toBe(commitmentMatches);
    expect(result.digitsMatch).toBe(digitsMatch);
  });

  it('fails a malformed secret without throwing', async () => {
    expect(await checkDraw({ issueNo: issues[0]!, secret: 'xyz', commitment: 'ab', digits: [1, 2, 3, 4, 5] }))
      .toEqual({ commitmentMatches: false, digitsMatch: false, recomputed: null });
  });
});

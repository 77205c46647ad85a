import { describe, expect, it } from 'vitest';
import type { Draw, WinRow } from '../../../worker/model/lottery/model';
import { commitmentOf, deriveDigits, newDrawSecret } from '../../../worker/model/lottery/draw';
import { drawView } from '../../../worker/services/lottery/views';
import { maskName, mergeWins } from '../../../worker/services/lottery/board';

const secret = newDrawSecret();
const draw: Draw = {
  id: 1, nodeId: 3001, issueNo: '20260304-0622', openAt: 1_000, closeAt: 61_000, drawAt: 71_000,
  secret, commitment: commitmentOf(secret), digits: null, status: 'open', settledAt: null,
};

describe('lottery draw view: the secret stays on the server until the draw time', () => {
  it.each<[string, number, string, boolean]>([
    ['while betting is open', 30_000, 'open', false],
    ['after close, before the draw', 61_000, 'closed', false],
    ['one ms before the draw', 70_999, 'closed', false],
    ['at the draw time', 71_000, 'drawn', true],
    ['after the draw', 90_000, 'drawn', true],
  ])('%s: status %s, secret shown %s', (_when, now, status, shown) => {
    const view = drawView(draw, now);
    expect(view.status).toBe(status);
    expect(view.commitment).toBe(draw.commitment);
    expect(view.secret).toBe(shown ? secret : null);
    expect(view.digits).toEqual(shown ? deriveDigits(secret, draw.issueNo) : null);
    if (!shown) expect(JSON.stringify(view)).not.toContain(secret);
  });

  it('shows the stored result and settled status once settled', () => {
    const view = drawView({ ...draw, digits: [1, 2, 3, 4, 5], status: 'settled' }, 80_000);
    expect(view).toMatchObject({ status: 'settled', digits: [1, 2, 3, 4, 5], secret });
  });
});

describe('winner board: masked names', () => {
  it.each([
    ['player', 'pl***er'],
    ['playdeck_fan', 'pl***an'],
    ['alice', 'a***e'],
    ['anna', 'a***a'],
    ['bob', 'b***b'],
    ['jo', 'j***'],
    ['x', 'x***'],
    ['', '***'],
    ['玩家小明同学', '玩家***同学'],
  ])('shows %s as %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('never shows a name of three or more characters whole', () => {
    for (const name of ['abc', 'abcd', 'abcde', 'abcdef', 'abcdefghijk']) expect(maskName(name)).not.toContain(name);
  });
});

describe('winner board: merging lottery and slot wins', () => {
  const win = (winMinor: number, wonAt: number): WinRow => ({ account: 'p', gameName: 'g', gameType: 'LOTT', nodeId: 1, winMinor, wonAt });
  const lottery = [win(500, 30), win(9000, 10)];
  const slot = [win(1200, 40), win(50, 20)];

  it('orders newest first', () => {
    expect(mergeWins([lottery, slot], 'newest', 20).map((w) => w.wonAt)).toEqual([40, 30, 20, 10]);
  });

  it('orders biggest first and cuts to the limit', () => {
    expect(mergeWins([lottery, slot], 'biggest', 3).map((w) => w.winMinor)).toEqual([9000, 1200, 500]);
  });
});

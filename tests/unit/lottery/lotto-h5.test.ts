import { describe, expect, it } from 'vitest';
import { lottoH5Href, muiFor, parseLauncherQuery } from '../../../src/stores/concepts/launch';
import { addressWithoutToken, lottoH5FromPath, themeFromCss, withPlayType } from '../../../src/lib/lottoH5';

// player-shell §2: "/m/lotto-h5/{mui}/{playType}/games/{gameId} Embedded lottery page opened by the launcher, with
// query token, merchant, css and prize_mode"; the launcher takes mui, playType, gameId, prize_mode and pageBack.
describe('the launcher opens the embedded lottery address', () => {
  it.each([
    ['no mui given: the merchant code in lower case', null, 'DEMO', 'demo'],
    ['a given mui', 'vn-lotto', 'DEMO', 'vn-lotto'],
    ['a blank mui', '  ', 'DEMO2', 'demo2'],
  ])('%s', (_name, given, merchant, mui) => {
    expect(muiFor(given, merchant)).toBe(mui);
  });

  it('builds the path from mui, play type and game id, and the query from token, merchant, css and prize_mode', () => {
    const href = lottoH5Href({ mui: 'demo', playType: 'ent', gameId: '3006', token: 'tok_1', merchant: 'DEMO', css: 'light', prizeMode: 'ELOTT' });
    const url = new URL(href, 'https://x.test');
    expect(url.pathname).toBe('/m/lotto-h5/demo/ent/games/3006');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'tok_1', merchant: 'DEMO', css: 'light', prize_mode: 'ELOTT' });
    expect(lottoH5FromPath(url.pathname, url.search)).toEqual({ mui: 'demo', playType: 'ent', gameId: '3006', prizeMode: 'ELOTT', merchant: 'DEMO' });
  });

  it('reads mui from the launcher query when given', () => {
    expect(parseLauncherQuery('?playType=ent&gameId=7&mui=abc').mui).toBe('abc');
    expect(parseLauncherQuery('?playType=ent&gameId=7').mui).toBeNull();
  });
});

describe('the lottery page does not need the token and takes it out of the address bar', () => {
  it.each([
    ['?token=t&merchant=DEMO&css=dark&prize_mode=SEA', '/m/lotto-h5/demo/trad/games/2001?merchant=DEMO&css=dark&prize_mode=SEA'],
    ['?token=t', '/m/lotto-h5/demo/trad/games/2001'],
    ['?merchant=DEMO', null],
  ])('%s → %s', (search, address) => {
    expect(addressWithoutToken('/m/lotto-h5/demo/trad/games/2001', search)).toBe(address);
  });

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['blue', null],
    [null, null],
  ] as const)('css %s draws the page in theme %s', (css, theme) => {
    expect(themeFromCss(css)).toBe(theme);
  });

  it('switches the play type in the path and keeps the rest', () => {
    expect(withPlayType('/m/lotto-h5/demo/trad/games/3002', 'ent')).toBe('/m/lotto-h5/demo/ent/games/3002');
  });
});

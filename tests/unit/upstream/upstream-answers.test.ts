import { describe, expect, it } from 'vitest';
import { checkAnswerShape, contractCallOf } from '../../../worker/edge/upstream/upstream-answers';

describe('which contract call a forwarded request names', () => {
  it.each([
    ['GET', '/wps/v2/system/status', 'systemStatus'],
    ['GET', '/wps/relay/GCSGAME_gameList', 'gameList'],
    ['HEAD', '/wps/relay/GCSGAME_gameList', 'gameList'],
    ['GET', '/lgw/games/mobile', 'lotteryMobileGames'],
    ['GET', '/lotto/lgw/games/opened/numero', 'openedNumeros'],
    ['GET', '/lgw/orders/detail/123', 'orderDetail'],
    ['GET', '/lgw/orders/detail/123/info', 'orderInfo'],
  ])('%s %s is %s', (method, path, name) => {
    expect(contractCallOf(method, path)?.name).toBe(name);
  });

  it('a path with a {param} placeholder matches one segment', () => {
    expect(contractCallOf('GET', '/lgw/orders/detail/123/extra/more')).toBeUndefined();
  });

  it('an undeclared call, another method or a PlayDeck extension is not a contract call', () => {
    expect(contractCallOf('GET', '/wps/relay/SOME_unknownCall')).toBeUndefined();
    expect(contractCallOf('DELETE', '/wps/v2/system/status')).toBeUndefined();
    expect(contractCallOf('GET', '/wps/playdeck/openapi.json')).toBeUndefined();
  });
});

describe('whether a platform answer is one PlayDeck can read', () => {
  const hotGames = (list: unknown) => ({ success: true, value: { list }, message: '', errorCode: '' });

  it('a success whose value fits the call\'s schema passes; unknown fields pass too', () => {
    expect(checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 200, hotGames([]))).toEqual({ ok: true });
    const favouriteIds = { success: true, value: ['101', 102], message: '', errorCode: '', extra: 1 };
    expect(checkAnswerShape('GET', '/wps/relay/MCSFE_getFavoriteGames', 200, favouriteIds).ok).toBe(true);
  });

  it('a success whose value has another shape is refused, naming the call and where it broke (never the value)', () => {
    const verdict = checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 200, hotGames('SECRET-TEXT'));
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.call).toBe('hotGames');
    expect(verdict.issue).toContain('list');
    expect(JSON.stringify(verdict)).not.toContain('SECRET-TEXT');
  });

  it('JSON that is not the envelope on /wps is refused', () => {
    expect(checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 200, { list: [] }).ok).toBe(false);
    expect(checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 200, [1, 2]).ok).toBe(false);
  });

  it('errors, empty answers and undeclared calls are not checked (the contract\'s errors are relayed)', () => {
    const error = { success: false, value: null, message: '#727 system busy', errorCode: 'system_busy' };
    expect(checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 500, error).ok).toBe(true);
    expect(checkAnswerShape('GET', '/wps/relay/GCSGAME_hotGamesV2', 200, { ...error, success: false }).ok).toBe(true);
    expect(checkAnswerShape('DELETE', '/wps/session/logout', 200, undefined).ok).toBe(true);
    expect(checkAnswerShape('GET', '/wps/relay/SOME_unknownCall', 200, 'anything').ok).toBe(true);
  });

  it('a gateway answer is checked whole, without the envelope', () => {
    expect(checkAnswerShape('GET', '/lgw/games/mobile', 200, { 7: { gameId: 7, displayName: 'Lotto 7' } }).ok).toBe(true);
    expect(checkAnswerShape('GET', '/lgw/games/mobile', 200, 'not an object').ok).toBe(false);
  });
});

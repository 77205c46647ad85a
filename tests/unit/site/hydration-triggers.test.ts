import { describe, expect, it } from 'vitest';
import { hydratesAtOnce, parseTriggers } from '../../../src/lib/hydrationTriggers';

/** A page with these storage items and fragment. */
function page(hash: string, session: Record<string, string>, local: Record<string, string>) {
  return { hash, sessionItem: (k: string) => session[k] ?? null, localItem: (k: string) => local[k] ?? null };
}

describe('client:interaction triggers', () => {
  it('parses fragments, events, local storage values and exceptions', () => {
    expect(parseTriggers('#session= #oauthError= autoLogin=1 !MC_SESSION_INFO playdeck:toast')).toEqual({
      fragments: ['#session=', '#oauthError='], query: [], events: ['playdeck:toast'], local: [{ key: 'autoLogin', value: '1' }], unless: ['MC_SESSION_INFO'],
    });
    expect(parseTriggers(undefined)).toEqual({ fragments: [], query: [], events: [], local: [], unless: [] });
  });

  // The home page's session exchange: a remembered player without a session is logged in on arrival; one who has
  // a session already, or is not remembered, waits for an interaction.
  const exchange = parseTriggers('#session= #oauthError= autoLogin=1 !MC_SESSION_INFO');
  it.each([
    ['remembered, no session', '', {}, { autoLogin: '1' }, true],
    ['remembered, session open', '', { MC_SESSION_INFO: '{}' }, { autoLogin: '1' }, false],
    ['remember-me off', '', {}, { autoLogin: '0' }, false],
    ['not remembered', '', {}, {}, false],
    ['social login fragment, even with a session', '#session=abc', { MC_SESSION_INFO: '{}' }, {}, true],
    ['social login error fragment', '#oauthError=denied', {}, {}, true],
    ['another fragment', '#top', {}, { autoLogin: '0' }, false],
  ])('%s → %s', (_name, hash, session, local, expected) => {
    expect(hydratesAtOnce(exchange, page(hash, session, local))).toBe(expected);
  });

  it('a session storage key hydrates at once when present (the toast kept for the next page)', () => {
    const toasts = parseTriggers('playdeck:toast playdeck:nextPageToast');
    expect(hydratesAtOnce(toasts, page('', { 'playdeck:nextPageToast': 'x' }, {}))).toBe(true);
    expect(hydratesAtOnce(toasts, page('', {}, {}))).toBe(false);
  });

  // The login form: a remembered username is filled in on arrival (any value of the key), as is a remembered session.
  const loginForm = parseTriggers('#session= #oauthError= autoLogin=1 rememberedLogin=* !MC_SESSION_INFO');
  it.each([
    ['username remembered', {}, { rememberedLogin: '{"username":"ann"}', autoLogin: '0' }, true],
    ['nothing remembered', {}, { autoLogin: '0' }, false],
    ['username remembered, session open', { MC_SESSION_INFO: '{}' }, { rememberedLogin: '{}' }, false],
  ])('login form: %s → %s', (_name, session, local, expected) => {
    expect(hydratesAtOnce(loginForm, page('', session, local))).toBe(expected);
  });

  // The forgot-password form: an e-mailed reset link opens its new-password form at once.
  it.each([
    ['?resetToken=abc', true], ['?lang=th&resetToken=abc', true], ['?lang=th', false], ['', false],
  ])('forget form: query %s → %s', (search, expected) => {
    expect(hydratesAtOnce(parseTriggers('?resetToken'), { ...page('', {}, {}), search })).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { loginModes, parseAuthFragment, socialProviders } from '../../../rules/login-methods';

// Rows quote accounts §2 "The SMS tab exists only when the site switch MOBILEVERCODELOGIN3 is on."
describe('login tabs', () => {
  it.each([
    [{ MOBILEVERCODELOGIN3: true }, ['password', 'sms']],
    [{ MOBILEVERCODELOGIN3: false }, ['password']],
    [{}, ['password']],
    // Not known yet (pre-rendered): both, and the stylesheet shows the strip only when the switch is on.
    [null, ['password', 'sms']],
  ])('%j → %j', (switches, modes) => {
    expect(loginModes(switches)).toEqual(modes);
  });
});

// Rows quote accounts §2 "Social login buttons for Facebook and Google, only in password mode, only when the matching
// site switches (FACEBOOKLOGIN3, GOOGLELOGIN3) are on".
describe('social login buttons', () => {
  it.each([
    ['password', { FACEBOOKLOGIN3: true, GOOGLELOGIN3: true }, ['facebook', 'google']],
    ['password', { FACEBOOKLOGIN3: false, GOOGLELOGIN3: true }, ['google']],
    ['password', { FACEBOOKLOGIN3: true }, ['facebook']],
    ['password', {}, []],
    ['sms', { FACEBOOKLOGIN3: true, GOOGLELOGIN3: true }, []],
    // Not known yet (pre-rendered): both, each gated by its switch in the stylesheet.
    ['password', null, ['facebook', 'google']],
    ['sms', null, []],
  ] as const)('%s mode with %j → %j', (mode, switches, providers) => {
    expect(socialProviders(mode, switches)).toEqual(providers);
  });
});

// Rows quote worker/api/oauth.ts: the callback goes to /m/home#session=<one-time code> or /m/login#oauthError=<code>.
describe('the return leg of a social login', () => {
  it.each([
    ['#session=abcDEF123_-xyz', { sessionCode: 'abcDEF123_-xyz', oauthError: null }],
    ['#oauthError=oauth_denied', { sessionCode: null, oauthError: 'oauth_denied' }],
    ['#oauthError=function.not.available', { sessionCode: null, oauthError: 'function.not.available' }],
    ['', { sessionCode: null, oauthError: null }],
    ['#session=', { sessionCode: null, oauthError: null }],
    ['#session=%3Cscript%3E', { sessionCode: null, oauthError: null }],
    ['#top', { sessionCode: null, oauthError: null }],
  ])('%j → %j', (hash, fragment) => {
    expect(parseAuthFragment(hash)).toEqual(fragment);
  });
});

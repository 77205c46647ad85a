/**
 * Ways into an account (accounts §2 Login screen, §4 "Login method toggles between username and sms"): which login
 * tabs and social buttons a site offers, and what a social login's return leg leaves in the page fragment
 * (`/m/home#session=<one-time code>` or `/m/login#oauthError=<code>`, worker/api/accounts-extensions.ts). Pure.
 */

import { EXTENSION_PREFIX } from '../contract/call';

/** Where a social login starts: the worker's start URL, which redirects to the provider (worker/api/accounts-extensions.ts). */
export const socialLoginUrl = (provider: SocialProvider): string => `${EXTENSION_PREFIX}/oauth/${provider}/start`;

/** A login tab: password (username) or SMS code. */
export type LoginMode = 'password' | 'sms';
/** A social login provider. */
export type SocialProvider = 'facebook' | 'google';

/** Site switches as the consolidated settings give them. */
export type Switches = Readonly<Record<string, boolean>>;

/** The site switch of each social provider (accounts §3 site switches). */
export const SOCIAL_SWITCH = { facebook: 'FACEBOOKLOGIN3', google: 'GOOGLELOGIN3' } as const satisfies Record<SocialProvider, string>;

/**
 * Login tabs: password always; "The SMS tab exists only when the site switch MOBILEVERCODELOGIN3 is on." With the
 * switches not known yet (null: pre-rendering) both tabs are offered, and the stylesheet shows the tab strip only
 * when the switch is on (src/lib/switchGate.ts).
 */
export function loginModes(switches: Switches | null | undefined): LoginMode[] {
  if (!switches) return ['password', 'sms'];
  return switches.MOBILEVERCODELOGIN3 === true ? ['password', 'sms'] : ['password'];
}

/**
 * "Social login buttons for Facebook and Google, only in password mode, only when FACEBOOKLOGIN3 / GOOGLELOGIN3 are
 * on." With the switches not known yet (null: pre-rendering) both are offered, and the stylesheet shows only
 * those whose switch is on (src/lib/switchGate.ts).
 */
export function socialProviders(mode: LoginMode, switches: Switches | null | undefined): SocialProvider[] {
  if (mode !== 'password') return [];
  const all: SocialProvider[] = ['facebook', 'google'];
  if (!switches) return all;
  return all.filter((provider) => switches[SOCIAL_SWITCH[provider]] === true);
}

/** What a social login's return leg put in the fragment. */
export interface AuthFragment {
  /** One-time code to trade for the session (POST /wps/session/exchange). */
  sessionCode: string | null;
  /** Stable error code of a failed social login. */
  oauthError: string | null;
}

// Error codes may hold dots (function.not.available).
const CODE = /^[A-Za-z0-9_.-]{1,200}$/;

/** Reads `#session=<code>` and `#oauthError=<code>`; anything malformed is ignored. */
export function parseAuthFragment(hash: string): AuthFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const session = params.get('session');
  const error = params.get('oauthError');
  return {
    sessionCode: session !== null && CODE.test(session) ? session : null,
    oauthError: error !== null && CODE.test(error) ? error : null,
  };
}

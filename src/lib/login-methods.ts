/**
 * Ways into an account (accounts §2 Login screen, §4 "Login method toggles between username and sms"): which login
 * tabs and social buttons a site offers, and what a social login's return leg leaves in the page fragment
 * (`/m/home#session=<one-time code>` or `/m/login#oauthError=<code>`, worker/api/oauth.ts). Pure.
 */

/** A login tab: password (username) or SMS code. */
export type LoginMode = 'password' | 'sms';
/** A social login provider. */
export type SocialProvider = 'facebook' | 'google';

/** Site switches as the consolidated settings give them. */
export type Switches = Readonly<Record<string, boolean>>;

/** Login tabs: password always; "The SMS tab exists only when the site switch MOBILEVERCODELOGIN3 is on." */
export function loginModes(switches: Switches | null | undefined): LoginMode[] {
  return switches?.MOBILEVERCODELOGIN3 === true ? ['password', 'sms'] : ['password'];
}

/** "Social login buttons for Facebook and Google, only in password mode, only when FACEBOOKLOGIN3 / GOOGLELOGIN3 are on." */
export function socialProviders(mode: LoginMode, switches: Switches | null | undefined): SocialProvider[] {
  if (mode !== 'password' || !switches) return [];
  const providers: SocialProvider[] = [];
  if (switches.FACEBOOKLOGIN3 === true) providers.push('facebook');
  if (switches.GOOGLELOGIN3 === true) providers.push('google');
  return providers;
}

/** What a social login's return leg put in the fragment. */
export interface AuthFragment {
  /** One-time code to trade for the session (POST /wps/session/exchange). */
  sessionCode: string | null;
  /** Stable error code of a failed social login. */
  oauthError: string | null;
}

const CODE = /^[A-Za-z0-9_-]{1,200}$/;

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

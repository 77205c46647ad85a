import { exchangeSession } from '../../api/accounts';
import { ApiRequestError } from '../../api/client';
import { parseAuthFragment } from '../../../rules/login-methods';
import { resumeRememberedSession } from '../concepts/remember';
import { sessionFromValue, startSession } from '../concepts/session';
import { createPage } from '../kit/page';

/** What the return leg of a sign-in ended with: a session started, a social login's error code, or nothing. */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'oauthError'; errorCode: string } | { kind: 'none' };

/**
 * The sign-in return leg of one visit of the page it sits on (/m/home, /m/login), made per visit
 * (src/stores/kit/page.ts). `completeSignIn(hash, fragmentSpent)` is the return leg of a social login and
 * remember-me resume (accounts §2 social login, §3 remembered login, §4 Auth): `#session=<one-time code>` in `hash`
 * is traded for the session (POST /wps/playdeck/session/exchange) and stored like any login; `#oauthError=<code>`
 * is handed back; without either, a remembered login (autoLogin '1') opens a new session. The caller takes the
 * fragment out of the address (`fragmentSpent`) before the call runs. Never rejects. An answer that arrives after
 * the page exits still stores the session the server opened (the one-time code is spent), but the outcome is
 * `none`, so the page that was left does nothing with it.
 */
export const sessionExchangePage = createPage('sessionExchange', (visit) => {
  async function signIn(hash: string, fragmentSpent: () => void): Promise<SignInOutcome> {
    const { sessionCode, oauthError } = parseAuthFragment(hash);
    // The code is single use: take it out of the address (and of history) before anything else.
    if (sessionCode || oauthError) fragmentSpent();
    if (oauthError) return { kind: 'oauthError', errorCode: oauthError };
    if (sessionCode) {
      try {
        startSession(sessionFromValue(await exchangeSession(sessionCode)));
        return { kind: 'signedIn' };
      } catch (error) {
        return { kind: 'oauthError', errorCode: error instanceof ApiRequestError ? error.errorCode : 'internal_error' };
      }
    }
    return (await resumeRememberedSession()) ? { kind: 'signedIn' } : { kind: 'none' };
  }

  async function completeSignIn(hash: string, fragmentSpent: () => void): Promise<SignInOutcome> {
    const outcome = await signIn(hash, fragmentSpent);
    return visit.exited ? { kind: 'none' } : outcome;
  }

  return { completeSignIn };
});

/** One visit of the sign-in return leg. */
export type SessionExchangePage = ReturnType<typeof sessionExchangePage>;

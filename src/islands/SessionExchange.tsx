import { useEffect, useEffectEvent } from 'react';
import { exchangeSession } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import { sessionFromValue } from '../lib/account';
import { parseAuthFragment } from '../lib/login-methods';
import { serverErrorKey } from '../lib/validation';
import { resumeRememberedSession } from '../stores/remember';
import { startSession } from '../stores/session';
import { showToast } from '../stores/toast';

/** Props: what the page does once signed in, and with a social login's error code. */
export interface SessionExchangeProps {
  /** Called after a session was started here (the login page goes home; home just updates through the stores). */
  onSignedIn?: (() => void) | undefined;
  /** Called with the error code of a failed social login (the login page shows it; elsewhere a toast does). */
  onOauthError?: ((code: string) => void) | undefined;
}

/** How long a sign-in failure toast stays (accounts §9: 3 s short messages in the toast helper). */
const ERROR_MS = 3000;

/**
 * Return leg of a social login and remember-me resume (accounts §2 social login, §3 remembered login, §4 Auth),
 * on /m/home and /m/login: `#session=<one-time code>` is traded for the session (POST /wps/playdeck/session/exchange),
 * which is stored like any login; `#oauthError=<code>` is handed to the page; either fragment is then removed
 * from the address. Without a fragment, a remembered login (autoLogin '1') opens a new session.
 * Renders nothing.
 */
export default function SessionExchange({ onSignedIn, onOauthError }: SessionExchangeProps) {
  const signedIn = useEffectEvent(() => onSignedIn?.());
  const oauthError = useEffectEvent((code: string) => {
    if (onOauthError) onOauthError(code);
    else showToast(serverErrorKey(code), 'error', ERROR_MS);
  });

  useEffect(() => {
    const { sessionCode, oauthError: errorCode } = parseAuthFragment(window.location.hash);
    if (sessionCode || errorCode) {
      // The code is single use: take it out of the address (and of history) before anything else.
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
    if (errorCode) {
      oauthError(errorCode);
      return;
    }
    if (sessionCode) {
      exchangeSession(sessionCode).then(
        (value) => {
          startSession(sessionFromValue(value));
          signedIn();
        },
        (error: unknown) => oauthError(error instanceof ApiRequestError ? error.errorCode : 'internal_error'),
      );
      return;
    }
    void resumeRememberedSession().then((resumed) => resumed && signedIn());
  }, []);

  return null;
}

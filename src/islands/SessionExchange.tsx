import { useEffect, useEffectEvent } from 'react';
import { serverErrorKey } from '../../rules/validation';
import { usePage } from '../hooks/usePage';
import { sessionExchangePage } from '../stores/pages/sessionExchange';
import { showToast } from '../stores/concepts/toast';

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
 * Return leg of a social login and remember-me resume on /m/home and /m/login (the flow: src/stores/pages/sessionExchange.ts).
 * Renders nothing.
 */
export default function SessionExchange({ onSignedIn, onOauthError }: SessionExchangeProps) {
  const page = usePage(sessionExchangePage);
  const signedIn = useEffectEvent(() => onSignedIn?.());
  const oauthError = useEffectEvent((code: string) => {
    if (onOauthError) onOauthError(code);
    else showToast(serverErrorKey(code), 'error', ERROR_MS);
  });

  useEffect(() => {
    const spent = () => history.replaceState(history.state, '', window.location.pathname + window.location.search);
    void page.completeSignIn(window.location.hash, spent).then((outcome) => {
      if (outcome.kind === 'signedIn') signedIn();
      else if (outcome.kind === 'oauthError') oauthError(outcome.errorCode);
    });
  }, [page]);

  return null;
}

import { useState } from 'react';
import { freePlay, loginAsTrialUser } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import { serverErrorKey } from '../../rules/validation';
import { sessionFromValue, startSession } from '../stores/concepts/session';
import { hideToast, showToast } from '../stores/concepts/toast';

/** Loading toast bound (accounts §9 loading toasts) and error toast (player-shell §9 "short 3"). */
const LOADING_MS = 10_000;
const ERROR_MS = 3000;

/**
 * The free-play action shared by the login screen's card and /m/trail (accounts §4 Free play: "loading,
 * test-play call, then go to home if a trial session exists"). `start` shows the loading toast, opens the trial
 * session, stores it and goes to /m/home; a refusal (for example `function.not.available` when FREEPLAY3 is off)
 * shows its translated message for 3 s and re-enables the button. `busy` is true from the tap until the answer
 * (a second tap meanwhile does nothing). `flow` 'freeplay' (login card) is POST /wps/session/login/freeplay;
 * 'trial' (/m/trail) is the trial-user flow of platform-contract.md §3: GET /wps/member/trialuser, then login
 * with the trial name.
 */
export function useFreePlay(flow: 'freeplay' | 'trial' = 'freeplay'): { busy: boolean; start: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const start = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const loading = showToast('in_please_wait', 'loading', LOADING_MS);
    try {
      const value = await (flow === 'trial' ? loginAsTrialUser() : freePlay());
      hideToast(loading);
      if (value.token) {
        startSession(sessionFromValue(value));
        window.location.assign('/m/home');
        return;
      }
      setBusy(false);
    } catch (error) {
      hideToast(loading);
      setBusy(false);
      showToast(serverErrorKey(error instanceof ApiRequestError ? error.errorCode : 'internal_error'), 'error', ERROR_MS);
    }
  };
  return { busy, start };
}

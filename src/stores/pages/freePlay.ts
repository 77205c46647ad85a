import { atom } from 'nanostores';
import { freePlay, loginAsTrialUser } from '../../api/accounts';
import { ApiRequestError } from '../../api/client';
import { serverErrorKey } from '../../../rules/validation';
import { sessionFromValue, startSession } from '../concepts/session';
import { hideToast, showToast } from '../concepts/toast';
import { openPage } from '../kit/navigation';
import { createPage } from '../kit/page';

/** Loading toast bound (accounts §9 loading toasts) and error toast (player-shell §9 "short 3"). */
const LOADING_MS = 10_000;
const ERROR_MS = 3000;

/**
 * The free-play action of one visit of the page showing it (accounts §4 Free play: "loading, test-play call, then go
 * to home if a trial session exists"): the login screen's card and /m/trail, made per visit (src/stores/kit/page.ts).
 * - `$freePlayBusy`: true from the free-play tap until the answer (the button is disabled and marked busy meanwhile).
 * - `startFreePlay(flow?)`: shows the loading toast, opens the trial session, stores it and goes to /m/home; a
 *   refusal (for example `function.not.available` when FREEPLAY3 is off) shows its translated message for 3 s and
 *   re-enables the button; an answer without a token only re-enables it. A second tap while `$freePlayBusy` does
 *   nothing. `flow` 'freeplay' (login card) is POST /wps/session/login/freeplay; 'trial' (/m/trail) is the
 *   trial-user flow of platform-contract.md §3: GET /wps/member/trialuser, then login with the trial name. Never
 *   rejects.
 * After the page exits the loading toast still goes away and a trial session the server opened is still stored,
 * but nothing else happens: no way home, no error message.
 */
export const freePlayPage = createPage('freePlay', (visit) => {
  const $freePlayBusy = atom(false);

  async function startFreePlay(flow: 'freeplay' | 'trial' = 'freeplay'): Promise<void> {
    if ($freePlayBusy.get()) return;
    $freePlayBusy.set(true);
    const loading = showToast('in_please_wait', 'loading', LOADING_MS);
    try {
      const value = await (flow === 'trial' ? loginAsTrialUser() : freePlay());
      hideToast(loading);
      if (value.token) {
        startSession(sessionFromValue(value));
        if (!visit.exited) openPage('/m/home');
        return;
      }
      $freePlayBusy.set(false);
    } catch (error) {
      hideToast(loading);
      if (visit.exited) return;
      $freePlayBusy.set(false);
      showToast(serverErrorKey(error instanceof ApiRequestError ? error.errorCode : 'internal_error'), 'error', ERROR_MS);
    }
  }

  return { $freePlayBusy, startFreePlay };
});

/** One visit of the free-play action. */
export type FreePlayPage = ReturnType<typeof freePlayPage>;

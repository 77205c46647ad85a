import { atom } from 'nanostores';
import { continueRealityCheck, getRealityCheck, type RealityCheckData } from '../../api/protection-tools';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { realityCheckWait } from '../../../rules/statement';
import { isRealAccount } from '../../lib/account';
import { $session, sessionMemberType } from './session';
import { logout } from './member';

/**
 * The reality check of every page (docs/player-protection.md "Reality checks"; UKGC RTS 13): the page frame asks the
 * server once when the session's next check is due (GET …/protection/realityCheck) and sets one timer. When it
 * fires, the figures are read again and, if the check is due, `$realityCheck` holds them (the frame shows the
 * dialog). "Continue" acknowledges on the server, which makes the next check one interval later; "log out" ends the
 * session. The due time lives on the server (the session's start or the last "continue"), so a reload never
 * restarts the clock. Only with the `protection` capability (both modes) and for real accounts.
 */

/** The due reality check the dialog shows (money in minor units), or null. */
export const $realityCheck = atom<RealityCheckData | null>(null);

/** The longest wait setTimeout keeps (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sets the one timer for `check` (none when reality checks are off). */
function schedule(check: RealityCheckData): void {
  clearTimeout(timer);
  const wait = realityCheckWait(check);
  if (wait === null) return;
  timer = setTimeout(() => void showIfDue(), Math.min(wait, MAX_TIMER_MS));
}

/** Reads the check again (fresh time played and net result) and shows it when due, else waits again. */
async function showIfDue(): Promise<void> {
  let check: RealityCheckData;
  try {
    check = await getRealityCheck();
  } catch {
    return; // no session any more, or the server is unreachable: nothing to show
  }
  if (check.dueAt !== null && check.dueAt <= check.now) $realityCheck.set(check);
  else schedule(check);
}

/** Starts watching the session's reality check on this page (a no-op without a real session or the capability). */
export async function watchRealityCheck(): Promise<void> {
  const session = $session.get();
  if (!session || !isRealAccount(sessionMemberType(session)) || !hasCapability(CAPABILITIES.protection)) return;
  let check: RealityCheckData;
  try {
    check = await getRealityCheck();
  } catch {
    return;
  }
  if (check.dueAt !== null && check.dueAt <= check.now) $realityCheck.set(check);
  else schedule(check);
}

/** "Continue": acknowledged on the server; the dialog closes and the next check is one interval later. */
export async function continueAfterRealityCheck(): Promise<void> {
  try {
    schedule(await continueRealityCheck());
    $realityCheck.set(null);
  } catch {
    // Not due any more (answered in another tab) or off: close and ask the server again.
    $realityCheck.set(null);
    void watchRealityCheck();
  }
}

/** "Log out": the dialog closes (a modal left open would abort the page transition) and the session ends (home). */
export async function logoutAfterRealityCheck(): Promise<void> {
  clearTimeout(timer);
  $realityCheck.set(null);
  await logout();
}

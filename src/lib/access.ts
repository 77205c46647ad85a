/**
 * Who may open which page (player-shell §6 Roles and permissions; accounts §6, §8): a pure decision per page
 * requirement and member type. The AccessGate island carries the decision out.
 */
import { isRealAccount } from './account';

/**
 * What a page needs:
 * - session: a visitor is sent to /m/login (inbox, announcements, feedback, reward centre, member pages);
 * - real: as session, and guest/trial accounts (type not 0, 1, 2) are refused with free_reject
 *   (member centre, deposit, withdraw, inbox);
 * - sessionElseHome: without a session the page goes to /m/home (change password).
 */
export type Requirement = 'session' | 'real' | 'sessionElseHome';

/** The outcome: show the page, go to login or home, or refuse with free_reject. */
export type AccessDecision = 'allow' | 'login' | 'home' | 'free_reject';

/** Decides access; `memberType` is null when there is no session. */
export function accessFor(requirement: Requirement, memberType: number | null): AccessDecision {
  if (memberType === null) return requirement === 'sessionElseHome' ? 'home' : 'login';
  if (requirement === 'real' && !isRealAccount(memberType)) return 'free_reject';
  return 'allow';
}

/** Where a decision sends the player, or null when the page stays. */
export function redirectFor(decision: AccessDecision): '/m/login' | '/m/home' | null {
  if (decision === 'login') return '/m/login';
  if (decision === 'home') return '/m/home';
  return null;
}

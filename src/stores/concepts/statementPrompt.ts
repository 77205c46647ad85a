import { atom, onMount } from 'nanostores';
import { getStatementPrompt } from '../../api/protection-tools';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { isRealAccount } from '../../lib/account';
import { $session, sessionMemberType } from './session';

/**
 * Whether the member centre asks the player to review their activity statement (docs/player-protection.md
 * "Statements"): true until a statement was viewed in this calendar month. Read once when a view first listens,
 * for real accounts in built-in mode; false otherwise or when the call fails.
 */
export const $statementReviewDue = atom(false);

onMount($statementReviewDue, () => {
  const session = $session.get();
  if (!session || !isRealAccount(sessionMemberType(session)) || !hasCapability(CAPABILITIES.payments)) return;
  getStatementPrompt().then((v) => $statementReviewDue.set(v.reviewDue), () => $statementReviewDue.set(false));
});

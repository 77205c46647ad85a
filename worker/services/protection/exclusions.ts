/**
 * Taking a break, self-excluding, reopening after a self-exclusion, and paying out a blocked player's balance (RTS
 * 14; docs/player-protection.md "Time-out and self-exclusion"). Built-in mode: the member is PlayDeck's (members.id).
 * The player's page, the operator command and the back office all come here; whether a member is blocked is
 * services/protection/exclusion.ts. Time is the request's clock (epoch ms); money is integer minor units.
 */
import { ApiError } from '../../lib/envelope';
import {
  exclusionAddable, exclusionBlock, exclusionEnd, isExclusionDuration, type ExclusionKind,
} from '../../../rules/exclusion';
import { endMemberSessionsStatements, insertExclusionStatement, listExclusions, requestReopen } from '../../db/queries/protection-exclusions';
import type { ProtectedMember } from '../../db/queries/protection';
import { findMemberByUsername, type MemberRecord } from '../../db/queries/members';
import { getBonusState } from '../../db/queries/ledger';
import { findWithdrawSettings, findWithdrawalByKey, type WithdrawalRecord } from '../../db/queries/withdrawals';
import { verifyPassword } from '../crypto/password';
import { consumeRateLimit, type RateLimit } from '../accounts/rate-limit';
import { checkPaymentPassword } from '../wallet/payment-password';
import { requestWithdrawal } from '../wallet/withdrawals';
import { exclusionState, type ExclusionState } from './exclusion';

/** A break or self-exclusion to start: its kind and duration (rules/exclusion.ts), and who set it. */
export interface ExclusionRequest {
  kind: ExclusionKind;
  /** A key of BREAK_DURATIONS or SELF_EXCLUSION_MONTHS (rules/exclusion.ts). */
  duration: string;
  setBy: 'player' | 'operator';
  /** The operator who set it on the player's request (`cli:<user>` or a console operator's username). */
  operator?: string;
  /** Why (the operator's note, e.g. "player asked by e-mail"). */
  reason?: string;
}

/** A break or self-exclusion that started: from `startedAt`, until `until` (null: permanent). */
export interface StartedExclusion {
  kind: ExclusionKind;
  startedAt: number;
  until: number | null;
}

/**
 * Starts a break or self-exclusion at `now` and ends every session of the member (sessions, remember-me tokens,
 * social log-in codes, chat tickets) in ONE batch with the new row and `alongside` (e.g. the operator's audit row):
 * the block is in force at once and nothing is half-written. Nothing shortens a block: a new one must end later
 * than the one in force (rules/exclusion.ts exclusionAddable), else 409 `exclusion_not_longer` with the block in
 * force `{ kind, until }` as value; an unknown duration → 400 `request_param_err`. The player cannot undo it: no
 * call removes or shortens a row.
 */
export async function startExclusion(
  db: D1Database, who: ProtectedMember, request: ExclusionRequest, now: number, alongside: D1PreparedStatement[] = [],
): Promise<StartedExclusion> {
  if (!isExclusionDuration(request.kind, request.duration)) {
    throw new ApiError(400, 'request_param_err', `Unknown ${request.kind} duration ${request.duration}`);
  }
  const until = exclusionEnd(request.kind, request.duration, now);
  const block = exclusionBlock(await listExclusions(db, who), now);
  if (exclusionAddable(block, until) !== 'ok') {
    throw new ApiError(409, 'exclusion_not_longer', 'A break or self-exclusion that ends later is already in force', { kind: block?.kind, until: block?.until ?? null });
  }
  await db.batch([
    insertExclusionStatement(db, who, {
      kind: request.kind, startedAt: now, endsAt: until, setBy: request.setBy, operator: request.operator ?? null, reason: request.reason ?? '',
    }),
    ...endMemberSessionsStatements(db, who.memberId, now),
    ...alongside,
  ]);
  return { kind: request.kind, startedAt: now, until };
}

/** Reopening requests and payouts without a session, per client address: 10 per hour (each proves the password). */
export const EXCLUDED_ACCOUNT_PER_IP: RateLimit = { name: 'excluded:ip', max: 10, windowMs: 60 * 60 * 1000 };

/** The player's proof of their account without a session: the site, the username and the log-in password. */
export interface AccountProof {
  merchantCode: string;
  username: string;
  password: string;
  clientIp: string;
}

/**
 * The member the proof names, after the password check: 429 `TOO_MANY_REQUEST` past EXCLUDED_ACCOUNT_PER_IP;
 * 401 `login.cred.err` for an unknown user or a wrong password (the same answer and cost as a log-in).
 */
async function provenMember(db: D1Database, proof: AccountProof, now: number): Promise<MemberRecord> {
  await consumeRateLimit(db, EXCLUDED_ACCOUNT_PER_IP, proof.clientIp, now);
  const member = await findMemberByUsername(db, proof.merchantCode, proof.username.trim().toLowerCase());
  const passwordOk = await verifyPassword(proof.password, member?.passwordHash ?? null);
  if (!member || !passwordOk || !member.active) throw new ApiError(401, 'login.cred.err', 'Wrong username or password', { captcha: false });
  return member;
}

/**
 * The player asks to reopen their account after a self-exclusion ended (from the log-in refusal, proving the
 * password): every ended self-exclusion not yet reopened is marked asked at `now`, and the account opens 24 hours
 * later (REOPEN_WAIT_MS). Answers the block that remains (`until`: when the account opens; null while another
 * exclusion keeps it closed without end). 409 `reopen_not_available` (value: the block, or null) unless the
 * account is closed by a self-exclusion that ended and waits for this request; 401, 429 as provenMember.
 */
export async function reopenAfterSelfExclusion(db: D1Database, proof: AccountProof, now: number): Promise<ExclusionState | null> {
  const member = await provenMember(db, proof, now);
  const who = { merchantCode: member.merchantCode, memberId: member.id };
  const before = await exclusionState(db, who, now);
  if (!before?.reopenable) throw new ApiError(409, 'reopen_not_available', 'There is no ended self-exclusion to reopen', before);
  await requestReopen(db, who, now);
  return exclusionState(db, who, now);
}

/** Where a blocked player's balance is paid (the payout's bank details and the payment password). */
export interface ExcludedPayout {
  payeeName: string;
  bankName: string;
  accountNumber: string;
  paymentPassword: string;
  idempotencyKey: string;
}

/**
 * Pays out the balance of a player on a break or self-excluded (they cannot log in, RTS 14 keeps withdrawals
 * possible): after the log-in password (provenMember) and the payment password (403 `payment_password_wrong`, 400
 * `payment_password_not_set`), the whole cash balance — at most the site's maximum per withdrawal — becomes a
 * withdrawal request like any other (services/wallet/withdrawals.ts requestWithdrawal: held at once, then approved by
 * an operator); a bonus not yet wagered is forfeited, as the refusal screen says. 409 `player_not_excluded` when no
 * block is in force (the player logs in and withdraws as usual); 409 `insufficient_balance` with no cash; 409
 * `withdraw_unavailable`, 400 `amount_out_of_range` as requestWithdrawal. A retry with the same key answers the same
 * request.
 */
export async function payoutWhileExcluded(
  db: D1Database, proof: AccountProof & { currency: string }, payout: ExcludedPayout, now: number,
): Promise<{ withdrawal: WithdrawalRecord; balanceMinor: number }> {
  const member = await provenMember(db, proof, now);
  const who = { merchantCode: member.merchantCode, memberId: member.id };
  if (!(await exclusionState(db, who, now))) throw new ApiError(409, 'player_not_excluded', 'Log in to withdraw');
  await checkPaymentPassword(db, member.id, payout.paymentPassword);
  const earlier = await findWithdrawalByKey(db, member.id, payout.idempotencyKey);
  if (earlier) return { withdrawal: earlier, balanceMinor: (await getBonusState(db, member.id)).cashMinor };
  const { cashMinor } = await getBonusState(db, member.id);
  if (cashMinor <= 0) throw new ApiError(409, 'insufficient_balance', 'There is no balance to pay out');
  const settings = await findWithdrawSettings(db, member.merchantCode);
  const amountMinor = settings ? Math.min(cashMinor, settings.maxMinor) : cashMinor;
  return requestWithdrawal(db, {
    merchantCode: member.merchantCode, currency: proof.currency, memberId: member.id, amountMinor,
    payeeName: payout.payeeName, bankName: payout.bankName, accountNumber: payout.accountNumber,
    idempotencyKey: payout.idempotencyKey, forfeitBonus: true,
  });
}

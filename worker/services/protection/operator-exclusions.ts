/**
 * What operators do with a player's protection (docs/player-protection.md "Time-out and self-exclusion", operators):
 * see the limits, breaks and self-exclusions with their history, and set a break or self-exclusion on the player's
 * request — never shortening one. The operator command (scripts/protection-commands.ts) uses it now; the back office
 * reuses the same functions. Site scope: a player is looked up on the operator's site only. Time is UTC epoch ms.
 */
import { ApiError } from '../../lib/envelope';
import { exclusionEnd, isExclusionDuration, type ExclusionKind } from '../../../rules/exclusion';
import { findMemberByUsername } from '../../db/queries/members';
import { getBonusState } from '../../db/queries/ledger';
import { limitHistory, listLimits, type LimitHistoryEntry, type StoredLimit } from '../../db/queries/protection';
import { countLiveSessions, listExclusions, type StoredExclusion } from '../../db/queries/protection-exclusions';
import { recordAudit } from '../operators/audit';
import { exclusionState, type ExclusionState } from './exclusion';
import { startExclusion, type StartedExclusion } from './exclusions';

/** A player's protection as an operator sees it. */
export interface ProtectionOverview {
  memberId: number;
  username: string;
  limits: StoredLimit[];
  /** Every limit change, newest first. */
  limitHistory: LimitHistoryEntry[];
  /** Every break and self-exclusion, oldest first (never shortened or deleted). */
  exclusions: StoredExclusion[];
  /** The block in force at `now`, or null. */
  block: ExclusionState | null;
  /** Cash balance in minor units (what a blocked player may still have paid out). */
  cashMinor: number;
  liveSessions: number;
}

/** The member of `username` on site `merchantCode`: 404 `not.exists.user` when the site has none. */
async function memberOnSite(db: D1Database, merchantCode: string, username: string): Promise<{ merchantCode: string; memberId: number; username: string }> {
  const member = await findMemberByUsername(db, merchantCode, username.trim().toLowerCase());
  if (!member) throw new ApiError(404, 'not.exists.user', 'This site has no such player');
  return { merchantCode, memberId: member.id, username: member.account };
}

/** A player's limits, breaks and self-exclusions with their history (404 `not.exists.user`). */
export async function protectionOverview(db: D1Database, merchantCode: string, username: string, now: number): Promise<ProtectionOverview> {
  const who = await memberOnSite(db, merchantCode, username);
  const [limits, history, exclusions, block, bonus, liveSessions] = await Promise.all([
    listLimits(db, who), limitHistory(db, who), listExclusions(db, who), exclusionState(db, who, now),
    getBonusState(db, who.memberId), countLiveSessions(db, who.memberId),
  ]);
  return { memberId: who.memberId, username: who.username, limits, limitHistory: history, exclusions, block, cashMinor: bonus.cashMinor, liveSessions };
}

/** An operator's break or self-exclusion on the player's request. */
export interface OperatorExclusion {
  merchantCode: string;
  username: string;
  kind: ExclusionKind;
  duration: string;
  /** Why (required: e.g. "player asked by e-mail"). */
  reason: string;
  /** `cli:<user>` for the operator command, else the console operator's username. */
  operator: string;
  /** console_operators.id, null for the operator command. */
  operatorId: number | null;
  /** The client address (empty for the command line). */
  address?: string;
}

/**
 * Sets a break or self-exclusion on the player's request (startExclusion: in force at once, every session ended)
 * with its audit row (`protection.exclude`, before: the block in force, after: the new one, the reason) in the same
 * batch. 409 `exclusion_not_longer` when it would not end later than the block in force (nothing shortens one);
 * 400 `request_param_err` for an unknown duration or an empty reason; 404 `not.exists.user`.
 */
export async function operatorExclude(db: D1Database, request: OperatorExclusion, now: number): Promise<StartedExclusion> {
  if (request.reason.trim() === '') throw new ApiError(400, 'request_param_err', 'Say why (the player\'s request)');
  const who = await memberOnSite(db, request.merchantCode, request.username);
  const before = await exclusionState(db, who, now);
  if (!isExclusionDuration(request.kind, request.duration)) {
    throw new ApiError(400, 'request_param_err', `Unknown ${request.kind} duration ${request.duration}`);
  }
  const audit = recordAudit(db, {
    merchantCode: request.merchantCode, operatorId: request.operatorId, operator: request.operator, action: 'protection.exclude',
    target: `member:${who.username}`, before,
    after: { kind: request.kind, duration: request.duration, until: exclusionEnd(request.kind, request.duration, now) },
    reason: request.reason, address: request.address, at: now,
  });
  return startExclusion(db, who, {
    kind: request.kind, duration: request.duration, setBy: 'operator', operator: request.operator, reason: request.reason.trim(),
  }, now, [audit]);
}

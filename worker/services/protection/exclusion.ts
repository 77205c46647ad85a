/**
 * Whether a member is on a break or self-excluded, and the refusal they get (RTS 14; docs/player-protection.md
 * "Time-out and self-exclusion"). Used in both modes: built-in mode keys by members.id, upstream mode by the
 * platform's member id (the same tables). 403 with `player_on_break` or `player_self_excluded` and the value
 * `{ kind, until, reopenable }` (until: epoch ms, null = permanent or until the player asks to reopen).
 */
import { ApiError } from '../../lib/envelope';
import { exclusionBlock, type ExclusionKind } from '../../../rules/exclusion';
import { listExclusions } from '../../db/queries/protection-exclusions';
import type { ProtectedMember } from '../../db/queries/protection';

/** A block in force: its kind and when it ends (null: no date — permanent, or until the player asks to reopen). */
export interface ExclusionState {
  kind: ExclusionKind;
  until: number | null;
  /** A self-exclusion has ended and waits for the player's request to reopen. */
  reopenable: boolean;
}

/** The member's block at `now`, or null when they may play. */
export async function exclusionState(db: D1Database, who: ProtectedMember, now: number): Promise<ExclusionState | null> {
  return exclusionBlock(await listExclusions(db, who), now);
}

/**
 * The member's block as the money guard sees it (worker/db/queries/protection-exclusions.ts exclusionInForceSql):
 * like exclusionState, but a row stored after the movement's clock was read counts as started, so the refusal of a
 * movement the guard aborted names the exclusion that aborted it.
 */
export async function movementExclusionState(db: D1Database, who: ProtectedMember, now: number): Promise<ExclusionState | null> {
  const rows = await listExclusions(db, who);
  return exclusionBlock(rows.map((row) => ({ ...row, startedAt: Math.min(row.startedAt, now) })), now);
}

/** The error codes of a blocked member (contract/errors.ts). */
export const EXCLUSION_ERROR_CODES = { break: 'player_on_break', self_exclusion: 'player_self_excluded' } as const;

/** The refusal of a blocked member's log-in, deposit, bet or launch: 403 with the state as value. */
export function exclusionRefusal(state: ExclusionState): ApiError {
  const until = state.until === null ? null : new Date(state.until).toISOString();
  const message = state.kind === 'break'
    ? `You are taking a break until ${until}`
    : until ? `Your account is closed by self-exclusion until ${until}` : 'Your account is closed by self-exclusion';
  return new ApiError(403, EXCLUSION_ERROR_CODES[state.kind], message, state);
}

/** Throws the refusal when the member is blocked at `now`. */
export async function assertNotExcluded(db: D1Database, who: ProtectedMember, now: number): Promise<void> {
  const state = await exclusionState(db, who, now);
  if (state) throw exclusionRefusal(state);
}

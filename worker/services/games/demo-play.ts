/**
 * Playing a provably fair demo round (table, crash, shooter) on the member's wallet: the member's committed seed,
 * the player's client seed and the nonce fix the outcome (rules/fair.ts); the stake, the win, the round and the
 * next seed's commitment are written in one D1 batch, so money and round exist together or not at all. The money
 * goes through the wallet as the built-in games' provider `playdeck` (built-in-rounds.ts; docs/game-providers.md
 * "The built-in games as a provider").
 */
import { ApiError } from '../../lib/envelope';
import { fairStream, commitmentOf, newServerSeed } from '../../../rules/fair';
import { parseChoice, playRound, type FairKind, type RoundConfig } from '../../../rules/demoGames';
import {
  fairRoundStatements, findFairRoundByKey, findSeed, insertSeedIfMissing, type CommittedSeed, type FairRound,
} from '../../db/queries/demo-fair';
import { getBalance } from '../ledger/ledger';
import { settleBuiltInRound } from './built-in-rounds';

/** A fresh seed with its commitment, to be used after `nonce` rounds. */
export function freshSeed(nonce: number): CommittedSeed {
  const serverSeed = newServerSeed();
  return { serverSeed, commitment: commitmentOf(serverSeed), nonce };
}

/** The member's committed seed, committing a first one when they have none. */
export async function currentSeed(db: D1Database, memberId: number, now = Date.now()): Promise<CommittedSeed> {
  const found = await findSeed(db, memberId);
  if (found) return found;
  await insertSeedIfMissing(db, memberId, freshSeed(0), now);
  const seed = await findSeed(db, memberId);
  if (!seed) throw new Error('demo seed missing after insert');
  return seed;
}

/** What a round request carries once validated (money minor units). */
export interface FairRoundRequest {
  memberId: number;
  /**
   * The site: its player's limits are keyed by it (docs/player-protection.md), its bonus rules weigh the stake's
   * wagering and its jackpot share funds its pool (docs/honest-money.md).
   */
  merchantCode: string;
  nodeId: number;
  kind: FairKind;
  stakeMinor: number;
  choice: string;
  clientSeed: string;
  idempotencyKey: string;
  freePlay: boolean;
  /** The title's own terms (rules/demoGames.ts roundConfigOf: tie pay, crash or shooter return); absent: the defaults. */
  config?: RoundConfig;
}

/** A played (or replayed) round with the wallet balance after it. */
export interface FairRoundResult {
  round: FairRound;
  balanceMinor: number;
  replayed: boolean;
}

/** 409 `idempotency_conflict` when a key is reused for a different round. */
export function assertSameRound(round: FairRound, request: FairRoundRequest): void {
  if (round.nodeId !== request.nodeId || round.stakeMinor !== request.stakeMinor || round.kind !== request.kind
    || round.freePlay !== request.freePlay) {
    throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different round');
  }
}

function isSeedRace(error: unknown): boolean {
  const message = String(error instanceof Error ? error.message : error);
  return message.includes('UNIQUE') && message.includes('demo_rounds.commitment');
}

/**
 * Plays one round: 400 `invalid_choice` when the choice is not one the kind takes; money through the ledger
 * (kind 'bet' for the stake, cash first then bonus, counting towards wagering by the kind's share, with the site's
 * jackpot share; 'win' for a win, split as the stake was; none in free play; docs/honest-money.md); 409 `insufficient_balance` when the stake is
 * more than the balance; 409 `loss_limit_exceeded` | `wager_limit_exceeded` when the stake would pass a limit the
 * player set (the guard runs in the same batch; docs/player-protection.md). Real-money rounds are settled by the
 * built-in provider (settleBuiltInRound: a debit and a credit transaction of provider `playdeck` with the round's
 * id; docs/game-providers.md "The built-in games as a provider"); free play writes none. When two rounds race for
 * the same seed, the loser plays again on the next seed (up to five tries, then 409 `round_in_progress`). A key
 * already used returns its round (`replayed`).
 */
export async function playFairRound(db: D1Database, request: FairRoundRequest): Promise<FairRoundResult> {
  const choice = parseChoice(request.kind, request.choice);
  if (choice === null) throw new ApiError(400, 'invalid_choice', 'This choice is not one the game takes');
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const seed = await currentSeed(db, request.memberId, now);
    const played = playRound(request.kind, fairStream(seed.serverSeed, request.clientSeed, seed.nonce), request.stakeMinor, choice, request.config);
    const round: Omit<FairRound, 'id'> = {
      memberId: request.memberId, nodeId: request.nodeId, kind: request.kind, stakeMinor: request.stakeMinor,
      winMinor: played.winMinor, outcome: played.outcome, freePlay: request.freePlay, idempotencyKey: request.idempotencyKey,
      fair: { serverSeed: seed.serverSeed, commitment: seed.commitment, clientSeed: request.clientSeed, nonce: seed.nonce },
      createdAt: now,
    };
    const statements = fairRoundStatements(db, round, freshSeed(seed.nonce + 1));
    try {
      let balanceMinor: number;
      let replayed = false;
      if (request.freePlay) {
        await db.batch(statements);
        balanceMinor = await getBalance(db, request.memberId);
      } else {
        // The built-in games' provider settles the round through the wallet (built-in-rounds.ts).
        const posted = await settleBuiltInRound(db, {
          merchantCode: request.merchantCode, memberId: request.memberId, nodeId: request.nodeId, kind: request.kind,
          stakeMinor: request.stakeMinor, winMinor: played.winMinor, idempotencyKey: request.idempotencyKey,
          reference: `demo_${request.kind}:${request.nodeId}:${request.idempotencyKey}`,
          stakeKey: `demo:${request.idempotencyKey}:bet`, winKey: `demo:${request.idempotencyKey}:win`,
          roundStatements: statements, now,
        });
        balanceMinor = posted.balanceMinor;
        replayed = posted.replayed;
      }
      const stored = await findFairRoundByKey(db, request.memberId, request.idempotencyKey);
      if (!stored) throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different round');
      if (replayed) assertSameRound(stored, request);
      return { round: stored, balanceMinor, replayed };
    } catch (error) {
      const message = String(error instanceof Error ? error.message : error);
      // Free play has no ledger to notice a concurrent same-key round: the round's own key index does.
      if (message.includes('UNIQUE') && message.includes('demo_rounds.member_id')) {
        const stored = await findFairRoundByKey(db, request.memberId, request.idempotencyKey);
        if (!stored) throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different round');
        assertSameRound(stored, request);
        return { round: stored, balanceMinor: await getBalance(db, request.memberId), replayed: true };
      }
      if (!isSeedRace(error)) throw error;
      if (attempt >= 4) throw new ApiError(409, 'round_in_progress', 'Another round of this member is being played; try again');
    }
  }
}

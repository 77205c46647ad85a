/**
 * The built-in demo games as one game provider, `playdeck`, that uses the seamless wallet's money operations in
 * process (services/games/providers/wallet-money.ts; docs/game-providers.md "The built-in games as a provider"):
 * every real-money round of the slot and of the provably fair games (table, crash, shooter) is settled by
 * `settleRound`, so there is one path for money in games. Free play moves no money and writes no transaction.
 */
import type { LedgerResult } from '../ledger/ledger';
import { loadBonusRules } from '../wallet/bonus-rules';
import type { GameKind } from '../wallet/bonus-rules';
import { jackpotStatements } from './jackpot';
import { settleRound } from './providers/wallet-money';
import { BUILT_IN_PROVIDER_CODE } from '../../db/queries/provider-wallet';

/**
 * The provider code of the built-in games in provider_transactions. It needs no game_providers row: nothing calls
 * its wallet over HTTP, it has no secret and no launch endpoint, and it cannot be switched off per site (the
 * vendors' launch adapter 'demo' decides which games it plays). The code is reserved (the signed wallet answers
 * 404 UNKNOWN_PROVIDER for it; the operator command refuses it).
 */
export const BUILT_IN_PROVIDER = BUILT_IN_PROVIDER_CODE;

/** One real-money round of a built-in game, as its player API validated and played it (money minor units). */
export interface BuiltInRound {
  /** The site: its bonus rules weigh the stake's wagering, its jackpot share funds its pool, its limits guard the stake. */
  merchantCode: string;
  memberId: number;
  /** The catalogue game (its node id, the transactions' game code). */
  nodeId: number;
  /** The game kind: how the stake counts towards wagering (docs/honest-money.md). */
  kind: GameKind;
  stakeMinor: number;
  winMinor: number;
  /** The round request's idempotency key (the demo_rounds row's key). */
  idempotencyKey: string;
  /** The ledger reference of the round and the ledger keys of its stake and win (as the game wrote them before). */
  reference: string;
  stakeKey: string;
  winKey: string;
  /** The round's row and, for a fair round, its next seed. */
  roundStatements: D1PreparedStatement[];
  now: number;
}

/**
 * Settles a built-in round through the wallet in ONE batch (settleRound): the stake (kind 'bet', cash first, then
 * bonus, wagering by the kind's share), the round row and seed, the debit transaction `<memberId>:<key>:debit` of
 * provider `playdeck` with the round's id, the win (kind 'win', split as the stake was), the credit transaction
 * `<memberId>:<key>:credit` (amount 0 for a lost round), the site's jackpot share and the limit guard. Answers the
 * playable balance after it, or `replayed: true` (nothing written) when the key's stake was posted before. Errors:
 * 409 `insufficient_balance`; 409 `loss_limit_exceeded` | `wager_limit_exceeded`; 403 `player_on_break` |
 * `player_self_excluded` (docs/player-protection.md); a UNIQUE error of demo_rounds passes through (the caller's
 * same-key or seed race).
 */
export async function settleBuiltInRound(db: D1Database, round: BuiltInRound): Promise<LedgerResult> {
  const rules = await loadBonusRules(db, round.merchantCode);
  const jackpot = jackpotStatements(db, rules, { merchantCode: round.merchantCode, memberId: round.memberId, betKey: round.stakeKey, stakeMinor: round.stakeMinor }, round.now);
  const transaction = `${round.memberId}:${round.idempotencyKey}`;
  return settleRound(db, { merchantCode: round.merchantCode, providerCode: BUILT_IN_PROVIDER }, rules, {
    memberId: round.memberId, roundKey: round.idempotencyKey, gameCode: String(round.nodeId), gameKind: round.kind,
    stakeMinor: round.stakeMinor, winMinor: round.winMinor, reference: round.reference, stakeKey: round.stakeKey, winKey: round.winKey,
    debitId: `${transaction}:debit`, creditId: `${transaction}:credit`, roundStatements: round.roundStatements, alongside: jackpot,
  }, round.now);
}

import type { z } from 'zod';
import { catalogueCalls } from '../../contract/calls/catalogue';
import type { ValueOf } from '../../contract/call';
import { minorToWire } from '../../contract/money';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { CallRouter } from './call-router';
import { findOfferedGame, type CatalogueGame } from '../db/queries/games';
import { findRoundByKey, insertRoundStatement, type DemoRound } from '../db/queries/demo';
import { getBalance } from '../services/ledger/ledger';
import { settleBuiltInRound } from '../services/games/built-in-rounds';
import { checkLaunch } from '../services/games/launch';
import { SLOT_STAKES, isSlotStake, secureRandomInt, spin } from '../services/games/slot';
import { slotConfigOf } from '../../rules/slotConfig';
import { REAL_MEMBER_TYPES, requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';

/** The demo-platform game behind a node id: offered by this site and hosted by the 'demo' adapter. */
async function demoGame(db: D1Database, merchantCode: string, nodeId: number): Promise<CatalogueGame> {
  const found = await findOfferedGame(db, merchantCode, nodeId);
  if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
  if (found.launchAdapter !== 'demo') throw new ApiError(400, 'not_demo_game', 'This game is not hosted by the demo platform');
  return found;
}

/** A round as the wire carries it: money in currency units (encoded by the answer's schema). */
function spinValue(round: DemoRound, balanceMinor: number): z.input<typeof catalogueCalls.demoSlotSpin.value> {
  return encodeValue(catalogueCalls.demoSlotSpin, {
    roundId: round.id, reels: round.reels, stake: round.stakeMinor, winAmount: round.winMinor, balance: balanceMinor, freePlay: round.freePlay,
  });
}

/** 409 `idempotency_conflict` when a key is reused for a different spin (game, stake or mode). */
function assertSameSpin(round: DemoRound, nodeId: number, stakeMinor: number, freePlay: boolean): void {
  if (round.nodeId !== nodeId || round.stakeMinor !== stakeMinor || round.freePlay !== freePlay) {
    throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different spin');
  }
}

/**
 * Router for /wps/playdeck/demo (PlayDeck extension, capability `demo-games`; contract/calls/demo.ts): the
 * built-in demo platform's slot, which plays every slot title of a vendor whose launch adapter is 'demo' with that
 * title's own reels, symbols and paytable (rules/slotConfig.ts) against the member's real wallet. Money is decimal currency units on the wire, minor units inside.
 */
export const demoRouter = new CallRouter('/wps/playdeck/demo')
  /**
   * GET /slot/game?nodeId → `{ nodeId, gameName, displayName, stakes (currency units), freePlay (supportPlay 0),
   * reelCount (3 or 5), theme, symbols, paytable, rtpPercent }`: the title's own configuration (rules/slotConfig.ts,
   * from its game id; docs/games.md "Demo titles and their configurations"). No session needed. 404 `game_not_found`; 400 `not_demo_game`; 400 `request_param_err`.
   */
  .serve(catalogueCalls.demoSlotGame, async (c) => {
    const { nodeId } = c.req.valid('query');
    const { game } = await demoGame(c.env.DB, c.var.merchant.code, nodeId);
    const config = slotConfigOf(game.gameId, game.gameName);
    const value: ValueOf<typeof catalogueCalls.demoSlotGame> = {
      nodeId,
      gameName: game.gameName,
      displayName: game.displayName,
      stakes: [...SLOT_STAKES],
      freePlay: game.supportPlay === 0,
      reelCount: config.reels,
      theme: config.theme,
      symbols: config.symbols,
      paytable: config.paytable,
      rtpPercent: config.rtpPercent,
    };
    return ok(c, encodeValue(catalogueCalls.demoSlotGame, value));
  })
  /**
   * POST /slot/spin `{ nodeId, stake (currency units), idempotencyKey, freePlay? }` → `{ roundId, reels, stake,
   * winAmount, balance, freePlay }` (currency units). Needs a session (401 `customer.not.login`). Free play, as the
   * other demo games (api/demo-games.ts): a real member may spin without money on a game that supports it
   * (supportPlay 0; else 400 `free_play_unavailable`): the round is stored, no ledger entry is made and the balance
   * stays; guests and trial members spin with their trial wallet as before. Otherwise the stake
   * is debited (ledger kind 'bet': cash first, then bonus money, counting towards the bonus's wagering; the site's
   * jackpot share funds its pool, docs/honest-money.md) and any win credited (kind 'win', to cash and bonus as the
   * stake was) in one ledger batch with the round row, so money and round exist together or not at all; the money
   * goes through the wallet as the built-in games' provider `playdeck` (a debit and a credit transaction with the
   * round's id; docs/game-providers.md "The built-in games as a provider"). A retry with the same key returns the same round with the
   * current balance and moves no money. Errors: 400 `invalid_stake` (not one of the stakes), `not_demo_game`,
   * `request_param_err`; 403 `free_reject` (guest/trial on a game without free play); 404 `game_not_found`;
   * 409 `insufficient_balance`, `vendor_maintenance`, `idempotency_conflict` (key reused for another spin),
   * `loss_limit_exceeded` | `wager_limit_exceeded` (the stake would pass a limit the player set; nothing moves).
   */
  .serve(catalogueCalls.demoSlotSpin, memberOnly, async (c) => {
    const member = requireMember(c);
    const { nodeId, stake: stakeMinor, idempotencyKey, freePlay: freePlayAsked } = c.req.valid('json');
    const db = c.env.DB;
    // The message's text names the stakes in currency units (for logs; not a money field).
    if (!isSlotStake(stakeMinor)) throw new ApiError(400, 'invalid_stake', `The stake must be one of ${SLOT_STAKES.map((m) => minorToWire(m)).join(', ')}`);
    const realMember = REAL_MEMBER_TYPES.includes(member.type);
    const freePlay = realMember && freePlayAsked === true;

    const earlier = await findRoundByKey(db, member.memberId, idempotencyKey);
    if (earlier) {
      assertSameSpin(earlier, nodeId, stakeMinor, freePlay);
      return ok(c, spinValue(earlier, await getBalance(db, member.memberId)));
    }

    const found = await demoGame(db, c.var.merchant.code, nodeId);
    checkLaunch(realMember, { ...found.game, launchAdapter: found.launchAdapter, vendorMaintenance: found.vendorMaintenance }, freePlayAsked === true);

    const outcome = spin(secureRandomInt, stakeMinor, slotConfigOf(found.game.gameId, found.game.gameName));
    const now = Date.now();
    const round = {
      memberId: member.memberId, nodeId, stakeMinor, winMinor: outcome.winMinor, reels: outcome.reels, idempotencyKey, freePlay, createdAt: now,
    };
    if (freePlay) {
      // No money moves: the round alone is written; a concurrent retry with the same key meets the round's key index.
      await insertRoundStatement(db, round).run().catch(async (error: unknown) => {
        if (!String(error instanceof Error ? error.message : error).includes('UNIQUE')) throw error;
      });
      const stored = await findRoundByKey(db, member.memberId, idempotencyKey);
      if (!stored) throw new Error('free-play demo round missing after its insert');
      assertSameSpin(stored, nodeId, stakeMinor, freePlay);
      return ok(c, spinValue(stored, await getBalance(db, member.memberId)));
    }
    // The built-in games' provider settles the spin through the wallet, with the round row in the same batch.
    const posted = await settleBuiltInRound(db, {
      merchantCode: c.var.merchant.code, memberId: member.memberId, nodeId, kind: 'slot', stakeMinor, winMinor: outcome.winMinor,
      idempotencyKey, reference: `demo_slot:${nodeId}:${idempotencyKey}`, stakeKey: `slot:${idempotencyKey}:bet`, winKey: `slot:${idempotencyKey}:win`,
      roundStatements: [insertRoundStatement(db, round)], now,
    });

    // A concurrent retry may have won the race: answer with whichever round the database holds for the key.
    const stored = await findRoundByKey(db, member.memberId, idempotencyKey);
    if (!stored) throw new Error('demo round missing after its ledger batch');
    if (posted.replayed) assertSameSpin(stored, nodeId, stakeMinor, freePlay);
    return ok(c, spinValue(stored, posted.balanceMinor));
  });

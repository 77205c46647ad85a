import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { DemoSlotGameValue, DemoSlotSpinValue } from '../../src/api/types';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findOfferedGame, type CatalogueGame } from '../db/queries/games';
import { findRoundByKey, insertRoundStatement, type DemoRound } from '../db/queries/demo';
import { postLedger, getBalance, type LedgerChange } from '../services/ledger';
import { slotGameQuery, slotSpinBody } from '../services/catalogue-params';
import { checkLaunch } from '../services/launch';
import { SLOT_PAYTABLE, SLOT_STAKES, SLOT_SYMBOLS, isSlotStake, secureRandomInt, spin } from '../services/slot';
import { REAL_MEMBER_TYPES, requireMember } from '../services/auth-context';
import { memberOnly } from '../services/member-only';

/** The demo-platform game behind a node id: offered by this site and hosted by the 'demo' adapter. */
async function demoGame(db: D1Database, merchantCode: string, nodeId: number): Promise<CatalogueGame> {
  const found = await findOfferedGame(db, merchantCode, nodeId);
  if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
  if (found.launchAdapter !== 'demo') throw new ApiError(400, 'not_demo_game', 'This game is not hosted by the demo platform');
  return found;
}

function spinValue(round: DemoRound, balanceMinor: number): DemoSlotSpinValue {
  return { roundId: round.id, reels: round.reels, stakeMinor: round.stakeMinor, winMinor: round.winMinor, balanceMinor };
}

/** 409 `idempotency_conflict` when a key is reused for a different spin. */
function assertSameSpin(round: DemoRound, nodeId: number, stakeMinor: number): void {
  if (round.nodeId !== nodeId || round.stakeMinor !== stakeMinor) {
    throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different spin');
  }
}

/**
 * Router for /wps/demo: the built-in demo platform's slot, which plays every game of a vendor whose launch
 * adapter is 'demo' against the member's real wallet (money in minor units).
 */
export const demoRouter = new Hono<AppEnv>()
  /**
   * GET /slot/game?nodeId → DemoSlotGameValue: the game's names, the stakes (minor units), the symbols and the
   * paytable. No session needed. 404 `game_not_found`; 400 `not_demo_game`; 400 `invalid_input`.
   */
  .get('/slot/game', valid('query', slotGameQuery), async (c) => {
    const { nodeId } = c.req.valid('query');
    const { game } = await demoGame(c.env.DB, c.var.merchant.code, nodeId);
    const value: DemoSlotGameValue = {
      nodeId,
      gameName: game.gameName,
      displayName: game.displayName,
      stakes: [...SLOT_STAKES],
      symbols: SLOT_SYMBOLS.map((s) => ({ ...s })),
      paytable: SLOT_PAYTABLE.map((p) => ({ ...p })),
    };
    return ok(c, value);
  })
  /**
   * POST /slot/spin `{ nodeId, stakeMinor, idempotencyKey }` → DemoSlotSpinValue. Needs a session (401). The stake
   * is debited (ledger kind 'bet') and any win credited (kind 'win') in one ledger batch with the round row, so
   * money and round exist together or not at all. A retry with the same key returns the same round with the
   * current balance and moves no money. Errors: 400 `invalid_stake` (not one of the stakes), `not_demo_game`,
   * `invalid_input`; 403 `free_reject` (guest/trial on a game without free play); 404 `game_not_found`;
   * 409 `insufficient_balance`, `vendor_maintenance`, `idempotency_conflict` (key reused for another spin).
   */
  .post('/slot/spin', memberOnly, valid('json', slotSpinBody), async (c) => {
    const member = requireMember(c);
    const { nodeId, stakeMinor, idempotencyKey } = c.req.valid('json');
    const db = c.env.DB;
    if (!isSlotStake(stakeMinor)) throw new ApiError(400, 'invalid_stake', `The stake must be one of ${SLOT_STAKES.join(', ')}`);

    const earlier = await findRoundByKey(db, member.memberId, idempotencyKey);
    if (earlier) {
      assertSameSpin(earlier, nodeId, stakeMinor);
      return ok(c, spinValue(earlier, await getBalance(db, member.memberId)));
    }

    const found = await demoGame(db, c.var.merchant.code, nodeId);
    checkLaunch(REAL_MEMBER_TYPES.includes(member.type), { ...found.game, launchAdapter: found.launchAdapter, vendorMaintenance: found.vendorMaintenance }, false);

    const outcome = spin(secureRandomInt, stakeMinor);
    const now = Date.now();
    const reference = `demo_slot:${nodeId}:${idempotencyKey}`;
    const changes: LedgerChange[] = [{ amountMinor: -stakeMinor, kind: 'bet', reference, idempotencyKey: `slot:${idempotencyKey}:bet` }];
    if (outcome.winMinor > 0) {
      changes.push({ amountMinor: outcome.winMinor, kind: 'win', reference, idempotencyKey: `slot:${idempotencyKey}:win` });
    }
    const round = {
      memberId: member.memberId, nodeId, stakeMinor, winMinor: outcome.winMinor, reels: outcome.reels, idempotencyKey, createdAt: now,
    };
    const posted = await postLedger(db, member.memberId, changes, [insertRoundStatement(db, round)], now);

    // A concurrent retry may have won the race: answer with whichever round the database holds for the key.
    const stored = await findRoundByKey(db, member.memberId, idempotencyKey);
    if (!stored) throw new Error('demo round missing after its ledger batch');
    if (posted.replayed) assertSameSpin(stored, nodeId, stakeMinor);
    return ok(c, spinValue(stored, posted.balanceMinor));
  });

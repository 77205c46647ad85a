import { CallRouter } from './call-router';
import { catalogueCalls } from '../../contract/calls/catalogue';
import type { ValueOf } from '../../contract/call';
import { minorToWire } from '../../contract/money';
import {
  CRASH_MAX_TARGET, CRASH_MIN_TARGET, DEMO_STAKES, crashRtpOf, demoKindOf, isFairKind, roundConfigOf, shooterRtpOf, shooterTargetsOf, tableConfigOf,
} from '../../rules/demoGames';
import { slotConfigOf } from '../../rules/slotConfig';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { findOfferedGame, type CatalogueGame } from '../db/queries/games';
import type { FairRound } from '../db/queries/demo-fair';
import { checkLaunch } from '../services/games/launch';
import { SLOT_STAKES } from '../services/games/slot';
import { REAL_MEMBER_TYPES, requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { currentSeed, playFairRound } from '../services/games/demo-play';

/** The demo-platform game behind a node id: offered by this site and hosted by the 'demo' adapter. */
async function demoGame(db: D1Database, merchantCode: string, nodeId: number): Promise<CatalogueGame> {
  const found = await findOfferedGame(db, merchantCode, nodeId);
  if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
  if (found.launchAdapter !== 'demo') throw new ApiError(400, 'not_demo_game', 'This game is not hosted by the demo platform');
  return found;
}

/** A provably fair round as its answer declares it: money in minor units (encodeValue sends currency units). */
export function fairRoundWire(round: FairRound): ValueOf<typeof catalogueCalls.demoPlay>['round'] {
  return {
    roundId: round.id, nodeId: round.nodeId, outcome: round.outcome, stake: round.stakeMinor,
    winAmount: round.winMinor, freePlay: round.freePlay, fair: round.fair, createdAt: round.createdAt,
  };
}

/**
 * Router for /wps/playdeck/demo (PlayDeck extension, capability `demo-games`; contract/calls/demo.ts): the
 * demo platform's games of every kind beside the slot's own calls (./demo.ts). Which kind a game plays is
 * `demoKindOf(gameType, classify)` (rules/demoGames.ts). Money is decimal currency units on the wire.
 */
export const demoGamesRouter = new CallRouter('/wps/playdeck/demo')
  /**
   * GET /game?nodeId → the game's sheet: kind, names, stakes (currency units), freePlay (supportPlay 0), the crash
   * targets' range (hundredths), the shooter's targets (hit chances at the title's return), the title's own configuration (`slot`: reels, theme,
   * symbols, paytable; `table`: a head-to-head title's side names, the tie pay, each bet's return; null for other kinds) and
   * `rtpPercent`, the title's computed return to player (a table: its Dragon/Tiger bet's; docs/games.md "Demo titles
   * and their configurations"). No session needed. 404 `game_not_found`; 400
   * `not_demo_game`, `request_param_err`.
   */
  .serve(catalogueCalls.demoGame, async (c) => {
    const { nodeId } = c.req.valid('query');
    const { game } = await demoGame(c.env.DB, c.var.merchant.code, nodeId);
    const kind = demoKindOf(game.gameType, game.gameClassifyNew) ?? 'slot';
    const slot = kind === 'slot' ? slotConfigOf(game.gameId, game.gameName) : null;
    const table = kind === 'table' ? tableConfigOf(game.gameId, game.gameType, game.gameName) : null;
    const shooterRtp = shooterRtpOf(game.gameId);
    const value: ValueOf<typeof catalogueCalls.demoGame> = {
      nodeId,
      kind,
      gameName: game.gameName,
      displayName: game.displayName,
      stakes: [...(kind === 'slot' ? SLOT_STAKES : DEMO_STAKES)],
      freePlay: game.supportPlay === 0,
      minTarget: CRASH_MIN_TARGET,
      maxTarget: CRASH_MAX_TARGET,
      targets: shooterTargetsOf(shooterRtp),
      slot: slot && { reelCount: slot.reels, theme: slot.theme, symbols: slot.symbols, paytable: slot.paytable },
      table: table && { sides: table.sides, tiePays: table.tiePays, rtpPercent: table.rtpPercent },
      rtpPercent: slot ? slot.rtpPercent : table ? table.rtpPercent.DRAGON : kind === 'crash' ? crashRtpOf(game.gameId) : shooterRtp,
    };
    return ok(c, encodeValue(catalogueCalls.demoGame, value));
  })
  /** GET /fair → `{ commitment, nonce }` of the member's next round (committing a first seed). 401 without a session. */
  .serve(catalogueCalls.demoFair, memberOnly, async (c) => {
    const member = requireMember(c);
    const seed = await currentSeed(c.env.DB, member.memberId);
    return ok(c, { commitment: seed.commitment, nonce: seed.nonce } satisfies ValueOf<typeof catalogueCalls.demoFair>);
  })
  /**
   * POST /play `{ nodeId, stake, choice, clientSeed, idempotencyKey, freePlay? }` → `{ round, balance,
   * nextCommitment }` (contract/calls/demo.ts demoPlay). The game must play a provably fair kind (a slot game
   * is 400 `not_demo_game`: it spins through /slot/spin). Who may play is the launch rule (checkLaunch): guests and
   * trial members only where free play is supported (else 403 `free_reject`); a real member asking for free play
   * where it is not supported gets 400 `free_play_unavailable`; guests and trial members play with their trial
   * credit, never for free. 400 `invalid_stake` for a stake not offered; 409 `loss_limit_exceeded` |
   * `wager_limit_exceeded` when the stake would pass a limit the player set (docs/player-protection.md).
   */
  .serve(catalogueCalls.demoPlay, memberOnly, async (c) => {
    const member = requireMember(c);
    const body = c.req.valid('json');
    const stakeMinor = body.stake;
    if (!DEMO_STAKES.includes(stakeMinor)) {
      // The message's text names the stakes in currency units (for logs; not a money field).
      throw new ApiError(400, 'invalid_stake', `The stake must be one of ${DEMO_STAKES.map((m) => minorToWire(m)).join(', ')}`);
    }
    const db = c.env.DB;
    const found = await demoGame(db, c.var.merchant.code, body.nodeId);
    const kind = demoKindOf(found.game.gameType, found.game.gameClassifyNew);
    if (kind === null || !isFairKind(kind)) throw new ApiError(400, 'not_demo_game', 'This game spins through the slot call');
    const realMember = REAL_MEMBER_TYPES.includes(member.type);
    checkLaunch(realMember, { ...found.game, launchAdapter: found.launchAdapter, vendorMaintenance: found.vendorMaintenance }, body.freePlay === true);
    const result = await playFairRound(db, {
      merchantCode: c.var.merchant.code, memberId: member.memberId, nodeId: body.nodeId, kind, stakeMinor, choice: body.choice, clientSeed: body.clientSeed,
      idempotencyKey: body.idempotencyKey, freePlay: realMember && body.freePlay === true,
      config: roundConfigOf(kind, found.game),
    });
    const next = await currentSeed(db, member.memberId);
    const value: ValueOf<typeof catalogueCalls.demoPlay> = {
      round: fairRoundWire(result.round), balance: result.balanceMinor, nextCommitment: next.commitment,
    };
    return ok(c, encodeValue(catalogueCalls.demoPlay, value));
  });

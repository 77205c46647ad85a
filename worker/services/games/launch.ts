import { ApiError } from '../../lib/envelope';
import { demoKindOf } from '../../../rules/demoGames';

/** Lottery prize modes passed to the lottery launcher as `prize_mode`. */
export type PrizeMode = 'ELOTT' | 'LOTT' | 'SEA';

/** What the launch rules need to know about a game. */
export interface LaunchGame {
  nodeId: number;
  vassalage: string;
  gameId: string;
  gameGroupId: string | null;
  lottoMode: string | null;
  /** Category (games.game_type) and classification: which demo kind a demo-hosted game opens. */
  gameType: string;
  gameClassifyNew?: string | null;
  /** 0 means free play is supported. */
  supportPlay: number;
  launchAdapter: string;
  vendorMaintenance: boolean;
}

/**
 * The one rule for who may play a game with money at stake, shared by the launch (checkLaunch) and lottery
 * orders (services/lottery/orders.ts placeOrder), so a bet is never accepted where the launch is refused:
 * - vendor in maintenance → 409 `vendor_maintenance`;
 * - guest/trial members (`realMember` false: type not 0, 1, 2) only play games that support free play
 *   (supportPlay 0) → 403 `free_reject`.
 */
export function assertMayPlay(realMember: boolean, game: Pick<LaunchGame, 'supportPlay' | 'vendorMaintenance'>): void {
  if (game.vendorMaintenance) {
    throw new ApiError(409, 'vendor_maintenance', 'The game vendor is under maintenance');
  }
  if (!realMember && game.supportPlay !== 0) {
    throw new ApiError(403, 'free_reject', 'Guest and trial accounts can only play games that support free play');
  }
}

/**
 * Whether a member may start a game (player-shell §4 "Game launch", §5, §6); throws the refusal (assertMayPlay):
 * - vendor in maintenance → 409 `vendor_maintenance`;
 * - guest/trial members (`realMember` false: type not 0, 1, 2) only play games that support free play (supportPlay 0)
 *   → 403 `free_reject`;
 * - a real member asking for free play on a game without it → 400 `free_play_unavailable`.
 * Returns whether the session plays for free (always for guest/trial members, who play with trial credit).
 */
export function checkLaunch(realMember: boolean, game: LaunchGame, freePlayRequested: boolean): { freePlay: boolean } {
  assertMayPlay(realMember, game);
  if (realMember && freePlayRequested && game.supportPlay !== 0) {
    throw new ApiError(400, 'free_play_unavailable', 'This game has no free play');
  }
  return { freePlay: !realMember || freePlayRequested };
}

/**
 * Lottery prize mode (player-shell §4 "Game launch"): TCG_LOTTO_VN plays the Elott mode and TCG_SEA the SEA
 * mode; other lottery vendors play the Elott mode when the merchant's mapping has an ELOTT entry, else Lott.
 */
export function lotteryPrizeMode(vassalage: string, mappingHasElott: boolean): PrizeMode {
  if (vassalage === 'TCG_LOTTO_VN') return 'ELOTT';
  if (vassalage === 'TCG_SEA') return 'SEA';
  return mappingHasElott ? 'ELOTT' : 'LOTT';
}

/** Lottery play type: `ent` when the lotto mode includes Entertainment, else `trad` (player-shell §4). */
export function lotteryPlayType(lottoMode: string | null): 'trad' | 'ent' {
  return lottoMode?.split(',').some((m) => m.trim() === 'Entertainment') ? 'ent' : 'trad';
}

/**
 * Where the browser goes to play, by the vendor's launch adapter:
 * - `demo`: the built-in demo game of the game's own kind (rules/demoGames.ts demoKindOf), `/play/<kind>?nodeId=<id>`
 *   (slot, table, crash or shooter);
 * - `lottery`: the lottery launcher, `/m/launchGame?gameId&gameGroupId&playType&prize_mode` (player-shell §2).
 * An unknown adapter is a catalogue misconfiguration, so it throws a plain Error (a 500, not the player's fault).
 */
export function launchUrl(game: LaunchGame, mappingHasElott: boolean): string {
  switch (game.launchAdapter) {
    case 'demo':
      return `/play/${demoKindOf(game.gameType, game.gameClassifyNew ?? null) ?? 'slot'}?${new URLSearchParams({ nodeId: String(game.nodeId) }).toString()}`;
    case 'lottery': {
      const query = new URLSearchParams({
        gameId: game.gameId,
        gameGroupId: game.gameGroupId ?? '',
        playType: lotteryPlayType(game.lottoMode),
        prize_mode: lotteryPrizeMode(game.vassalage, mappingHasElott),
      });
      return `/m/launchGame?${query.toString()}`;
    }
    default:
      throw new Error(`Unknown launch adapter ${game.launchAdapter} for ${game.vassalage}`);
  }
}

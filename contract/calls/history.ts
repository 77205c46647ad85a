import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';
import { blank, intOr, requiredInt, MAX_NODE_ID } from './catalogue-schemas';
import { fairOutcome, fairSeeds } from './demo';

/** The kinds of game history: lottery orders and the games' rounds (rules/demoGames.ts; a provider's game has its catalogue game's kind). */
export const HISTORY_KINDS = ['lottery', 'slot', 'table', 'crash', 'shooter'] as const;
/** The longest period one history request covers: 93 days (three months and a little). */
export const HISTORY_MAX_SPAN_MS = 93 * 24 * 60 * 60 * 1000;

const epochQuery = z.preprocess(blank, z.string().regex(/^\d{1,15}$/, 'Expected epoch milliseconds').transform(Number).pipe(z.number().int().min(0)));

/**
 * Game history (player-shell §2 /m/gameRecord) as PlayDeck extensions (the platform's own bet-history calls are
 * not in the contract; capability `game-history`, built-in mode only). Money is currency units on the wire.
 */
export const historyCalls = {
  /**
   * GET the member's history: `kind` (all | lottery | slot | table | crash | shooter), `status` (all | open |
   * settled | cancelled; rounds are settled), `startDate`, `endDate` (epoch
   * ms, inclusive, at most 93 days apart), `page` (from 0), `size` (1–50, default 20) → `value { items[{ kind, id
   * (order id for lottery, round id otherwise), nodeId, gameName, stake, winAmount, refund (lottery), net, status (open | settled |
   * cancelled), freePlay, createdAt, provider (a game provider's round: the provider's name) }], totals { count, stake, winAmount, net } (the whole period; free-play rounds
   * count no money), page, totalPages }`, newest first. A lottery order's stake is what stayed staked (cancelled
   * bets' refunds taken off). A game provider's round (docs/game-providers.md "Provider rounds in the game record
   * and reports") is one line: its kind is its catalogue game's, its id its own (it has no round detail), stake the
   * bets not rolled back, refund the rolled-back bets, status open | settled | cancelled. Needs a session (401). 400 `request_param_err` for an inverted or too long period.
   */
  gameHistory: defineCall({
    name: 'gameHistory',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/history/rounds`,
    auth: 'member',
    extension: true,
    query: z.object({
      kind: z.preprocess(blank, z.enum(['all', ...HISTORY_KINDS]).default('all')),
      status: z.preprocess(blank, z.enum(['all', 'open', 'settled', 'cancelled']).default('all')),
      startDate: epochQuery,
      endDate: epochQuery,
      page: intOr(0, 100_000, 0),
      size: intOr(1, 50, 20),
    }).refine((q) => q.endDate >= q.startDate && q.endDate - q.startDate <= HISTORY_MAX_SPAN_MS, {
      message: 'The period must run forwards and cover at most 93 days', path: ['endDate'],
    }),
    value: z.object({
      items: z.array(z.object({
        kind: z.enum(HISTORY_KINDS), id: z.number().int(), nodeId: z.number().int(), gameName: z.string(), stake: money(),
        winAmount: money(), refund: money(), net: money(), status: z.enum(['open', 'settled', 'cancelled']), freePlay: z.boolean(), createdAt: z.number().int(),
        provider: z.string().optional(),
      })),
      totals: z.object({ count: z.number().int(), stake: money(), winAmount: money(), net: money() }),
      page: z.number().int(),
      totalPages: z.number().int(),
    }),
    summary: "The member's game history of every kind with the period's totals (PlayDeck extension, capability game-history).",
  }),
  /**
   * GET one of the member's demo rounds: `roundId` → `value { roundId, kind, nodeId, gameName, stake, winAmount,
   * freePlay, createdAt, reels (slot), outcome and fair (provably fair kinds: the revealed seeds to verify) }`.
   * Lottery orders open through `/lgw/orders/detail/{orderId}`. Needs a session (401). 404 `round_not_found`
   * (also for another member's round).
   */
  gameHistoryRound: defineCall({
    name: 'gameHistoryRound',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/history/round`,
    auth: 'member',
    extension: true,
    query: z.object({ roundId: requiredInt(1, MAX_NODE_ID) }),
    value: z.object({
      roundId: z.number().int(),
      kind: z.enum(['slot', 'table', 'crash', 'shooter']),
      nodeId: z.number().int(),
      gameName: z.string(),
      stake: money(),
      winAmount: money(),
      freePlay: z.boolean(),
      createdAt: z.number().int(),
      reels: z.array(z.string()).optional(),
      outcome: fairOutcome.optional(),
      fair: fairSeeds.optional(),
    }),
    summary: "One of the member's demo rounds with its provably fair seeds (PlayDeck extension, capability game-history).",
  }),
};

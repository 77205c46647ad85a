import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money, wireMoney } from '../money';
import { nodeIdQuery, nodeIdValue } from './catalogue-schemas';

/** An idempotency key: a retried request with the same key changes nothing twice. */
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, - or _');

/**
 * The outcome of a provably fair round, by kind (rules/demoGames.ts): cards 0–51, hundredths, rolls 0–9999; with the
 * title's terms when they are not the defaults (tiePays: a tie bet's return with the stake; rtp: percent), so the
 * round replays on its own (verifyRound).
 */
export const fairOutcome = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('table'), bet: z.enum(['DRAGON', 'TIGER', 'TIE']), dragon: z.number().int().min(0).max(51), tiger: z.number().int().min(0).max(51),
    tiePays: z.number().int().optional(),
  }),
  z.object({ kind: z.literal('crash'), target: z.number().int(), crashPoint: z.number().int(), rtp: z.number().int().optional() }),
  z.object({ kind: z.literal('shooter'), target: z.enum(['CLOWNFISH', 'TURTLE', 'SHARK', 'DRAGON']), roll: z.number().int(), hit: z.boolean(), rtp: z.number().int().optional() }),
]);

/** The seeds of a played round (rules/fair.ts): the revealed server seed, its commitment, client seed, nonce. */
export const fairSeeds = z.object({
  serverSeed: z.string(), commitment: z.string(), clientSeed: z.string(), nonce: z.number().int(),
});

/** A played provably fair round as the wire carries it (money in currency units). */
export const fairRoundValue = z.object({
  roundId: z.number().int(),
  nodeId: z.number().int(),
  outcome: fairOutcome,
  stake: money(),
  winAmount: money(),
  freePlay: z.boolean(),
  fair: fairSeeds,
  createdAt: z.number().int(),
});

/**
 * PlayDeck's demo games (extension, not a platform call; capability `demo-games`, contract/capabilities.ts):
 * the built-in demo platform's slot, which plays every game of a vendor whose launch adapter is 'demo' against
 * the member's real wallet. Money is decimal currency units on the wire.
 */
export const demoCalls = {
  /**
   * GET the demo slot's sheet: `nodeId` → `value { nodeId, gameName, displayName, stakes[] (currency units),
   * freePlay (the game supports free play, supportPlay 0, as the other demo games' sheets say),
   * reelCount (3 or 5), theme, symbols[{ id, name, glyph }], paytable[{ symbol, count, multiplier }], rtpPercent }`:
   * the title's own configuration (rules/slotConfig.ts; docs/games.md "Demo titles and their configurations"). A row
   * pays multiplier × stake for `count` equal symbols in a row from reel 1; only the longest run counts; rtpPercent is
   * the exact return to player computed from the title's strips, rounded to two decimals. No session needed. 404
   * `game_not_found`; 400 `not_demo_game`, `request_param_err`.
   */
  demoSlotGame: defineCall({
    name: 'demoSlotGame',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/demo/slot/game`,
    auth: 'none',
    extension: true,
    query: z.object({ nodeId: nodeIdQuery }),
    value: z.object({
      nodeId: z.number().int(),
      gameName: z.string(),
      displayName: z.string(),
      stakes: z.array(money()),
      freePlay: z.boolean(),
      reelCount: z.number().int(),
      theme: z.string(),
      symbols: z.array(z.object({ id: z.string(), name: z.string(), glyph: z.string() })),
      paytable: z.array(z.object({ symbol: z.string(), count: z.number().int(), multiplier: z.number().int() })),
      rtpPercent: z.number(),
    }),
    summary: 'Demo slot sheet (PlayDeck extension, capability demo-games).',
  }),
  /**
   * POST one demo slot spin `{ nodeId, stake (currency units), idempotencyKey, freePlay? }` → `value { roundId,
   * reels[], stake, winAmount, balance, freePlay }` (currency units). A free-play spin (only where the game supports
   * free play, supportPlay 0, as the other demo games) moves no money. A retry with the same key returns the same
   * round and moves no money. Errors: 401 `customer.not.login`; 400 `invalid_stake`, `not_demo_game`,
   * `free_play_unavailable`, `request_param_err`; 403
   * `free_reject`; 404 `game_not_found`; 409 `insufficient_balance`, `vendor_maintenance`, `idempotency_conflict`.
   */
  demoSlotSpin: defineCall({
    name: 'demoSlotSpin',
    method: 'POST',
    path: `${EXTENSION_PREFIX}/demo/slot/spin`,
    auth: 'member',
    extension: true,
    body: z.object({
      nodeId: nodeIdValue,
      stake: money(wireMoney.pipe(z.number().positive().max(10_000_000))),
      idempotencyKey,
      freePlay: z.boolean().optional(),
    }),
    value: z.object({
      roundId: z.number().int(), reels: z.array(z.string()), stake: money(), winAmount: money(), balance: money(), freePlay: z.boolean(),
    }),
    summary: 'One demo slot spin on the real wallet (PlayDeck extension, capability demo-games).',
  }),
  /**
   * GET a demo game's sheet, any kind: `nodeId` → `value { nodeId, kind (slot | table | crash | shooter),
   * gameName, displayName, stakes[] (currency units), freePlay (the game supports free play, supportPlay 0),
   * minTarget, maxTarget (crash targets, hundredths), targets[{ id, glyph, multiplier, hitsIn10000 }] (shooter),
   * slot { reelCount, theme, symbols, paytable } | null, table { sides [2] | null (a head-to-head title's two sides
   * and a draw; null: Dragon, Tiger and Tie), tiePays (stake included), rtpPercent { DRAGON, TIGER, TIE } } | null,
   * rtpPercent }`: the title's own
   * configuration and its computed return to player (docs/games.md "Demo titles and their configurations").
   * No session needed. 404 `game_not_found`; 400 `not_demo_game`, `request_param_err`.
   */
  demoGame: defineCall({
    name: 'demoGame',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/demo/game`,
    auth: 'none',
    extension: true,
    query: z.object({ nodeId: nodeIdQuery }),
    value: z.object({
      nodeId: z.number().int(),
      kind: z.enum(['slot', 'table', 'crash', 'shooter']),
      gameName: z.string(),
      displayName: z.string(),
      stakes: z.array(money()),
      freePlay: z.boolean(),
      minTarget: z.number().int(),
      maxTarget: z.number().int(),
      targets: z.array(z.object({ id: z.string(), glyph: z.string(), multiplier: z.number().int(), hitsIn10000: z.number().int() })),
      slot: z.object({
        reelCount: z.number().int(),
        theme: z.string(),
        symbols: z.array(z.object({ id: z.string(), name: z.string(), glyph: z.string() })),
        paytable: z.array(z.object({ symbol: z.string(), count: z.number().int(), multiplier: z.number().int() })),
      }).nullable(),
      table: z.object({
        sides: z.tuple([z.string(), z.string()]).nullable(),
        tiePays: z.number().int(),
        rtpPercent: z.object({ DRAGON: z.number(), TIGER: z.number(), TIE: z.number() }),
      }).nullable(),
      rtpPercent: z.number(),
    }),
    summary: 'A demo game of any kind: its sheet (PlayDeck extension, capability demo-games).',
  }),
  /**
   * GET the commitment of the member's next provably fair round → `value { commitment, nonce }` (rules/fair.ts).
   * Needs a session (401 `customer.not.login`).
   */
  demoFair: defineCall({
    name: 'demoFair',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/demo/fair`,
    auth: 'member',
    extension: true,
    value: z.object({ commitment: z.string(), nonce: z.number().int() }),
    summary: "The member's next round's seed commitment (PlayDeck extension, capability demo-games).",
  }),
  /**
   * POST one provably fair round `{ nodeId, stake (currency units), choice, clientSeed, idempotencyKey, freePlay? }`
   * → `value { round (roundId, nodeId, outcome, stake, winAmount, freePlay, fair { serverSeed revealed,
   * commitment, clientSeed, nonce }, createdAt), balance, nextCommitment }`. choice: a table bet (DRAGON, TIGER,
   * TIE), a crash target in hundredths ("101"–"10000"), or a shooter target id. The stake is debited and any win
   * credited in one ledger batch with the round; a free-play round (only where the game supports free play) moves
   * no money. A retry with the same key returns the same round. Errors: 401 `customer.not.login`; 400
   * `invalid_stake`, `invalid_choice`, `not_demo_game`, `free_play_unavailable`, `request_param_err`; 403
   * `free_reject`; 404 `game_not_found`; 409 `insufficient_balance`, `vendor_maintenance`, `idempotency_conflict`, `round_in_progress`.
   */
  demoPlay: defineCall({
    name: 'demoPlay',
    method: 'POST',
    path: `${EXTENSION_PREFIX}/demo/play`,
    auth: 'member',
    extension: true,
    body: z.object({
      nodeId: nodeIdValue,
      stake: money(wireMoney.pipe(z.number().positive().max(10_000_000))),
      choice: z.string().min(1).max(16),
      clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/, 'Expected 1 to 64 printable characters without spaces'),
      idempotencyKey,
      freePlay: z.boolean().optional(),
    }),
    value: z.object({ round: fairRoundValue, balance: money(), nextCommitment: z.string() }),
    summary: 'One provably fair demo round (table, crash, shooter) on the real wallet (PlayDeck extension, capability demo-games).',
  }),
};

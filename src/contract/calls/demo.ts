import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { wireMoney } from '../money';
import { nodeIdQuery, nodeIdValue } from './catalogue-schemas';

/**
 * PlayDeck's demo games (extension, not a platform call; capability `demo-games`, src/contract/capabilities.ts):
 * the built-in demo platform's slot, which plays every game of a vendor whose launch adapter is 'demo' against
 * the member's real wallet. Money is decimal currency units on the wire.
 */
export const demoCalls = {
  /**
   * GET the demo slot's sheet: `nodeId` → `value { nodeId, gameName, displayName, stakes[] (currency units),
   * symbols[{ id, name, glyph }], paytable[{ symbol, count, multiplier }] }` (a row pays multiplier × stake for
   * `count` equal symbols in a row from reel 1; only the longest run counts). No session needed. 404
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
      stakes: z.array(wireMoney),
      symbols: z.array(z.object({ id: z.string(), name: z.string(), glyph: z.string() })),
      paytable: z.array(z.object({ symbol: z.string(), count: z.number().int(), multiplier: z.number().int() })),
    }),
    summary: 'Demo slot sheet (PlayDeck extension, capability demo-games).',
  }),
  /**
   * POST one demo slot spin `{ nodeId, stake (currency units), idempotencyKey }` → `value { roundId, reels[],
   * stake, winAmount, balance }` (currency units). A retry with the same key returns the same round and moves
   * no money. Errors: 401 `customer.not.login`; 400 `invalid_stake`, `not_demo_game`, `request_param_err`; 403
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
      stake: wireMoney.pipe(z.number().positive().max(10_000_000)),
      idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, - or _'),
    }),
    value: z.object({
      roundId: z.number().int(), reels: z.array(z.string()), stake: wireMoney, winAmount: wireMoney, balance: wireMoney,
    }),
    summary: 'One demo slot spin on the real wallet (PlayDeck extension, capability demo-games).',
  }),
};

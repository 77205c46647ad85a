/**
 * The betting call's body → an order to place (platform-contract.md §4 POST /lgw/orders/betting). Pure; throws
 * the 400 answers. The slip text format is contract/bettingSlip.ts; stakes there are decimal currency units
 * and become minor units here, at the boundary.
 */
import type { z } from 'zod';
import { parseBettingSlip } from '../../../contract/bettingSlip';
import { IDEMPOTENCY_KEY, type bettingBody } from '../../../contract/calls/lottery-shapes';
import { ApiError } from '../../lib/envelope';
import type { PlaceOrderInput } from './orders';

/** The betting body after schema validation. */
export type BettingBody = z.output<typeof bettingBody>;

/**
 * The order a betting body asks for. `idempotencyKey` is the `Idempotency-Key` header; without one the order gets
 * a key of its own (`newKey`), so it is never taken for a retry. Errors: 400 `request_param_err` (malformed key),
 * `function.not.available` (chase or quick chase: PlayDeck has no chasing), `invalid_bet` / `invalid_stake` with
 * value `{ index }` (the slip entry; -1 for the slip as a whole, e.g. a `betCartAmountSum` that is not the sum of
 * the stakes).
 */
export function bettingOrder(body: BettingBody, idempotencyKey: string | undefined, newKey: () => string): PlaceOrderInput {
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new ApiError(400, 'request_param_err', 'Idempotency-Key must be 8 to 64 letters, digits, - or _',
      { issues: [{ path: 'Idempotency-Key', message: 'Expected 8 to 64 letters, digits, - or _' }] });
  }
  if (body.chase === true || body.chase === 1 || body.quickChase === true || body.quickChase === 1) {
    throw new ApiError(400, 'function.not.available', 'Chasing is not offered');
  }
  const slip = parseBettingSlip(body.bettingSlipString);
  if (!slip.ok) {
    throw new ApiError(400, slip.kind === 'stake' ? 'invalid_stake' : 'invalid_bet', `Slip entry ${slip.index}: ${slip.reason}`, { index: slip.index });
  }
  const total = slip.entries.reduce((sum, e) => sum + e.stakeMinor, 0);
  if (total !== body.betCartAmountSum) {
    throw new ApiError(400, 'invalid_stake', 'betCartAmountSum is not the sum of the slip\'s stakes', { index: -1 });
  }
  return {
    gameId: body.gameId,
    issueNo: body.currentNumero,
    prizeMode: body.prizeModeId,
    idempotencyKey: idempotencyKey ?? newKey(),
    items: slip.entries.map((e) => ({ betType: e.betType, selection: e.selection, stakeMinor: e.stakeMinor })),
  };
}

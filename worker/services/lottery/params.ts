/**
 * Input schema of the winner-board route. The lottery's own inputs live in the contract
 * (contract/calls/lottery-shapes.ts), so the worker validates with the schemas the browser sends.
 */
import { z } from 'zod';
import { LISTABLE_GAME_TYPES } from '../games/catalogue-params';

const blank = (value: unknown) => (value === '' ? undefined : value);

function wholeNumber(min: number, max: number) {
  return z.string().regex(/^\d{1,16}$/, 'Expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
}

const intOr = (min: number, max: number, fallback: number) => z.preprocess(blank, wholeNumber(min, max).default(fallback));

const language = z.preprocess(blank, z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/, 'Expected a language code').optional());

/** GET /wps/game/winners query (player-shell §7 "winner board": gameCategory ALL, language, limitNum 20). */
export const winnersQuery = z.object({
  gameCategory: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(z.enum(LISTABLE_GAME_TYPES)).default('ALL')),
  language,
  limitNum: intOr(1, 20, 20),
  sort: z.preprocess(blank, z.enum(['newest', 'biggest']).default('newest')),
});

/**
 * The `bettingSlipString` of POST /lgw/orders/betting (platform-contract.md §4). The contract names the field
 * but not its format, so PlayDeck defines one (not found → PlayDeck's choice): compact text, one bet per entry,
 * entries joined by `;`, each entry `betType|selection|stake`:
 *
 * | betType                         | selection          | example entry             |
 * |---------------------------------|--------------------|---------------------------|
 * | digit                           | position:digit     | `digit|1:7|10`            |
 * | pos_big_small, pos_odd_even     | position:pick      | `pos_big_small|3:big|2.5` |
 * | sum_value                       | sum (0–45)         | `sum_value|17|1.00`       |
 * | sum_big_small, sum_odd_even,    | pick               | `dragon_tiger|tie|5`      |
 * | sum_combo, dragon_tiger         |                    |                           |
 *
 * `stake` is DECIMAL currency units (at most 2 fraction digits, no sign, no exponent), like every amount on the
 * wire; inside it becomes integer minor units. Parsing is strict: no spaces, no empty entries, no trailing `;`,
 * 1 to 50 entries, at most 4000 characters. Pure and shared: the browser builds the string from the bet slip, the
 * worker parses it; what each bet type accepts (ranges, picks, the game's play types) is checked afterwards by
 * the worker's bet rules (worker/model/lottery/bets.ts), so this module knows only the grammar.
 */
import { minorToWire, wireToMinor } from './money';

/** At most this many bets in one slip. */
export const MAX_SLIP_ENTRIES = 50;
/** Longest accepted slip text. */
export const MAX_SLIP_LENGTH = 4000;

/** Bet types whose selection names a position first (`position:value`). */
const POSITIONAL_TYPES: ReadonlySet<string> = new Set(['digit', 'pos_big_small', 'pos_odd_even']);

/** One bet of a slip: type, selection object (as the order answers show it) and stake in minor units. */
export interface SlipEntry {
  betType: string;
  selection: Record<string, string | number>;
  stakeMinor: number;
}

/** Why a slip was refused: `bet` (type or selection malformed) or `stake`; `index` is the entry (-1: the slip). */
export interface SlipError {
  ok: false;
  kind: 'bet' | 'stake';
  index: number;
  reason: string;
}

/** The parse result. */
export type SlipParse = { ok: true; entries: SlipEntry[] } | SlipError;

const BET_TYPE = /^[a-z][a-z_]{0,31}$/;
const PICK = /^[a-z][a-z_]{0,15}$/;
const SMALL_INT = /^(0|[1-9]\d?)$/;
const STAKE = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/** The selection text of one bet (the inverse of the selection parse). Throws for a selection of the wrong shape. */
function selectionToText(betType: string, selection: Record<string, string | number>): string {
  if (POSITIONAL_TYPES.has(betType)) {
    const value = betType === 'digit' ? selection.digit : selection.pick;
    if (selection.position === undefined || value === undefined) throw new RangeError(`${betType} needs a position and a value`);
    return `${String(selection.position)}:${String(value)}`;
  }
  if (betType === 'sum_value') {
    if (selection.sum === undefined) throw new RangeError('sum_value needs a sum');
    return String(selection.sum);
  }
  if (selection.pick === undefined) throw new RangeError(`${betType} needs a pick`);
  return String(selection.pick);
}

/** The selection object of an entry's selection text, or null when it does not match the bet type's grammar. */
function selectionFromText(betType: string, text: string): Record<string, string | number> | null {
  if (POSITIONAL_TYPES.has(betType)) {
    const match = /^([1-9]):([a-z0-9_]+)$/.exec(text);
    if (!match) return null;
    const position = Number(match[1]);
    const value = match[2] ?? '';
    if (betType === 'digit') return SMALL_INT.test(value) ? { position, digit: Number(value) } : null;
    return PICK.test(value) ? { position, pick: value } : null;
  }
  if (betType === 'sum_value') return SMALL_INT.test(text) ? { sum: Number(text) } : null;
  return PICK.test(text) ? { pick: text } : null;
}

/**
 * Builds the slip text from bets with stakes in minor units (the browser, from its bet slip). Throws RangeError
 * for a bet whose selection lacks its fields or a stake that is not a positive safe integer.
 */
export function formatBettingSlip(entries: readonly SlipEntry[]): string {
  return entries.map((entry) => {
    if (!Number.isSafeInteger(entry.stakeMinor) || entry.stakeMinor <= 0) throw new RangeError(`bad stake ${entry.stakeMinor}`);
    // By hand (no schema): the stake is text inside the slip's own format, built in the browser, which runs no schema.
    return `${entry.betType}|${selectionToText(entry.betType, entry.selection)}|${String(minorToWire(entry.stakeMinor))}`;
  }).join(';');
}

/** Parses slip text strictly (see the module comment). Never throws: a refusal names the entry and the reason. */
export function parseBettingSlip(text: string): SlipParse {
  if (text.length === 0) return { ok: false, kind: 'bet', index: -1, reason: 'the slip is empty' };
  if (text.length > MAX_SLIP_LENGTH) return { ok: false, kind: 'bet', index: -1, reason: `the slip is longer than ${MAX_SLIP_LENGTH} characters` };
  const parts = text.split(';');
  if (parts.length > MAX_SLIP_ENTRIES) return { ok: false, kind: 'bet', index: -1, reason: `more than ${MAX_SLIP_ENTRIES} bets` };
  const entries: SlipEntry[] = [];
  for (const [index, part] of parts.entries()) {
    const fields = part.split('|');
    if (fields.length !== 3) return { ok: false, kind: 'bet', index, reason: 'an entry is betType|selection|stake' };
    const [betType = '', selectionText = '', stakeText = ''] = fields;
    if (!BET_TYPE.test(betType)) return { ok: false, kind: 'bet', index, reason: 'malformed bet type' };
    const selection = selectionFromText(betType, selectionText);
    if (!selection) return { ok: false, kind: 'bet', index, reason: `malformed selection for ${betType}` };
    if (!STAKE.test(stakeText)) return { ok: false, kind: 'stake', index, reason: 'the stake is a decimal with at most 2 fraction digits' };
    const stakeMinor = wireToMinor(stakeText); // the slip's own text format: read by hand, by the codec's function
    if (stakeMinor <= 0) return { ok: false, kind: 'stake', index, reason: 'the stake must be above zero' };
    entries.push({ betType, selection, stakeMinor });
  }
  return { ok: true, entries };
}

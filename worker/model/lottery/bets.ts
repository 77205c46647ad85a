/**
 * Bet types of the built-in lottery and how a five-digit result settles them. Pure. A result is five digits
 * d1…d5 (0–9, position 1 first); its sum runs 0–45.
 *
 * | betType        | play types  | selection                                   | wins when                                  |
 * |----------------|-------------|---------------------------------------------|--------------------------------------------|
 * | digit          | trad        | { position: 1–5, digit: 0–9 }               | d[position] = digit                        |
 * | pos_big_small  | trad        | { position: 1–5, pick: 'big' \| 'small' }   | big: d[position] 5–9; small: 0–4           |
 * | pos_odd_even   | trad        | { position: 1–5, pick: 'odd' \| 'even' }    | parity of d[position]                      |
 * | sum_big_small  | trad, ent   | { pick: 'big' \| 'small' }                  | big: sum 23–45; small: sum 0–22            |
 * | sum_odd_even   | trad, ent   | { pick: 'odd' \| 'even' }                   | parity of the sum                          |
 * | sum_value      | trad        | { sum: 0–45 }                               | the sum equals `sum`                       |
 * | sum_combo      | ent         | { pick: 'big_odd' \| 'big_even' \| 'small_odd' \| 'small_even' } | both halves of the pick hold for the sum |
 * | dragon_tiger   | ent         | { pick: 'dragon' \| 'tiger' \| 'tie' }      | dragon: d1 > d5; tiger: d1 < d5; tie: d1 = d5 |
 *
 * Play types follow the game's lotto mode (player-shell §3: Tradition = trad, Entertainment = ent).
 */

/** Play types (player-shell §2 /m/launchGame playType). */
export type PlayType = 'trad' | 'ent';

/** A position in the result, 1 = first digit. */
export type Position = 1 | 2 | 3 | 4 | 5;

/** A bet with a well-formed selection. */
export type Bet =
  | { betType: 'digit'; selection: { position: Position; digit: number } }
  | { betType: 'pos_big_small'; selection: { position: Position; pick: 'big' | 'small' } }
  | { betType: 'pos_odd_even'; selection: { position: Position; pick: 'odd' | 'even' } }
  | { betType: 'sum_big_small'; selection: { pick: 'big' | 'small' } }
  | { betType: 'sum_odd_even'; selection: { pick: 'odd' | 'even' } }
  | { betType: 'sum_value'; selection: { sum: number } }
  | { betType: 'sum_combo'; selection: { pick: SumCombo } }
  | { betType: 'dragon_tiger'; selection: { pick: 'dragon' | 'tiger' | 'tie' } };

/** The bet type names. */
export type BetType = Bet['betType'];

type SumCombo = 'big_odd' | 'big_even' | 'small_odd' | 'small_even';

/** Which play types offer each bet type. */
export const BET_PLAY_TYPES: Readonly<Record<BetType, readonly PlayType[]>> = {
  digit: ['trad'],
  pos_big_small: ['trad'],
  pos_odd_even: ['trad'],
  sum_big_small: ['trad', 'ent'],
  sum_odd_even: ['trad', 'ent'],
  sum_value: ['trad'],
  sum_combo: ['ent'],
  dragon_tiger: ['ent'],
};

/** Every bet type, in display order. */
export const BET_TYPES = Object.keys(BET_PLAY_TYPES) as BetType[];

const POSITIONS: readonly Position[] = [1, 2, 3, 4, 5];
const SUM_COMBOS: readonly SumCombo[] = ['big_odd', 'big_even', 'small_odd', 'small_even'];

/** Play types of a game's lotto mode ('Tradition', 'Entertainment' or both, comma separated). */
export function playTypesOf(lottoMode: string | null): PlayType[] {
  const modes = (lottoMode ?? '').split(',').map((m) => m.trim());
  const types: PlayType[] = [];
  if (modes.includes('Tradition')) types.push('trad');
  if (modes.includes('Entertainment')) types.push('ent');
  return types;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The selection object when it has exactly these keys. */
function exactKeys(value: unknown, keys: readonly string[]): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => own.includes(k)) ? value : null;
}

function intIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

function oneOf<T extends string>(value: unknown, options: readonly T[]): T | null {
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : null;
}

/** A bet from untrusted input, or null when the type is unknown or the selection is not exactly its shape. */
export function parseBet(betType: unknown, selection: unknown): Bet | null {
  switch (betType) {
    case 'digit': {
      const s = exactKeys(selection, ['position', 'digit']);
      const position = intIn(s?.position, 1, 5) as Position | null;
      const digit = intIn(s?.digit, 0, 9);
      return position !== null && digit !== null ? { betType, selection: { position, digit } } : null;
    }
    case 'pos_big_small': {
      const s = exactKeys(selection, ['position', 'pick']);
      const position = intIn(s?.position, 1, 5) as Position | null;
      const pick = oneOf(s?.pick, ['big', 'small'] as const);
      return position !== null && pick !== null ? { betType, selection: { position, pick } } : null;
    }
    case 'pos_odd_even': {
      const s = exactKeys(selection, ['position', 'pick']);
      const position = intIn(s?.position, 1, 5) as Position | null;
      const pick = oneOf(s?.pick, ['odd', 'even'] as const);
      return position !== null && pick !== null ? { betType, selection: { position, pick } } : null;
    }
    case 'sum_big_small': {
      const pick = oneOf(exactKeys(selection, ['pick'])?.pick, ['big', 'small'] as const);
      return pick !== null ? { betType, selection: { pick } } : null;
    }
    case 'sum_odd_even': {
      const pick = oneOf(exactKeys(selection, ['pick'])?.pick, ['odd', 'even'] as const);
      return pick !== null ? { betType, selection: { pick } } : null;
    }
    case 'sum_value': {
      const sum = intIn(exactKeys(selection, ['sum'])?.sum, 0, 45);
      return sum !== null ? { betType, selection: { sum } } : null;
    }
    case 'sum_combo': {
      const pick = oneOf(exactKeys(selection, ['pick'])?.pick, SUM_COMBOS);
      return pick !== null ? { betType, selection: { pick } } : null;
    }
    case 'dragon_tiger': {
      const pick = oneOf(exactKeys(selection, ['pick'])?.pick, ['dragon', 'tiger', 'tie'] as const);
      return pick !== null ? { betType, selection: { pick } } : null;
    }
    default:
      return null;
  }
}

/** The odds-table line that prices a bet: one line per bet type, per pick where picks differ in chance. */
export function oddsKey(bet: Bet): string {
  switch (bet.betType) {
    case 'sum_value':
      return `sum_value:${bet.selection.sum}`;
    case 'sum_combo':
    case 'dragon_tiger':
      return `${bet.betType}:${bet.selection.pick}`;
    default:
      return bet.betType;
  }
}

const sumOf = (digits: readonly number[]) => digits.reduce((a, b) => a + b, 0);
const isBig = (digit: number) => digit >= 5;
const isBigSum = (sum: number) => sum >= 23;

/** Whether a bet wins against a result (five digits, position 1 first); see the table in the module comment. */
export function isWinner(bet: Bet, digits: readonly number[]): boolean {
  if (digits.length !== 5) throw new Error('A result has five digits');
  const sum = sumOf(digits);
  switch (bet.betType) {
    case 'digit':
      return digits[bet.selection.position - 1] === bet.selection.digit;
    case 'pos_big_small':
      return isBig(digits[bet.selection.position - 1] as number) === (bet.selection.pick === 'big');
    case 'pos_odd_even':
      return ((digits[bet.selection.position - 1] as number) % 2 === 1) === (bet.selection.pick === 'odd');
    case 'sum_big_small':
      return isBigSum(sum) === (bet.selection.pick === 'big');
    case 'sum_odd_even':
      return (sum % 2 === 1) === (bet.selection.pick === 'odd');
    case 'sum_value':
      return sum === bet.selection.sum;
    case 'sum_combo': {
      const [size, parity] = bet.selection.pick.split('_') as ['big' | 'small', 'odd' | 'even'];
      return isBigSum(sum) === (size === 'big') && (sum % 2 === 1) === (parity === 'odd');
    }
    case 'dragon_tiger': {
      const first = digits[0] as number;
      const last = digits[4] as number;
      const outcome = first > last ? 'dragon' : first < last ? 'tiger' : 'tie';
      return outcome === bet.selection.pick;
    }
  }
}

/** Every distinct bet (each bet type with each selection): the lines an odds table prices, and test material. */
export function allBets(): Bet[] {
  const bets: Bet[] = [];
  for (const position of POSITIONS) {
    for (let digit = 0; digit <= 9; digit++) bets.push({ betType: 'digit', selection: { position, digit } });
    for (const pick of ['big', 'small'] as const) bets.push({ betType: 'pos_big_small', selection: { position, pick } });
    for (const pick of ['odd', 'even'] as const) bets.push({ betType: 'pos_odd_even', selection: { position, pick } });
  }
  for (const pick of ['big', 'small'] as const) bets.push({ betType: 'sum_big_small', selection: { pick } });
  for (const pick of ['odd', 'even'] as const) bets.push({ betType: 'sum_odd_even', selection: { pick } });
  for (let sum = 0; sum <= 45; sum++) bets.push({ betType: 'sum_value', selection: { sum } });
  for (const pick of SUM_COMBOS) bets.push({ betType: 'sum_combo', selection: { pick } });
  for (const pick of ['dragon', 'tiger', 'tie'] as const) bets.push({ betType: 'dragon_tiger', selection: { pick } });
  return bets;
}

/** Every odds-table line a game must price. */
export function allOddsKeys(): string[] {
  return [...new Set(allBets().map(oddsKey))];
}

/** The selection as stored and compared: JSON with the keys in a fixed order. */
export function selectionText(bet: Bet): string {
  const s = bet.selection as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(['position', 'digit', 'sum', 'pick'].filter((k) => k in s).map((k) => [k, s[k]])));
}

import { z } from 'zod';

/**
 * The money boundary (docs/design.md, Money; platform-contract.md §2 wallet): integer minor units inside, decimal
 * currency units on the wire. Conversion goes through the decimal digits as text, never through float
 * multiplication or division, so 0.1 + 0.2 style errors cannot appear. `exponent` is the currency's number of
 * minor digits (2 for USD/EUR/CNY, 0 for JPY/VND/KRW); PlayDeck's currencies all use 2 (the default).
 */
export const DEFAULT_MINOR_DIGITS = 2;

/** Integer minor units → the decimal number sent on the wire (e.g. 123456 → 1234.56, -5 → -0.05). */
export function minorToWire(minor: number, exponent: number = DEFAULT_MINOR_DIGITS): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer, got ${minor}`);
  if (exponent === 0) return minor;
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return Number(`${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`);
}

/**
 * A decimal amount from the wire (number or numeric string) → integer minor units. Throws RangeError for a
 * value that is not a finite decimal, has more fraction digits than `exponent` (1.005 with 2), or is too large.
 */
export function wireToMinor(value: number | string, exponent: number = DEFAULT_MINOR_DIGITS): number {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${String(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > exponent) throw new RangeError(`more than ${exponent} decimals: ${String(value)}`);
  const minor = Number(`${whole}${trimmed.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount too large: ${String(value)}`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** A JS number as plain decimal text (no exponent notation), e.g. 1e-7 → "0.0000001". */
function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Schema of a money field on the wire: a finite decimal with at most 2 fraction digits (currency units). */
export const wireMoney = z.number().finite().refine((v) => {
  try {
    wireToMinor(v);
    return true;
  } catch {
    return false;
  }
}, 'an amount in currency units with at most 2 decimals');

/** The schemas `money()` made. */
const moneyCodecs = new WeakSet<object>();

/**
 * The money codec (docs/design.md, Money): the one declaration of a money field in a call's schema. Its wire side
 * is `wire` (default `wireMoney`: a JSON number in currency units, at most 2 decimals; pass a narrower one such as
 * `wireMoney.pipe(z.number().positive())` to bound it, the bound then reads and reports currency units as before),
 * its inside is an integer of minor units.
 * - decode (`schema.parse`, `z.decode`): the worker validating a body, a test reading an answer → minor units
 *   (wireToMinor). An amount the wire side refuses fails validation, so a body answers 400 `request_param_err`
 *   with the same issue as before.
 * - encode (`z.encode(call.value, answer)`): the worker building an answer from minor units → the wire decimal
 *   (minorToWire, e.g. 2550 → 25.5, 1000 → 10: a JSON number, never text).
 * The browser does not run schemas (its build replaces zod by contract/schema-stub.ts, where this codec is inert):
 * its typed client (src/api/*) calls the codec's two plain functions, `wireToMinor` and `minorToWire`, per field.
 */
export function money<W extends z.ZodType<number, number> = typeof wireMoney>(wire: W = wireMoney as unknown as W) {
  const codec = z.codec(wire, z.number().int(), { decode: (value) => wireToMinor(value), encode: (minor) => minorToWire(minor) as z.output<W> });
  moneyCodecs.add(codec);
  return codec;
}

/**
 * The money codec for an amount written as text (a query parameter such as the game list's `minBet`): `wire` is the
 * text's schema (its pattern bounds the digits, e.g. `/^\d{1,10}(\.\d{1,2})?$/`), the inside integer minor units;
 * decode is wireToMinor of the text, encode the decimal as text (`String(minorToWire(minor))`, 1050 → "10.5").
 */
export function moneyText<W extends z.ZodType<string, string>>(wire: W) {
  const codec = z.codec(wire, z.number().int(), { decode: (text) => wireToMinor(text), encode: (minor) => String(minorToWire(minor)) as z.output<W> });
  moneyCodecs.add(codec);
  return codec;
}

/** True for a schema made by `money()` or `moneyText()` (the OpenAPI document describes its wire side: contract/openapi.ts). */
export function isMoneyCodec(schema: unknown): boolean {
  return moneyCodecs.has(schema as object);
}

/** Where one call carries money (contract/money-fields.ts): paths into its query, body and answer value. */
export interface MoneyFields {
  query?: readonly string[];
  body?: readonly string[];
  value?: readonly string[];
}

/**
 * `data` with the number at each of `paths` (contract/money-paths.ts syntax: keys, `[]` every item, `*` every record
 * value) replaced by `convert` of it; a copy, `data` is not changed. What is not there, or not a number (null, an
 * absent optional field, text), stays as it is. The browser's half of the money codec: src/api/client.ts decodes an
 * answer with wireToMinor and encodes a body or query with minorToWire by a call's MONEY_FIELDS, as `money()` does
 * in the worker by the schema.
 */
export function convertMoney<T>(data: T, paths: readonly string[] | undefined, convert: (amount: number) => number): T {
  let out: unknown = data;
  for (const path of paths ?? []) out = convertAt(out, path === '' ? [] : path.split('.'), 0, convert);
  return out as T;
}

function convertAt(data: unknown, steps: readonly string[], i: number, convert: (amount: number) => number): unknown {
  if (i === steps.length) return typeof data === 'number' ? convert(data) : data;
  const step = steps[i]!;
  if (step === '[]') return Array.isArray(data) ? data.map((item: unknown) => convertAt(item, steps, i + 1, convert)) : data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  if (step === '*') return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, convertAt(value, steps, i + 1, convert)]));
  if (!Object.hasOwn(record, step)) return data;
  return { ...record, [step]: convertAt(record[step], steps, i + 1, convert) };
}

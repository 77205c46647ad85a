import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Hono } from 'hono';
import { z } from 'zod';
import { walletCalls } from '../../../contract/calls/wallet';
import { convertMoney, isMoneyCodec, minorToWire, money, moneyText, wireToMinor } from '../../../contract/money';
import { MONEY_FIELDS } from '../../../contract/money-fields';
import { ApiError, encodeAsListed, encodeValue } from '../../../worker/lib/envelope';
import { valid } from '../../../worker/lib/validate';

// docs/design.md, Money: integer minor units inside, decimal currency units on the wire, one codec between them
// (contract/money.ts `money()`), declared once per field in the call's schema.
const codec = money();
/** Minor units up to 15 digits: a JSON number (a double) holds every decimal of 15 significant digits exactly. */
const minorUnits = fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 });

describe('the money codec', () => {
  it('decode ∘ encode is the identity on minor units, and encode is the plain minorToWire', () => {
    fc.assert(fc.property(minorUnits, (minor) => {
      const wire = z.encode(codec, minor);
      expect(wire).toBe(minorToWire(minor));
      expect(z.decode(codec, wire)).toBe(minor);
    }));
  });

  it('encode ∘ decode is the identity on wire amounts with at most 2 decimals, and decode is the plain wireToMinor', () => {
    fc.assert(fc.property(minorUnits, (minor) => {
      const wire = minor / 100;
      expect(codec.parse(wire)).toBe(wireToMinor(wire));
      expect(z.encode(codec, codec.parse(wire))).toBe(wire);
    }));
  });

  it('refuses wire amounts that are not finite decimals with at most 2 decimals', () => {
    const subCent = fc.integer({ min: -1e9, max: 1e9 }).chain((n) => fc.integer({ min: 1, max: 9 }).map((d) => n / 100 + d / 1000));
    fc.assert(fc.property(fc.oneof(subCent, fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e-7), fc.string(), fc.boolean()), (wire) => {
      expect(codec.safeParse(wire).success).toBe(false);
    }));
  });

  it('keeps the wire side of a bounded field: the bound reads currency units', () => {
    const bounded = money(z.number().positive().max(100));
    expect(bounded.parse(100)).toBe(10_000);
    expect(bounded.safeParse(100.01).success).toBe(false);
    expect(isMoneyCodec(bounded)).toBe(true);
    expect(isMoneyCodec(z.number())).toBe(false);
  });

  it('encodes an answer built in minor units to the same wire value the hand conversion gave', () => {
    const value = { depositId: 7, methodCode: 'DEMO_BANK', amount: 2550, status: 'credited' as const, createdAt: 1, expiresAt: 2, redirectUrl: null, balance: 100_000 };
    const wire = encodeValue(walletCalls.depositCreate, value);
    expect(JSON.stringify(wire)).toBe(JSON.stringify({ ...value, amount: 25.5, balance: 1000 }));
  });
});

describe('a body with a money field (worker validation)', () => {
  const app = new Hono()
    .post('/deposit', valid('json', walletCalls.depositCreate.body!), (c) => c.json(c.req.valid('json')))
    .onError((error, c) => c.json({ errorCode: error instanceof ApiError ? error.errorCode : 'other' }, 400));
  const post = (amount: unknown) => app.request('/deposit', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ methodCode: 'DEMO_BANK', amount, idempotencyKey: 'key-12345678' }),
  });

  it('reaches the handler in integer minor units', async () => {
    expect(await (await post(25.5)).json()).toMatchObject({ amount: 2550 });
  });

  it.each([[1.005], ['25.50'], [0], [-1], [100_000_000.01], [null]])('refuses %s with 400 request_param_err', async (amount) => {
    const res = await post(amount);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errorCode: 'request_param_err' });
  });
});

describe('the money codec for an amount written as text (moneyText)', () => {
  const text = moneyText(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/));
  const amounts = fc.integer({ min: 0, max: 999_999_999_999 });

  it('decode ∘ encode is the identity on minor units, and encode writes the decimal as minorToWire does', () => {
    fc.assert(fc.property(amounts, (minor) => {
      const wire = z.encode(text, minor);
      expect(wire).toBe(String(minorToWire(minor)));
      expect(z.decode(text, wire)).toBe(minor);
    }));
  });

  it('reads what the query carries (trailing zeros, whole amounts) and refuses what its pattern refuses', () => {
    expect(text.parse('10.50')).toBe(1050);
    expect(text.parse('7')).toBe(700);
    for (const bad of ['1.005', '-1', '1e3', '']) expect(text.safeParse(bad).success).toBe(false);
    expect(isMoneyCodec(text)).toBe(true);
  });
});

describe('encodeAsListed', () => {
  const def = { value: z.object({ a: z.number(), amount: money(), items: z.array(z.object({ x: z.string(), stake: money() })) }) };

  it('encodes money like encodeValue but keeps the fields in the order the value lists them', () => {
    const value = { items: [{ stake: 150, x: 'k' }], amount: 2550, a: 1 };
    expect(JSON.stringify(encodeAsListed(def, value))).toBe('{"items":[{"stake":1.5,"x":"k"}],"amount":25.5,"a":1}');
    expect(JSON.stringify(encodeValue(def, value))).toBe('{"a":1,"amount":25.5,"items":[{"x":"k","stake":1.5}]}');
  });
});

describe('convertMoney (the browser side of the codec, by a call\'s money paths)', () => {
  it('converts the numbers at each path, through arrays ([]) and records (*), in a copy', () => {
    const data = { balance: 25.5, list: [{ amount: 1.05, note: 'a' }, { amount: null }], byGame: { g1: { stake: 2 } }, other: 3 };
    const out = convertMoney(data, ['balance', 'list.[].amount', 'byGame.*.stake', 'missing.amount'], wireToMinor);
    expect(out).toEqual({ balance: 2550, list: [{ amount: 105, note: 'a' }, { amount: null }], byGame: { g1: { stake: 200 } }, other: 3 });
    expect(data.balance).toBe(25.5);
  });

  it('is the identity without paths, and converts a bare array (a plain-array answer)', () => {
    const data = [{ minBet: 0.5 }];
    expect(convertMoney(data, undefined, wireToMinor)).toBe(data);
    expect(convertMoney(data, ['[].minBet'], wireToMinor)).toEqual([{ minBet: 50 }]);
    expect(convertMoney([1.5, 2], ['[]'], wireToMinor)).toEqual([150, 200]);
  });

  it('round-trips with the worker\'s codec: what encodeValue sends, convertMoney by the call\'s fields reads back', () => {
    fc.assert(fc.property(minorUnits, minorUnits, (amount, balance) => {
      const value = { depositId: 7, methodCode: 'DEMO_BANK', amount, status: 'credited' as const, createdAt: 1, expiresAt: 2, redirectUrl: null, balance };
      const wire = JSON.parse(JSON.stringify(encodeValue(walletCalls.depositCreate, value))) as unknown;
      expect(convertMoney(wire, MONEY_FIELDS.depositCreate!.value, wireToMinor)).toEqual(value);
    }));
  });
});

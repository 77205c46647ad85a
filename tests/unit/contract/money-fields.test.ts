import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls } from '../../../contract/index';
import { money } from '../../../contract/money';
import { MONEY_FIELDS } from '../../../contract/money-fields';
import { callMoneyPaths, moneyFieldsModule, moneyPaths } from '../../../contract/money-paths';

// docs/design.md, Money: the browser applies the money codec by each call's money paths (contract/money-fields.ts),
// written from the schemas; this test keeps the two in step.
describe('contract/money-fields.ts', () => {
  it('is what `npm run money-fields` writes from the schemas (run it after changing a money field)', () => {
    const file = readFileSync(new URL('../../../contract/money-fields.ts', import.meta.url), 'utf8');
    expect(file).toBe(moneyFieldsModule(allCalls()));
  });

  it('names every call that carries money, with the paths its schemas declare', () => {
    for (const def of allCalls()) expect(MONEY_FIELDS[def.name] ?? {}, def.name).toEqual(callMoneyPaths(def));
    expect(MONEY_FIELDS.betting).toMatchObject({ body: ['betCartAmountSum'] });
    expect(MONEY_FIELDS.lotteryGameList?.value).toEqual(['list.[].minStake', 'list.[].maxStake', 'list.[].maxPayout']);
  });
});

describe('moneyPaths', () => {
  it('looks through optional, nullable, pipes and unions, into arrays ([]) and records (*)', () => {
    const schema = z.object({
      a: money().optional(),
      b: z.array(z.object({ c: money().nullable() })),
      d: z.record(z.string(), z.object({ e: money() })),
      f: z.preprocess((v) => v, z.object({ g: money() })),
      h: z.union([z.object({ i: money() }), z.string()]),
      plain: z.number(),
    });
    expect(moneyPaths(schema)).toEqual(['a', 'b.[].c', 'd.*.e', 'f.g', 'h.i']);
    expect(moneyPaths(z.array(money()))).toEqual(['[]']);
    expect(moneyPaths(undefined)).toEqual([]);
  });
});

import type { z } from 'zod';
import type { CallDef } from './call';
import { isMoneyCodec } from './money';

/**
 * Where a schema holds money (docs/design.md, Money): the paths of its `money()`/`moneyText()` fields, read from the
 * schema itself. A path is its steps joined by `.`: an object key, `[]` for every item of an array, `*` for every
 * value of a record (e.g. `withdrawals.[].amount`). Unions, optional, nullable, default and pipe steps are looked
 * through (both sides of a pipe: a preprocessed field's structure is on its out side). The browser, which runs no
 * schema, applies the money codec by these paths (contract/money-fields.ts, written from them by
 * scripts/money-fields.ts and checked against them by tests/unit/contract/money-fields.test.ts). Needs zod: not for
 * the browser bundle.
 */
export function moneyPaths(schema: z.ZodType | undefined): string[] {
  const found = new Set<string>();
  if (schema) walk(schema, [], found, new Set());
  return [...found];
}

/** The money paths of one call: its query, body and answer value (only the parts that hold money). */
export function callMoneyPaths(def: Pick<CallDef, 'query' | 'body' | 'value'>): { query?: string[]; body?: string[]; value?: string[] } {
  const parts = { query: moneyPaths(def.query), body: moneyPaths(def.body), value: moneyPaths(def.value) };
  return Object.fromEntries(Object.entries(parts).filter(([, paths]) => paths.length > 0));
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

function walk(schema: z.ZodType, at: readonly string[], found: Set<string>, seen: Set<z.ZodType>): void {
  if (isMoneyCodec(schema)) {
    found.add(at.join('.'));
    return;
  }
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  const next = (child: z.ZodType | undefined, step?: string) => {
    if (child) walk(child, step === undefined ? at : [...at, step], found, seen);
  };
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) next(child, key);
      break;
    case 'array':
      next(def.element, '[]');
      break;
    case 'record':
      next(def.valueType, '*');
      break;
    case 'union':
      for (const option of def.options ?? []) next(option);
      break;
    case 'intersection':
      next(def.left);
      next(def.right);
      break;
    case 'pipe':
      next(def.in);
      next(def.out);
      break;
    default:
      next(def.innerType);
  }
  seen.delete(schema);
}

/**
 * The text of contract/money-fields.ts for `calls` (every contract call: contract/index.ts allCalls): per call that
 * carries money, the paths of its money fields in its query, body and answer value, calls in the given order.
 */
export function moneyFieldsModule(calls: readonly CallDef[]): string {
  const rows = calls.flatMap((def) => {
    const paths = callMoneyPaths(def);
    if (Object.keys(paths).length === 0) return [];
    const parts = Object.entries(paths).map(([part, list]) => `${part}: [${list.map((p) => JSON.stringify(p)).join(', ')}]`);
    return [`  ${def.name}: { ${parts.join(', ')} },`];
  });
  return `${MODULE_HEAD}${rows.join('\n')}\n};\n`;
}

const MODULE_HEAD = `/**
 * Where each contract call carries money (docs/design.md, Money), for the browser, which runs no schema: per call
 * name, the paths of the money fields (contract/money.ts \`money()\`, \`moneyText()\`) in its query, body and answer
 * value (path syntax: contract/money-paths.ts). The browser's client (src/api/client.ts) applies the money codec by
 * them: integer minor units in the browser, decimal currency units on the wire.
 *
 * Written by \`npm run money-fields\` (scripts/money-fields.ts) from the schemas; do not edit by hand.
 * tests/unit/contract/money-fields.test.ts fails when it no longer matches them.
 */
import type { MoneyFields } from './money';

export const MONEY_FIELDS: Readonly<Record<string, MoneyFields>> = {
`;

import fc from 'fast-check';
import type { z } from 'zod';
import { fillPath, type CallDef } from '../../../contract/call';

/**
 * Generators for the contract fuzzer (tests/worker/contract/contract-fuzz.test.ts): a small zod-4 → fast-check mapper for
 * the schema kinds `src/contract` uses (object, string with regex/length checks, number with int/range checks,
 * boolean, enum, literal, union, array, record, null, optional, nullable, default, pipe, preprocess, transform),
 * which makes VALID-looking inputs, and mutators that make MALFORMED ones from them (wrong types, missing fields,
 * huge strings, odd unicode, bad JSON, wrong methods).
 */

/** The internal definition of a zod 4 schema (the parts the mapper reads). */
interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  pattern?: RegExp;
  checks?: { _zod: { def: ZodCheck } }[];
}

interface ZodCheck {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** Strings that tend to break parsers and databases: odd unicode, SQL and markup, separators. */
export const ODD_STRINGS = [
  '', ' ', '0', '-1', '1e309', 'NaN', 'null', 'undefined', 'true', '[]', '{}', '\u0000', '\uFEFF', '\uD800', '\uDFFF',
  '😀👍🏽', 'Ω≈ç√∫', 'ﷺ', '\u202E\u202D', 'a\nb\r\nc', '%00', '%E0%A4%A', "' OR 1=1 --", '"; DROP TABLE members; --',
  '<script>alert(1)</script>', '../../etc/passwd', '${7*7}', '__proto__', 'constructor', '9'.repeat(40), '-0.001',
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** A JSON value of any shape (for wrong types). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 60), 1e308, '', [], {}),
  oddString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringArb(def: ZodDef): fc.Arbitrary<string> {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const pattern = def.pattern ?? checks.find((c) => c.check === 'string_format' && c.pattern)?.pattern;
  let min = 0;
  let max = 40;
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(c.maximum, Math.max(min, 40));
    if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length;
  }
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter((s) => s.length >= min).map((s) => s.slice(0, Math.max(min, 200)));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any string, half of which the schema refuses.
      return fc.string({ minLength: min, maxLength: Math.max(min, max) });
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberArb(def: ZodDef): fc.Arbitrary<number> {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const int = checks.some((c) => c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32'));
  let min = -1_000_000;
  let max = 1_000_000;
  for (const c of checks) {
    if (c.check === 'greater_than' && c.value !== undefined) min = Math.max(min, c.inclusive ? c.value : c.value + (int ? 1 : 0.01));
    if (c.check === 'less_than' && c.value !== undefined) max = Math.min(max, c.inclusive ? c.value : c.value - (int ? 1 : 0.01));
  }
  if (min > max) return fc.constant(min);
  // Money on the wire has at most 2 decimals: whole cents keep the non-integer values plausible.
  return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
}

/** The kind of value a schema reads first (through pipes, optionals and defaults). */
function baseKind(schema: z.ZodType): string {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return baseKind(defOf(def.in).type === 'transform' && def.out ? def.out : def.in);
  if (def.innerType) return baseKind(def.innerType);
  return def.type;
}

/** Realistic values by field name (seeded node ids, the host's merchant, …), mixed into generated objects. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

/** A value the schema is likely to accept (checks such as refinements may still refuse it); `hints` by field name. */
export function validArb(schema: z.ZodType, depth = 0, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined) => (s ? validArb(s, depth + 1, hints) : fc.constant(undefined));
  switch (def.type) {
    case 'string': return stringArb(def);
    case 'number': return numberArb(def);
    case 'int': return numberArb(def);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'undefined': return fc.constant(undefined);
    case 'literal': return fc.constantFrom(...(def.values ?? [null]));
    case 'enum': return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'optional': return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable': return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'union': return fc.oneof(...(def.options ?? []).map((o) => inner(o)));
    case 'array': return depth > 4 ? fc.constant([]) : fc.array(inner(def.element), { maxLength: 4 });
    case 'record': return fc.dictionary(
      (def.keyType ? inner(def.keyType) : fc.string()).map(String), inner(def.valueType), { maxKeys: 3 },
    );
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(([key, s]) => {
        const hint = hints[key];
        return [key, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: inner(s) }) : inner(s)] as const;
      });
      return fc.record(Object.fromEntries(entries)).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'pipe': {
      // z.preprocess is pipe(transform, out), and `a.transform(f)` is pipe(a, transform): generate what the other
      // side takes. Otherwise `out` holds the tighter checks (ranges, enums): generate for it, as text when `in`
      // reads text (a query's '42' → 42).
      if (!def.in || !def.out) return anyJson;
      if (defOf(def.in).type === 'transform') return inner(def.out);
      if (defOf(def.out).type === 'transform') return inner(def.in);
      const out = inner(def.out);
      return baseKind(def.in) === 'string' && baseKind(def.out) !== 'string' ? out.map((v) => (v === undefined ? v : String(v))) : out;
    }
    default: return anyJson;
  }
}

/** Mutations of a valid object: a field dropped, a field of the wrong type, an extra field, a huge or odd string. */
export function malformedValue(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const valid = validArb(schema, 0, hints);
  const objectMutation = valid.chain((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
    const keys = Object.keys(value as object);
    if (keys.length === 0) return fc.constant({ unexpected: 'field' });
    return fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 0, max: 3 }), anyJson, fc.integer({ min: 1000, max: 200_000 }))
      .map(([key, how, other, size]) => {
        const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        if (how === 0) delete copy[key];
        else if (how === 1) copy[key] = other;
        else if (how === 2) copy[key] = 'x'.repeat(size);
        else copy[key] = ODD_STRINGS[size % ODD_STRINGS.length];
        return copy;
      });
  });
  return fc.oneof({ weight: 4, arbitrary: objectMutation }, { weight: 1, arbitrary: anyJson });
}

/** One HTTP request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** What was generated, for the failure message. */
  kind: 'valid' | 'malformed' | 'method';
}

/** Text a URL path can carry (a lone surrogate has no UTF-8 form: encodeURIComponent throws, no client could send it). */
const encodable = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};
const PATH_PARAM = fc.oneof(
  fc.integer({ min: 1, max: 2_000_000 }).map(String), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  // Odd text that a URL can carry (a lone surrogate cannot be percent-encoded: no client could send it).
  oddString.filter((s) => s.length > 0 && encodable(s)),
);

function filledPath(def: CallDef, hints: FieldHints): fc.Arbitrary<string> {
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  if (names.length === 0) return fc.constant(def.path);
  const param = (name: string) => {
    const hint = hints[name];
    return hint ? fc.oneof(hint.map(String), PATH_PARAM) : PATH_PARAM;
  };
  return fc.tuple(...names.map(param)).map((values) => fillPath(def.path, Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']))));
}

/** A query string of a generated object: scalars as text (arrays repeat the key), objects as JSON text. */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A body as sent: JSON, or form fields for form calls. */
function encodeBody(def: CallDef, value: unknown): { body: string; contentType: string } {
  if (def.form && value && typeof value === 'object') {
    return { body: toQuery(value).slice(1), contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

const BAD_BODIES = fc.constantFrom('{', '{"a":', 'not json', '[1,2', '\u0000', '{"__proto__":{"x":1}}', 'null', '""', `{"a":"${'\\u00'}"}`);

/** VALID-looking requests of a call: path parameters, query and body from its schemas, its own method. */
export function validRequest(def: CallDef, hints: FieldHints = {}): fc.Arbitrary<FuzzRequest> {
  const part = (schema: z.ZodType | undefined) => (schema ? validArb(schema, 0, hints) : fc.constant(undefined));
  return fc.tuple(filledPath(def, hints), part(def.query), part(def.body))
    .map(([path, query, body]): FuzzRequest => {
      const encoded = body === undefined ? undefined : encodeBody(def, body);
      return {
        method: def.method, path: path + toQuery(query), kind: 'valid' as const,
        headers: encoded ? { 'Content-Type': encoded.contentType } : {}, body: encoded?.body,
      };
    });
}

/** MALFORMED requests of a call: mutated query or body, bad JSON, a huge body, or a method the call does not take. */
export function malformedRequest(def: CallDef, hints: FieldHints = {}): fc.Arbitrary<FuzzRequest> {
  const query = def.query ? malformedValue(def.query, hints) : fc.dictionary(fc.string({ maxLength: 8 }), oddString, { maxKeys: 3 });
  const body = fc.oneof(
    { weight: 4, arbitrary: (def.body ? malformedValue(def.body, hints) : anyJson).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: BAD_BODIES },
    { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 400_000 }).map((n) => JSON.stringify({ data: 'A'.repeat(n) })) },
  );
  const otherMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => m !== def.method);
  return fc.oneof(
    fc.tuple(filledPath(def, hints), query, body, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'))
      .map(([path, q, b, contentType]): FuzzRequest => ({
        method: def.method, path: path + toQuery(q), kind: 'malformed' as const,
        headers: def.method === 'GET' ? {} : { 'Content-Type': contentType }, body: def.method === 'GET' ? undefined : b,
      })),
    fc.tuple(filledPath(def, hints), fc.constantFrom(...otherMethods)).map(([path, method]): FuzzRequest => ({
      method, path, kind: 'method' as const, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}',
    })),
  );
}

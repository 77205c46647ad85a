/**
 * The operator CLI's remote transport: a `D1Database` (prepare, bind, first, all, run, raw, batch) whose statements
 * run on the deployed database through `wrangler d1 execute DB --remote --json`. wrangler takes SQL text only, so
 * each statement's parameters are written into it as SQLite literals by one encoder, `sqlLiteral`; the statements
 * themselves are the query functions' own (worker/db/queries), the same the worker binds.
 *   - A batch is sent as one command (the statements joined by `;`), which D1 runs as one transaction.
 *   - A command longer than MAX_COMMAND_CHARS (a command-line argument holds at most 128 KiB on Linux) goes
 *     through `--file` instead; wrangler then reports no rows, so only writes (the demo seed, a content import)
 *     are that long.
 * Locally the scripts open the database's SQLite file instead (scripts/d1-local.ts, scripts/database.ts), which binds natively.
 */

/** Runs wrangler with these arguments and resolves to its standard output (scripts/wrangler.ts `wrangler`). */
export type WranglerRun = (args: string[]) => Promise<string>;

/** The longest SQL text passed as `--command`; longer batches are written to a file. */
export const MAX_COMMAND_CHARS = 100_000;

/**
 * A value as a SQLite literal, the way D1 binds it: null (and nothing else) → NULL; true/false → 1/0; a safe
 * integer or bigint → its digits (a negative one in parentheses, so `-?1` cannot become a `--` comment); another
 * finite number → its shortest round-trip text; a string → quoted with `'` doubled; bytes (ArrayBuffer or a typed
 * array) → `X'…'`. Throws TypeError for undefined, NaN, ±Infinity, a string with NUL (a command line cannot carry
 * it) and any other type — as D1 refuses such values.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`D1 cannot bind ${value}`);
    const text = Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
    return value < 0 || Object.is(value, -0) ? `(${text})` : text;
  }
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('NUL characters cannot be sent to the remote database');
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}'`;
  }
  throw new TypeError(`D1 cannot bind a value of type ${value === undefined ? 'undefined' : typeof value}`);
}

/**
 * The statement with its parameters written in as literals (sqlLiteral). Placeholders follow SQLite: `?NNN` is
 * parameter NNN, a bare `?` the one after the largest number used so far. Question marks inside string literals,
 * quoted identifiers ("…", `…`, […]) and comments are left alone. Throws RangeError for a placeholder without a
 * value.
 */
export function inlineParameters(sql: string, params: readonly unknown[]): string {
  let out = '';
  let largest = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at < 0 ? sql.length : at + end.length;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    let next = i + 1;
    if (ch === "'" || ch === '"' || ch === '`') {
      // A doubled quote inside continues the literal: scan on from after the pair.
      next = skipTo(ch, i + 1);
      while (sql[next] === ch) next = skipTo(ch, next + 1);
    } else if (ch === '[') next = skipTo(']', i + 1);
    else if (ch === '-' && sql[i + 1] === '-') next = skipTo('\n', i + 2);
    else if (ch === '/' && sql[i + 1] === '*') next = skipTo('*/', i + 2);
    else if (ch === '?') {
      const digits = /^\d*/.exec(sql.slice(i + 1))![0];
      const index = digits ? Number(digits) : largest + 1;
      largest = Math.max(largest, index);
      if (index < 1 || index > params.length) throw new RangeError(`no value for parameter ?${index}`);
      out += sqlLiteral(params[index - 1]);
      i += 1 + digits.length;
      continue;
    }
    out += sql.slice(i, next);
    i = next;
  }
  return out;
}

/** One statement's outcome as `wrangler d1 execute --json` reports it. */
interface WranglerOutcome {
  results?: Record<string, unknown>[];
  success?: boolean;
  meta?: Record<string, unknown>;
}

/** A statement of the remote transport: SQL text and its parameters. */
interface RemoteStatement extends D1PreparedStatement {
  /** The SQL text with the parameters written in. */
  readonly text: () => string;
}

/**
 * A D1Database on the deployed database (`--remote`). `run` executes wrangler (scripts/wrangler.ts); `write`
 * stores a long batch in a file and returns its path (the caller's temporary folder).
 */
export function remoteD1(run: WranglerRun, write: (sql: string) => string): D1Database {
  const execute = async (statements: readonly RemoteStatement[]): Promise<D1Result[]> => {
    const sql = statements.map((s) => s.text()).join(';\n');
    const long = sql.length > MAX_COMMAND_CHARS;
    const out = await run(['d1', 'execute', 'DB', '--remote', '--json', '--yes', ...(long ? ['--file', write(`${sql};\n`)] : ['--command', sql])]);
    const outcomes = (long ? [] : JSON.parse(out)) as WranglerOutcome[];
    return statements.map((_, i) => ({ results: outcomes[i]?.results ?? [], success: outcomes[i]?.success ?? true, meta: outcomes[i]?.meta ?? {} }));
  };
  const statement = (sql: string, params: readonly unknown[]): RemoteStatement => {
    const self: RemoteStatement = {
      text: () => inlineParameters(sql, params),
      bind: (...values: unknown[]) => statement(sql, values),
      first: async <T>(column?: string) => {
        const row = (await execute([self]))[0]?.results[0] ?? null;
        return (row === null ? null : column === undefined ? row : (row[column] ?? null)) as T | null;
      },
      all: async <T>() => (await execute([self]))[0] as D1Result<T>,
      run: async <T>() => (await execute([self]))[0] as D1Result<T>,
      raw: async <T>() => ((await execute([self]))[0]?.results ?? []).map((row) => Object.values(row)) as T[],
    };
    return self;
  };
  return {
    prepare: (sql: string) => statement(sql, []),
    batch: async <T>(statements: D1PreparedStatement[]) => (await execute(statements as RemoteStatement[])) as D1Result<T>[],
  };
}

import { describe, expect, it } from 'vitest';
import { inlineParameters, MAX_COMMAND_CHARS, remoteD1, sqlLiteral } from '../../../scripts/d1-remote';

// Node's built-in SQLite (unflagged from Node 22.13; the engines field allows 22.12, where the round trip is skipped).
const sqliteModule = await import('node:sqlite').catch(() => null);

describe('remote D1 transport: parameters as SQLite literals', () => {
  it.each<[unknown, string]>([
    [null, 'NULL'], [true, '1'], [false, '0'], [0, '0'], [42, '42'], [-7, '(-7)'], [1.5, '1.5'], [2n ** 70n, '1180591620717411303424'],
    ["O'Brien", "'O''Brien'"], ['', "''"], ['?1 -- x', "'?1 -- x'"], [new Uint8Array([0, 171, 255]), "X'00abff'"],
  ])('value %# → %s', (value, literal) => {
    expect(sqlLiteral(value)).toBe(literal);
  });

  it.each([undefined, Number.NaN, Number.POSITIVE_INFINITY, 'a\0b', {}])('refuses %j', (value) => {
    expect(() => sqlLiteral(value)).toThrow(TypeError);
  });

  it('numbers placeholders as SQLite does and leaves quoted text and comments alone', () => {
    expect(inlineParameters('SELECT ?, ?3, ?, \'?\', "a?", [b?], `c?` -- ?\n/* ? */', ['a', 'b', 'c', 'd'])).toBe(
      'SELECT \'a\', \'c\', \'d\', \'?\', "a?", [b?], `c?` -- ?\n/* ? */',
    );
    expect(inlineParameters("SELECT 'it''s ?', ?1", [1])).toBe("SELECT 'it''s ?', 1");
    expect(inlineParameters('SELECT 1-?1', [-1])).toBe('SELECT 1-(-1)');
    expect(() => inlineParameters('SELECT ?2', [1])).toThrow(RangeError);
  });

  it.skipIf(!sqliteModule)('round-trips every kind of value through a real SQLite, as wrangler would run it', async () => {
    const sqlite = new sqliteModule!.DatabaseSync(':memory:');
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, n REAL, b BLOB)');
    const commands: string[][] = [];
    const run = async (args: string[]) => {
      commands.push(args);
      const sql = args[args.indexOf('--command') + 1]!;
      // wrangler reports one outcome per statement.
      return JSON.stringify(sql.split(';\n').map((one) => ({ results: sqlite.prepare(one).all(), success: true, meta: {} })));
    };
    const db = remoteD1(run, () => 'unused.sql');
    const text = "O'Brien -- ?1 \u00e9\u{1F600}\n";
    await db.batch([
      db.prepare('INSERT INTO t (id, s, n, b) VALUES (?1, ?2, ?3, ?4)').bind(1, text, -2.25, new Uint8Array([1, 2])),
      db.prepare('INSERT INTO t (id, s, n, b) VALUES (?, ?, ?, ?)').bind(2, null, 0, null),
    ]);
    expect(commands).toHaveLength(1);
    expect(commands[0]!.slice(0, 6)).toEqual(['d1', 'execute', 'DB', '--remote', '--json', '--yes']);
    const row = await db.prepare('SELECT s, n, hex(b) AS b FROM t WHERE id = ?').bind(1).first<{ s: string; n: number; b: string }>();
    expect(row).toEqual({ s: text, n: -2.25, b: '0102' });
    expect(await db.prepare('SELECT s FROM t WHERE id = 2').first('s')).toBeNull();
    expect((await db.prepare('SELECT id FROM t ORDER BY id').all()).results).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await db.prepare('SELECT id FROM t WHERE id = ?').bind(3).first()).toBeNull();
  });

  it('sends a batch longer than a command line can carry as a file', async () => {
    const commands: string[][] = [];
    const files: string[] = [];
    const db = remoteD1(async (args) => (commands.push(args), '[]'), (sql) => (files.push(sql), '/tmp/batch.sql'));
    await db.batch([db.prepare('INSERT INTO t (s) VALUES (?)').bind('x'.repeat(MAX_COMMAND_CHARS))]);
    expect(commands[0]).toContain('--file');
    expect(commands[0]).toContain('/tmp/batch.sql');
    expect(files[0]).toMatch(/^INSERT INTO t \(s\) VALUES \('x+'\);\n$/);
  });
});

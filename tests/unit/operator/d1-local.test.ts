import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindValue, localD1 } from '../../../scripts/d1-local';
import { durableObjectIdFromName, LocalDatabaseMissing, localD1File, localDatabaseName, parseJsonc } from '../../../scripts/d1-local-file';
import { demoSeedStatements } from '../../../worker/db/seed/demo';
import { runStatementBatch } from '../../../worker/db/queries/operator-content';
import {
  addMerchantDomain, findDomainMerchant, findMerchantCode, listOperatorMerchants, setSiteSwitch,
} from '../../../worker/db/queries/operator-sites';

// Node's built-in SQLite with what the local transport uses (Node 22.16 and later; scripts/database.ts falls back to
// wrangler's platform proxy before that, so these tests are skipped there).
const sqliteModule = await import('node:sqlite').then((m) => (typeof m.StatementSync?.prototype.setReturnArrays === 'function' ? m : null), () => null);

describe('local D1 file: found as wrangler dev names it', () => {
  it('reads JSON with comments and trailing commas, leaving strings alone', () => {
    const text = '{\n  // a comment\n  "url": "http://x//y", /* block, */ "list": [1, 2,],\n  "s": "a \\" // b", "o": { "k": "/*v*/", },\n}';
    expect(parseJsonc(text)).toEqual({ url: 'http://x//y', list: [1, 2], s: 'a " // b', o: { k: '/*v*/' } });
    expect(() => parseJsonc('{ "a": }')).toThrow(SyntaxError);
  });

  it('names the database file with the local runtime\'s Durable Object id', () => {
    // The file wrangler 4 created for database_id 00000000-0000-4000-8000-000000000000.
    expect(durableObjectIdFromName('miniflare-D1DatabaseObject', '00000000-0000-4000-8000-000000000000'))
      .toBe('faaf2b0445ab934c3aac48ddf0cdfade8f9bac050be98993748742cdd2cb05fb');
  });

  it('takes the DB binding\'s preview id, else its id, else the binding name, from the top level only', () => {
    const db = (extra: object) => ({ d1_databases: [{ binding: 'OTHER', database_id: 'x' }, { binding: 'DB', ...extra }] });
    expect(localDatabaseName(db({ database_id: 'prod', preview_database_id: 'prev' }))).toBe('prev');
    expect(localDatabaseName(db({ database_id: 'prod' }))).toBe('prod');
    expect(localDatabaseName(db({}))).toBe('DB');
    expect(() => localDatabaseName({ env: { preview: { d1_databases: [{ binding: 'DB', database_id: 'p' }] } } })).toThrow(LocalDatabaseMissing);
  });

  it('finds the file of the repository\'s wrangler.jsonc, or says to run db:setup first', () => {
    const state = mkdtempSync(join(tmpdir(), 'playdeck-state-'));
    try {
      expect(() => localD1File(state)).toThrow(/run npm run db:setup first/);
      const name = localDatabaseName(parseJsonc(readFileSync('wrangler.jsonc', 'utf8')));
      const folder = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${durableObjectIdFromName('miniflare-D1DatabaseObject', name)}.sqlite`);
      writeFileSync(file, '');
      expect(localD1File(state)).toBe(file);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});

describe('local D1 transport: parameters as D1 binds them', () => {
  it('binds numbers, strings, null, booleans as 1/0 and bytes as a BLOB', () => {
    expect([null, 'a', 5, -2.5].map(bindValue)).toEqual([null, 'a', 5, -2.5]);
    expect([true, false].map(bindValue)).toEqual([1, 0]);
    expect(bindValue(new Uint8Array([1, 2]).buffer)).toEqual(new Uint8Array([1, 2]));
    expect(bindValue(new Uint16Array([0x0201]))).toEqual(new Uint8Array([1, 2]));
  });

  it.each([undefined, 10n, {}, Symbol('s')])('refuses %s with D1_TYPE_ERROR', (value) => {
    expect(() => bindValue(value)).toThrow(/^D1_TYPE_ERROR: /);
  });
});

describe.skipIf(!sqliteModule)('local D1 transport on a SQLite file: the worker\'s queries', () => {
  let folder: string;
  let sqlite: InstanceType<NonNullable<typeof sqliteModule>['DatabaseSync']>;
  let db: D1Database;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'playdeck-d1-local-'));
    sqlite = new sqliteModule!.DatabaseSync(join(folder, 'db.sqlite'));
    for (const file of readdirSync('worker/db/migrations').filter((f) => f.endsWith('.sql')).sort()) {
      sqlite.exec(readFileSync(join('worker/db/migrations', file), 'utf8'));
    }
    db = localD1(sqlite);
    await runStatementBatch(db, demoSeedStatements());
  });

  afterAll(() => {
    sqlite.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads and changes the seeded sites with the operator queries', async () => {
    expect(await findMerchantCode(db, 'demo')).toBe('DEMO');
    expect(await findMerchantCode(db, 'NOPE')).toBeNull();
    expect(await findDomainMerchant(db, 'play2.localhost')).toBe('DEMO2');
    await setSiteSwitch(db, 'DEMO', 'INBOX3', true);
    await addMerchantDomain(db, 'play.example.com', 'DEMO');
    const demo = (await listOperatorMerchants(db)).find((m) => m.code === 'DEMO')!;
    expect(demo.hosts).toBe('127.0.0.1 localhost play.example.com');
    expect(demo.switches).toContain('INBOX3=on');
    expect(Object.getPrototypeOf(demo)).toBe(Object.prototype);
  });

  it('answers in D1\'s shapes: meta, first(column), raw, blobs and REAL numbers', async () => {
    await db.prepare('CREATE TABLE probe (id INTEGER PRIMARY KEY, s TEXT UNIQUE, b BLOB)').run();
    const inserted = await db.prepare('INSERT INTO probe (s, b) VALUES (?1, ?2)').bind('x', new Uint8Array([1, 2])).run();
    expect(inserted).toMatchObject({ success: true, results: [], meta: { changes: 1, last_row_id: 1, changed_db: true } });
    const returned = await db.prepare('INSERT INTO probe (s) VALUES (?) RETURNING id').bind('y').all<{ id: number }>();
    expect(returned.results).toEqual([{ id: 2 }]);
    expect(returned.meta.changes).toBe(1);
    expect((await db.prepare('SELECT count(*) AS n FROM probe').all()).meta.changes).toBe(0);
    expect(await db.prepare('SELECT b FROM probe WHERE s = ?').bind('x').first('b')).toEqual([1, 2]);
    expect(await db.prepare('SELECT id FROM probe WHERE s = ?').bind('z').first('id')).toBeNull();
    await expect(db.prepare('SELECT id FROM probe').first('nope')).rejects.toThrow(/^D1_COLUMN_NOTFOUND: /);
    expect(await db.prepare('SELECT id, s, id FROM probe ORDER BY id').raw()).toEqual([[1, 'x', 1], [2, 'y', 2]]);
    const named = db.prepare('SELECT id, s FROM probe WHERE id = 1') as unknown as { raw(o: { columnNames: boolean }): Promise<unknown[]> };
    expect(await named.raw({ columnNames: true })).toEqual([['id', 's'], [1, 'x']]);
    expect(await db.prepare("SELECT typeof(?1) AS t, ?1 || '' AS s, 9007199254740993 AS big").bind(5).first()).toEqual({ t: 'real', s: '5.0', big: 9007199254740992 });
    await expect(db.prepare('SELEC 1').all()).rejects.toThrow(/^D1_ERROR: .*syntax error/);
  });

  it('runs a batch as one transaction: a statement failing midway leaves nothing written', async () => {
    const before = await listOperatorMerchants(db);
    const batch = db.batch([
      db.prepare('UPDATE merchants SET maintenance = 1 WHERE code = ?').bind('DEMO'),
      db.prepare('INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?)').bind('new.example.com', 'DEMO2'),
      db.prepare('INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?)').bind('localhost', 'DEMO2'),
      db.prepare('INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?)').bind('never.example.com', 'DEMO2'),
    ]);
    await expect(batch).rejects.toThrow(/^D1_ERROR: UNIQUE constraint failed/);
    expect(await listOperatorMerchants(db)).toEqual(before);
    expect(await findDomainMerchant(db, 'new.example.com')).toBeNull();
    // The connection is usable again, and a good batch commits every statement with its own result.
    const results = await db.batch([
      db.prepare('INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?)').bind('new.example.com', 'DEMO2'),
      db.prepare('SELECT merchant_code FROM merchant_domains WHERE host = ?').bind('new.example.com'),
    ]);
    expect(results.map((r) => r.results)).toEqual([[], [{ merchant_code: 'DEMO2' }]]);
    expect(await findDomainMerchant(db, 'new.example.com')).toBe('DEMO2');
  });
});

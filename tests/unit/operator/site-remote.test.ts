import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { remoteD1 } from '../../../scripts/d1-remote';
import { parseSiteCommand, runSiteCommand, type SiteCommand } from '../../../scripts/site-commands';
import { catalogueSeedStatements } from '../../../worker/db/seed/demo';

// Node's built-in SQLite (unflagged from Node 22.13; the engines field allows 22.12, where these tests are skipped).
const sqliteModule = await import('node:sqlite').catch(() => null);

/**
 * The site commands with `--remote`: the remote transport (scripts/d1-remote.ts) over a fake wrangler that runs each
 * command in a real SQLite holding the migrations and the production seed, one transaction per command as D1 does.
 */
function remoteDatabase() {
  const sqlite = new sqliteModule!.DatabaseSync(':memory:');
  sqlite.exec('PRAGMA foreign_keys = ON');
  for (const file of readdirSync('worker/db/migrations').sort()) sqlite.exec(readFileSync(`worker/db/migrations/${file}`, 'utf8'));
  for (const sql of catalogueSeedStatements()) sqlite.exec(sql);
  const commands: string[] = [];
  const run = async (args: string[]) => {
    const sql = args[args.indexOf('--command') + 1]!;
    commands.push(sql);
    sqlite.exec('BEGIN');
    try {
      // The statements the transport joins with ';\n' (none of these carries that text inside a value).
      const outcomes = sql.split(';\n').map((statement) => ({ results: sqlite.prepare(statement).all(), success: true, meta: {} }));
      sqlite.exec('COMMIT');
      return JSON.stringify(outcomes);
    } catch (error) {
      sqlite.exec('ROLLBACK');
      throw error;
    }
  };
  const count = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
  return { db: remoteD1(run, () => 'unused'), commands, count };
}

const refuse = (message: string): never => {
  throw new Error(`refused: ${message}`);
};

const command = (...args: string[]) => parseSiteCommand(['site', ...args]) as SiteCommand;

describe.skipIf(!sqliteModule)('site commands on the deployed database (--remote)', () => {
  it('the production seed holds the catalogue and no site or player; create writes a site in one wrangler command', async () => {
    const remote = remoteDatabase();
    expect(remote.count('SELECT COUNT(*) AS n FROM merchants') + remote.count('SELECT COUNT(*) AS n FROM members')).toBe(0);
    expect(remote.count('SELECT COUNT(*) AS n FROM games')).toBeGreaterThan(650);

    const out = await runSiteCommand(remote.db, command('create', 'PROD', '--name', "Player's Club", '--domain', 'play.example.org', '--currency', 'EUR', '--language', 'fr'), refuse);
    expect(out).toContain('PROD created; play.example.org now serve');
    expect(out).toContain('currency: EUR (€)   theme: dark   default language: FR');
    const writes = remote.commands.filter((sql) => sql.includes('INSERT INTO'));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split(';\n').every((s) => s.startsWith('INSERT INTO'))).toBe(true);
    expect(remote.count(`SELECT COUNT(*) AS n FROM merchant_vendors WHERE merchant_code = 'PROD'`)).toBeGreaterThanOrEqual(15);
    expect(remote.count(`SELECT COUNT(*) AS n FROM merchants WHERE name = 'Player''s Club'`)).toBe(1);
  });

  it('refuses an existing code, a routed host and a missing catalogue before writing anything', async () => {
    const remote = remoteDatabase();
    await runSiteCommand(remote.db, command('create', 'ONE', '--name', 'One', '--domain', 'one.example.org', '--currency', 'USD'), refuse);
    const before = remote.commands.length;
    await expect(runSiteCommand(remote.db, command('create', 'one', '--name', 'Again', '--domain', 'two.example.org', '--currency', 'USD'), refuse))
      .rejects.toThrow('refused: A site ONE exists already');
    await expect(runSiteCommand(remote.db, command('create', 'TWO', '--name', 'Two', '--domain', 'two.example.org', '--domain', 'one.example.org', '--currency', 'USD'), refuse))
      .rejects.toThrow('refused: one.example.org already serves ONE');
    expect(remote.commands.slice(before).some((sql) => sql.includes('INSERT'))).toBe(false);
    expect(remote.count(`SELECT COUNT(*) AS n FROM merchant_domains WHERE host = 'two.example.org'`)).toBe(0);
  });

  it('site set writes its changes in one command and shows the site after', async () => {
    const remote = remoteDatabase();
    await runSiteCommand(remote.db, command('create', 'SET1', '--name', 'Set', '--domain', 'set.example.org', '--currency', 'USD', '--catalogue', 'none'), refuse);
    const before = remote.commands.length;
    const out = await runSiteCommand(remote.db, command('set', 'set1', 'theme=light', 'accentColor=#00AA88', 'trialBalance=25', 'promotions=MISSION'), refuse);
    expect(remote.commands.slice(before).filter((sql) => sql.includes('UPDATE') || sql.includes('INSERT'))).toHaveLength(1);
    expect(out).toContain('trial balance: 25.00');
    expect(out).toContain('accent #00aa88');
    expect(out).toContain('promotions running: MISSION');
    expect(out).toContain('vendors (0)');
    await expect(runSiteCommand(remote.db, command('show', 'NOPE'), refuse)).rejects.toThrow('refused: No site NOPE');
  });
});

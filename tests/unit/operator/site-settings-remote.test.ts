import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { remoteD1 } from '../../../scripts/d1-remote';
import { parseSiteSettingsCommand } from '../../../scripts/site-settings-commands';
import { runSiteSettings, SettingsRefusal } from '../../../scripts/site-settings';

// The site-settings commands with `--remote`: every read and write goes through the remote transport
// (scripts/d1-remote.ts) as `wrangler d1 execute --command`, here run by Node's SQLite on the real migrations.
// A write is one wrangler command (one transaction); a refused command sends no write.
const sqliteModule = await import('node:sqlite').catch(() => null);

function remoteSite() {
  const sqlite = new sqliteModule!.DatabaseSync(':memory:');
  const folder = 'worker/db/migrations';
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) sqlite.exec(readFileSync(`${folder}/${file}`, 'utf8'));
  sqlite.exec(`INSERT INTO merchants (code, name, created_at) VALUES ('DEMO', 'Demo', 1);
    INSERT INTO merchant_domains (host, merchant_code) VALUES ('play.example.org', 'DEMO');
    INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, sort_order) VALUES ('DEMO', 'DEMO_BANK', 'demo', 'Bank', 1000, 500000, 10);
    INSERT INTO site_switches (merchant_code, module_id, enabled) VALUES ('DEMO', 'GOOGLELOGIN3', 1);`);
  const writes: string[] = [];
  const run = async (args: string[]) => {
    const sql = args[args.indexOf('--command') + 1]!;
    if (/^\s*(INSERT|UPDATE|DELETE)/m.test(sql)) writes.push(sql);
    // As D1 runs a command: one transaction, one outcome per statement.
    sqlite.exec('BEGIN');
    try {
      const outcomes = sql.split(';\n').map((one) => ({ results: sqlite.prepare(one).all(), success: true, meta: {} }));
      sqlite.exec('COMMIT');
      return JSON.stringify(outcomes);
    } catch (error) {
      sqlite.exec('ROLLBACK');
      throw error;
    }
  };
  const db = remoteD1(run, () => 'unused.sql');
  const context = { remote: true, secretNames: () => new Set<string>() };
  const operator = (...args: string[]) => runSiteSettings(db, parseSiteSettingsCommand(args)!, 'DEMO', context);
  return { sqlite, writes, operator };
}

describe.skipIf(!sqliteModule)('site-settings commands on the deployed database (--remote)', () => {
  it('sets and clears a link in one command each', async () => {
    const { sqlite, writes, operator } = remoteSite();
    expect(await operator('link', 'DEMO', 'telegram', 'https://t.me/lucky', "label=Lucky's Telegram")).toContain('TELEGRAM link is now https://t.me/lucky');
    expect(await operator('link', 'DEMO', 'cs', 'none')).toContain('CS link cleared');
    expect(writes).toHaveLength(2);
    expect(sqlite.prepare(`SELECT resource_type, url, label_name_en FROM merchant_resources`).all()).toEqual([{ resource_type: 'TELEGRAM', url: 'https://t.me/lucky', label_name_en: "Lucky's Telegram" }]);
    expect(sqlite.prepare(`SELECT cs_type, path FROM customer_service`).all()).toEqual([{ cs_type: 'CS', path: '' }]);
  });

  it('writes every changed registration rule in one command', async () => {
    const { sqlite, writes, operator } = remoteSite();
    await operator('registration', 'DEMO', 'username=required', 'password=required', 'email=optional', 'order=email,username,password');
    expect(writes).toHaveLength(1);
    expect(sqlite.prepare(`SELECT field, enabled, required FROM registration_fields WHERE enabled = 1 ORDER BY sort_order`).all())
      .toEqual([{ field: 'email', enabled: 1, required: 0 }, { field: 'username', enabled: 1, required: 1 }, { field: 'password', enabled: 1, required: 1 }]);
  });

  it('refuses a change that does not fit what is stored, and writes nothing', async () => {
    const { sqlite, writes, operator } = remoteSite();
    await expect(operator('payment-method', 'DEMO', 'DEMO_BANK', 'min=6000')).rejects.toThrow(SettingsRefusal);
    await expect(operator('payment-method', 'DEMO', 'CARD', 'min=1')).rejects.toThrow(/To add it, give provider=demo\|http name=… max=…/);
    await expect(operator('payment-method', 'DEMO', 'CARD', 'provider=http', 'name=Card', 'min=1', 'max=2')).rejects.toThrow(/endpoint=https/);
    await expect(operator('withdraw-settings', 'DEMO', 'min=10')).rejects.toThrow(/give payout=<METHOD> min=… max=… together/);
    await expect(operator('withdraw-settings', 'DEMO', 'payout=CARD', 'min=10', 'max=20')).rejects.toThrow(/No payment method CARD/);
    expect(writes).toEqual([]);
    expect(sqlite.prepare(`SELECT min_minor FROM payment_methods`).all()).toEqual([{ min_minor: 1000 }]);
  });

  it('adds a method with its names, then turns withdrawals on with it', async () => {
    const { sqlite, operator } = remoteSite();
    const out = await operator('payment-method', 'DEMO', 'gcash', 'provider=demo', 'name=GCash', 'name.vi=Ví GCash', 'min=1', 'max=250.50');
    expect(out).toContain('payment method added');
    expect(out).toContain('GCASH  on   order 20  demo  1.00 – 250.50  "GCash"  (VI: Ví GCash)');
    expect(await operator('withdraw-settings', 'DEMO', 'payout=GCASH', 'min=5', 'max=100')).toContain('payout method GCASH  limits 5.00 – 100.00');
    await operator('payment-method', 'DEMO', 'CARD', 'provider=http', 'name=Card', 'min=1', 'max=2', 'endpoint=https://psp.example/api', 'account=a1', 'secret=PSP_CARD_KEY');
    expect(await operator('settings', 'DEMO')).toContain('payment method CARD uses the HTTP provider but the worker secret PSP_CARD_KEY is not set');
    expect(sqlite.prepare(`SELECT payout_method, min_minor, max_minor FROM withdraw_settings`).all()).toEqual([{ payout_method: 'GCASH', min_minor: 500, max_minor: 10000 }]);
  });

  it('configures a social login, and says plainly that its switch is on while its secret is missing', async () => {
    const { sqlite, operator } = remoteSite();
    expect(await operator('settings', 'DEMO')).toContain('GOOGLELOGIN3 is on but google login is not usable, so the login page shows no google button: no client id is configured');
    const out = await operator('social', 'DEMO', 'google', 'client=123456789012-abcdefghij0123456789.apps.googleusercontent.com', 'secret=GOOGLE_CLIENT_SECRET');
    expect(out).toContain('secret GOOGLE_CLIENT_SECRET (NOT SET)');
    expect(out).toContain('npx wrangler secret put GOOGLE_CLIENT_SECRET');
    expect(out).toContain('https://play.example.org/wps/playdeck/oauth/google/callback');
    expect(sqlite.prepare(`SELECT client_secret_env, token_url, jwks_url FROM identity_providers WHERE provider = 'google'`).all())
      .toEqual([{ client_secret_env: 'GOOGLE_CLIENT_SECRET', token_url: 'https://oauth2.googleapis.com/token', jwks_url: 'https://www.googleapis.com/oauth2/v3/certs' }]);
    expect(await operator('social', 'DEMO', 'google', 'none')).toContain('google login configuration removed');
  });
});

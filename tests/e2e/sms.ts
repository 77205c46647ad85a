import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The test server's local D1 database, read and changed the way an operator would (`wrangler d1 execute`): the SMS
 * outbox (worker/services/kit/sms-provider.ts writes every code there in development) and the site switches. The state
 * folder is the one playwright.config.ts gives the server: `.wrangler/e2e-state-<E2E_PORT>`.
 */
const PORT = Number(process.env.E2E_PORT ?? 8790);
const STATE = `.wrangler/e2e-state-${PORT}`;
const BIN = resolve('node_modules/.bin');

/**
 * Runs one SQL statement against the test server's database and returns its rows. The server writes to the same
 * SQLite file, so a statement can meet its lock (SQLITE_BUSY): it was then not run at all, and is tried again, up to
 * five times, 200 ms apart.
 */
export function d1<Row = Record<string, unknown>>(sql: string): Row[] {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      `${BIN}/wrangler`,
      ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--json', '--yes', '--command', sql, '-c', 'wrangler.jsonc'],
      { encoding: 'utf8', env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false', CI: 'true' } },
    );
    if (result.status === 0) {
      const outcomes = JSON.parse(result.stdout) as { results: Row[] }[];
      return outcomes[0]?.results ?? [];
    }
    const output = `${result.stderr}${result.stdout}`;
    if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(output)) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}

/** SQL string literal. */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The code of the newest SMS sent to this mobile number (as typed on the form), or null when none was sent. */
export function lastSmsCode(mobileNum: string): string | null {
  const rows = d1<{ body: string }>(`SELECT body FROM sms_outbox WHERE mobile_num = ${sqlText(mobileNum)} ORDER BY id DESC LIMIT 1`);
  const match = /\b(\d{6})\b/.exec(rows[0]?.body ?? '');
  return match?.[1] ?? null;
}

/** How many SMS went to this mobile number. */
export function smsCount(mobileNum: string): number {
  return Number(d1<{ n: number }>(`SELECT COUNT(*) AS n FROM sms_outbox WHERE mobile_num = ${sqlText(mobileNum)}`)[0]?.n ?? 0);
}

/**
 * Turns a site switch of the DEMO site on or off (accounts §3 site switches); the worker reads them per request.
 * Browser tests run in parallel on one database, so the mobile-registration switches (REGMOBVERF3,
 * MOBILENUMPASSREG3) are only ever turned on during a run, and every flow fills whatever they ask for.
 */
export function setSwitch(moduleId: string | readonly string[], on: boolean): void {
  const rows = (typeof moduleId === 'string' ? [moduleId] : moduleId).map((id) => `('DEMO', ${sqlText(id)}, ${on ? 1 : 0})`);
  d1(`INSERT INTO site_switches (merchant_code, module_id, enabled) VALUES ${rows.join(', ')}
      ON CONFLICT (merchant_code, module_id) DO UPDATE SET enabled = excluded.enabled`);
}

/**
 * A mobile number nobody in this database has, as a Philippine player types it with the form's first dialling
 * code (+63): 11 digits, 09 and nine more (a possible PH mobile: the trunk 0 and 10 national digits).
 */
export function newMobileNum(): string {
  return `09${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/**
 * Operator script for the local D1 database (the same commands work against a remote database with
 * `--remote` instead of `--local`):
 *   node scripts/d1.ts migrate   apply worker/db/migrations
 *   node scripts/d1.ts seed      load the demo merchants and catalogue (idempotent: keeps existing accounts), then
 *                                import each demo site's content folder (content/demo/<merchant>)
 *   node scripts/d1.ts outbox    print the SMS messages of the local outbox, newest first
 *   node scripts/d1.ts mailbox   print the e-mails of the local outbox (password-reset links), newest first
 * PLAYDECK_STATE selects another local state folder (default .wrangler/state).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { demoSeedStatements } from '../worker/db/seed/demo.ts';
import { d1Location, wrangler } from './wrangler.ts';
import { runContentCommand } from './operator-content.ts';

const command = process.argv[2];
const where = d1Location(process.argv);

if (command === 'migrate') {
  process.stdout.write(wrangler(['d1', 'migrations', 'apply', 'DB', ...where]));
} else if (command === 'seed') {
  mkdirSync('.wrangler', { recursive: true });
  const file = '.wrangler/demo-seed.sql';
  writeFileSync(file, demoSeedStatements().join(';\n') + ';\n');
  wrangler(['d1', 'execute', 'DB', ...where, '--file', file, '--yes']);
  console.log('Demo data seeded.');
  for (const code of ['DEMO', 'DEMO2']) console.log(await runContentCommand(['import', code, `content/demo/${code}`], where, code));
} else if (command === 'outbox') {
  const out = wrangler([
    'd1', 'execute', 'DB', ...where, '--json', '--command',
    'SELECT created_at, merchant_code, country_dialing_code, mobile_num, body FROM sms_outbox ORDER BY id DESC LIMIT 50',
  ]);
  const rows = (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]?.results ?? [];
  if (rows.length === 0) console.log('The SMS outbox is empty.');
  for (const row of rows) {
    const at = new Date(Number(row.created_at)).toISOString();
    console.log(`${at}  ${String(row.merchant_code)}  +${String(row.country_dialing_code)} ${String(row.mobile_num)}  ${String(row.body)}`);
  }
} else if (command === 'mailbox') {
  const out = wrangler([
    'd1', 'execute', 'DB', ...where, '--json', '--command',
    'SELECT created_at, merchant_code, to_address, subject, body FROM email_outbox ORDER BY id DESC LIMIT 20',
  ]);
  const rows = (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]?.results ?? [];
  if (rows.length === 0) console.log('The e-mail outbox is empty.');
  for (const row of rows) {
    const at = new Date(Number(row.created_at)).toISOString();
    console.log(`${at}  ${String(row.merchant_code)}  to ${String(row.to_address)}  ${String(row.subject)}\n${String(row.body)}\n`);
  }
} else {
  console.error('usage: node scripts/d1.ts migrate|seed|outbox|mailbox [--remote]');
  process.exit(2);
}

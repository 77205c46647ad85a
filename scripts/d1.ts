/**
 * Operator script for the local D1 database (the same commands work against a remote database with
 * `--remote` instead of `--local`):
 *   node scripts/d1.ts migrate   apply worker/db/migrations
 *   node scripts/d1.ts seed      load the catalogue and the demo merchants (idempotent: keeps existing accounts),
 *                                then import each demo site's content folder (content/demo/<merchant>)
 *   node scripts/d1.ts seed --production
 *                                load only the catalogue (vendors, games, lottery configuration, countries): no
 *                                demo merchant, no demo player; sites come from `operator -- site create`
 *                                (docs/sites.md)
 *   node scripts/d1.ts outbox    print the SMS messages of the local outbox, newest first
 *   node scripts/d1.ts mailbox   print the e-mails of the local outbox (password-reset links), newest first
 * Migrations run through `wrangler d1 migrations apply`; the rest runs the query functions of worker/db on a
 * D1Database (scripts/database.ts). PLAYDECK_STATE selects another local state folder (default .wrangler/state).
 */
import { catalogueSeedStatements, demoSeedStatements } from '../worker/db/seed/demo.ts';
import { listEmailOutbox, listSmsOutbox, runStatementBatch } from '../worker/db/queries/operator-content.ts';
import { d1Location, wrangler } from './wrangler.ts';
import { openDatabase } from './database.ts';
import { runContentCommand } from './operator-content.ts';

const command = process.argv[2];

if (command === 'migrate') {
  process.stdout.write(wrangler(['d1', 'migrations', 'apply', 'DB', ...d1Location(process.argv)]));
} else if (command === 'seed' || command === 'outbox' || command === 'mailbox') {
  const open = await openDatabase(process.argv);
  try {
    if (command === 'seed' && process.argv.includes('--production')) {
      await runStatementBatch(open.db, catalogueSeedStatements());
      console.log('Catalogue seeded (vendors, games, lottery configuration, countries); no demo site. Create a site: npm run operator -- site create … (docs/sites.md)');
    } else if (command === 'seed') {
      await runStatementBatch(open.db, demoSeedStatements());
      console.log('Demo data seeded.');
      for (const code of ['DEMO', 'DEMO2']) console.log(await runContentCommand(['import', code, `content/demo/${code}`], open, code));
    } else if (command === 'outbox') {
      const rows = await listSmsOutbox(open.db);
      if (rows.length === 0) console.log('The SMS outbox is empty.');
      for (const row of rows) {
        const at = new Date(Number(row.created_at)).toISOString();
        console.log(`${at}  ${row.merchant_code}  +${row.country_dialing_code} ${row.mobile_num}  ${row.body}`);
      }
    } else {
      const rows = await listEmailOutbox(open.db);
      if (rows.length === 0) console.log('The e-mail outbox is empty.');
      for (const row of rows) {
        const at = new Date(Number(row.created_at)).toISOString();
        console.log(`${at}  ${row.merchant_code}  to ${row.to_address}  ${row.subject}\n${row.body}\n`);
      }
    }
  } finally {
    await open.close();
  }
} else {
  console.error('usage: node scripts/d1.ts migrate|seed [--production]|outbox|mailbox [--remote]');
  process.exit(2);
}

/**
 * Prints the login popup records (accounts §3 "Popup storage records") of the demo sites' popups marked as seen,
 * as Playwright storage-state origins: browser tests start with the demo popups closed, as a returning player has
 * them, so a popup does not cover the page they test; tests of the popups themselves start without this state.
 * The records are the popups' 'title,content' as the API sends them (the import's and the API's own sanitiser).
 * Usage: node tests/e2e/popups-seen.ts <port>
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readContentFolder } from '../../scripts/content-folder.ts';
import { plainText, sanitizeRich } from '../../worker/model/rich-text.ts';

const port = process.argv[2] ?? '8790';
const records: string[] = [];
for (const merchant of readdirSync('content/demo')) {
  const { bundle } = await readContentFolder(join('content/demo', merchant), merchant, Date.now());
  const announcements = (bundle as { announcements: { type: string; title: string; content?: string }[] }).announcements;
  for (const a of announcements.filter((item) => item.type === 'PU')) {
    records.push(`${plainText(plainText(a.title.trim()))},${sanitizeRich(sanitizeRich(a.content ?? ''))}`);
  }
}
const value = JSON.stringify({ show: false, data: records });
const localStorage = [{ name: 'popupA', value }, { name: 'popupB', value }];
const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://play2.localhost:${port}`].map((origin) => ({ origin, localStorage }));
process.stdout.write(JSON.stringify({ cookies: [], origins }));

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { registerPlayer } from '../players';
import { contentBundle } from '../../../worker/model/content-bundle';
import { contentImportSql } from '../../../worker/db/queries/content-import';
import { sanitizeRich } from '../../../worker/model/rich-text';

/**
 * The XSS corpus in Chromium (issue: operator content; accounts §2 rich content): every payload of
 * tests/fixtures/xss-corpus.txt is imported as the body of announcements (the operator's `content import`) and
 * sent as inbox messages (the operator's `message` command) and typed into live chat by a player; the pages that
 * show rich text (/m/notice, /m/webEmail, /m/liveChat, and /m/help and /m/helpDetail, which the edge fills from the
 * help centre on the server) render them with a `window.__xss` trap in place. The
 * announcements are written with the import's own statements (worker/db/queries/content-import.ts, sanitised on
 * the way in) through `wrangler d1 execute`, as the import does against a deployed database. Nothing
 * may run: the trap and page dialogs stay silent, and the rendered content holds no script-capable markup (so
 * the test does not lean on the page's CSP alone). Payloads go in batches, many to a page.
 * The operator script writes the database from outside the server: this spec runs with the other outside writers.
 */
test.describe.configure({ mode: 'serial' });

const CORPUS = readFileSync('tests/fixtures/xss-corpus.txt', 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('# '));
const BATCHES = 8;
const batches = Array.from({ length: BATCHES }, (_, b) => CORPUS.filter((_, i) => i % BATCHES === b));
const RUN = Date.now().toString(36);
const slugOf = (b: number) => `xss-${RUN}-${b}`;

function operator(...args: string[]): string {
  const result = spawnSync('node', ['scripts/operator.ts', ...args], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
  expect(result.status, result.stderr + result.stdout).toBe(0);
  return result.stdout;
}

/** Installs the trap before any page script: payloads call __xss() (or alert, which opens a dialog). */
async function armTrap(page: Page): Promise<{ dialogs: string[] }> {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: () => void; __xssHits: number };
    w.__xssHits = 0;
    w.__xss = () => {
      w.__xssHits += 1;
    };
  });
  return seen;
}

/** Script-capable markup inside `selector` (what a sanitiser must never let through), as short descriptions. */
async function activeMarkup(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const found: string[] = [];
    const banned = /^(script|iframe|frame|object|embed|svg|math|style|link|base|meta|form|template|noscript|input|button|textarea|select|video|audio|source)$/i;
    for (const root of roots) {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (banned.test(el.tagName)) found.push(`<${el.tagName.toLowerCase()}>`);
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name) || /^(style|srcdoc|formaction|action|xlink:href)$/i.test(attr.name)) found.push(`[${attr.name}]`);
          // eslint-disable-next-line no-control-regex
          if (/^(href|src)$/i.test(attr.name) && /^\s*(javascript|vbscript|data|livescript):/i.test(attr.value.replace(/[\s\u0000-\u001f]/g, ''))) found.push(`[${attr.name}=${attr.value}]`);
        }
      }
    }
    return found;
  });
}

async function expectSilent(page: Page, seen: { dialogs: string[] }): Promise<void> {
  // Give error and load handlers of broken images a moment to fire, were any left.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xssHits: number }).__xssHits)).toBe(0);
  expect(seen.dialogs).toEqual([]);
}

let folder = '';

/** Runs the import's statements (content-import.ts) or any SQL on the browser tests' database, as the import does. */
function executeSql(name: string, statements: string[]): void {
  const file = join(folder, name);
  writeFileSync(file, `${statements.join(';\n')};\n`);
  const result = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', E2E_STATE, '--file', file, '--yes', '-c', 'wrangler.jsonc'], {
    encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
}

/** Imports the batches as DEMO notices (published or not) in one `wrangler d1 execute` of the import's statements. */
function importBatches(published: boolean): void {
  const bundle = contentBundle.parse({
    announcements: batches.map((payloads, b) => ({
      slug: slugOf(b), type: 'A', title: `XSS batch ${b + 1} ${RUN}`, content: payloads.map((p) => `<div>${p}</div>`).join(''),
      startDate: Date.now() - 86_400_000, order: -1000 - b, published,
    })),
  });
  executeSql('import.sql', contentImportSql('DEMO', bundle, Date.now()));
}

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'xss-content-'));
  importBatches(true);
});

test.afterAll(() => {
  // The same import again, unpublished: other tests of the demo site see its notices as before.
  importBatches(false);
  rmSync(folder, { recursive: true, force: true });
});

test('announcements (/m/notice): every payload rendered, nothing executes', async ({ page }) => {
  test.setTimeout(90_000);
  const seen = await armTrap(page);
  await registerPlayer(page);
  await page.goto('/m/notice');
  for (let b = 0; b < BATCHES; b += 1) {
    await page.getByRole('button', { name: new RegExp(`XSS batch ${b + 1} ${RUN}`) }).click();
    const body = page.locator('.notice-body');
    await expect(body).toBeVisible();
    expect(await activeMarkup(page, '.notice-body'), `batch ${b + 1}`).toEqual([]);
  }
  await expectSilent(page, seen);
});

test('inbox (/m/webEmail): operator messages with every payload open inert', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = await armTrap(page);
  const player = await registerPlayer(page);
  // Three messages (each operator call is a process of its own), every payload in one of them.
  const mails = [0, 1, 2].map((m) => CORPUS.filter((_, i) => i % 3 === m));
  mails.forEach((payloads, b) => {
    operator('message', 'DEMO', `member:${player.username}`, `${slugOf(b)}`, `XSS mail ${b + 1}`, payloads.map((p) => `<div>${p}</div>`).join(''));
  });
  await page.goto('/m/webEmail');
  for (let b = 0; b < mails.length; b += 1) {
    await page.getByRole('button', { name: new RegExp(`XSS mail ${b + 1}\\b`) }).click();
    await expect(page.locator('.inbox-message .rich-text')).toBeVisible();
    expect(await activeMarkup(page, '.inbox-message .rich-text'), `mail ${b + 1}`).toEqual([]);
    await expectSilent(page, seen);
    await page.goto('/m/webEmail');
  }
  await expectSilent(page, seen);
});

test('live chat (/m/liveChat): payloads typed by a player are shown as text', async ({ page }) => {
  test.setTimeout(90_000);
  const seen = await armTrap(page);
  await registerPlayer(page);
  await page.goto('/m/message');
  await page.getByRole('button', { name: /Live chat/ }).click();
  await page.waitForURL('**/m/liveChat?*');
  // Three messages of up to 1000 characters, each many payloads long.
  const texts: string[] = [];
  let current = '';
  for (const payload of CORPUS) {
    if (current.length + payload.length + 1 > 1000) {
      texts.push(current);
      current = '';
      if (texts.length === 3) break;
    }
    current += `${payload} `;
  }
  for (const text of texts) {
    await page.getByPlaceholder('Type a message').fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
  }
  await expect(page.locator('.chat-line.player')).toHaveCount(texts.length);
  // Every message is answered: delivered as text, or refused when nothing but markup was in it (empty once
  // sanitised, so nothing is stored).
  await expect(page.locator('.chat-line.player .chat-receipt').first()).toContainText('Delivered');
  await expect(page.locator('.chat-line.player .chat-receipt').last()).toContainText(/Delivered|Not sent/);
  expect(await activeMarkup(page, '.chat-line')).toEqual([]);
  await expectSilent(page, seen);
});

/** Tag of the help section of batch `b` (selected by /m/help?tag=…). */
const helpTag = (b: number) => `xss-${RUN}-${b}`;
const batchOf = (b: number) => batches[b]!;

test('help centre (/m/help, /m/helpDetail): every payload rendered by the edge, nothing executes', async ({ page }) => {
  test.setTimeout(120_000);
  // One EN section per batch (its payloads as the section's content) with one child holding the same payloads, put
  // first in the DEMO help centre; removed again afterwards, so the demo help is as other tests expect it.
  const bundle = contentBundle.parse({
    help: batches.flatMap((payloads, b) => {
      const content = payloads.map((p) => `<div>${p}</div>`).join('');
      return [
        { language: 'EN', slug: `${slugOf(b)}-s`, tag: helpTag(b), title: `XSS help ${b + 1} ${RUN}`, content, order: -1000 + b },
        { language: 'EN', slug: `${slugOf(b)}-c`, parent: `${slugOf(b)}-s`, title: `XSS help child ${b + 1} ${RUN}`, content },
      ];
    }),
  });
  executeSql('help.sql', contentImportSql('DEMO', bundle, Date.now()));
  try {
    const seen = await armTrap(page);
    for (let b = 0; b < BATCHES; b += 1) {
      // The accordion with batch b's section and child open (server-side selection), then every section opened too.
      await page.goto(`/m/help?tag=${helpTag(b)}&c=0`);
      await expect(page.locator('details[data-selected] h3')).toHaveText(`XSS help child ${b + 1} ${RUN}`);
      // The payloads are on the page as the sanitiser left them: every wrapper it kept is there.
      const kept = (sanitizeRich(batchOf(b).map((p) => `<div>${p}</div>`).join('')).match(/<div>/g) ?? []).length;
      expect(await page.locator(`details[data-tag="${helpTag(b)}"] > .rich div`).count(), `help batch ${b + 1}`).toBe(kept);
      if (b === 0) await page.locator('[data-fill="help"] details').evaluateAll((all) => all.forEach((d) => { (d as HTMLDetailsElement).open = true; }));
      expect(await activeMarkup(page, '[data-fill="help"]'), `help batch ${b + 1}`).toEqual([]);
      await expectSilent(page, seen);
      // The section and the child on their own page.
      await page.goto(`/m/helpDetail?tag=${helpTag(b)}`);
      await expect(page.locator('#help-item')).toHaveText(`XSS help ${b + 1} ${RUN}`);
      expect(await activeMarkup(page, '[data-fill="help-detail"]'), `helpDetail batch ${b + 1}`).toEqual([]);
      await page.goto(`/m/helpDetail?tag=${helpTag(b)}&c=0`);
      await expect(page.locator('#help-item')).toHaveText(`XSS help child ${b + 1} ${RUN}`);
      expect(await activeMarkup(page, '[data-fill="help-detail"]'), `helpDetail child batch ${b + 1}`).toEqual([]);
      await expectSilent(page, seen);
    }
  } finally {
    executeSql('help-cleanup.sql', [`DELETE FROM help_entries WHERE merchant_code = 'DEMO' AND slug LIKE 'xss-${RUN}-%'`]);
  }
});

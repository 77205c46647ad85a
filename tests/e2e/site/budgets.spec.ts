import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/**
 * Page-weight budgets (perf-budgets.json): each page, opened on a phone and left alone (no tap, no scroll), may
 * load at most `requests` script files whose gzip sizes add up to at most `gzipKB` kilobytes (1 KB = 1024 bytes).
 * Counted: every script the page fetches from its own origin until the network is quiet and idle-time islands
 * have hydrated. Lowering a budget is how a change proves the site got lighter.
 */
interface Budget {
  gzipKB: number;
  requests: number;
}
const BUDGETS = (JSON.parse(readFileSync(new URL('../../../perf-budgets.json', import.meta.url), 'utf8')) as { pages: Record<string, Budget> }).pages;

/** The scripts a page loads before any interaction: count and gzip sum. */
async function scriptWeight(page: Page, origin: string, path: string): Promise<{ requests: number; gzipBytes: number; files: string[] }> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) return;
    // A redirect (a page that sends a visitor elsewhere) has no body: the script it leads to is counted instead.
    if (!bodies.has(response.url()) && response.status() < 300) bodies.set(response.url(), response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Islands that hydrate on idle: give the browser its idle time, then wait for their scripts.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  let gzipBytes = 0;
  for (const body of bodies.values()) gzipBytes += gzipSync(await body).length;
  return { requests: bodies.size, gzipBytes, files: [...bodies.keys()].map((u) => new URL(u).pathname) };
}

for (const [path, budget] of Object.entries(BUDGETS)) {
  test(`${path} stays within its script budget (${budget.gzipKB} KB gzip, ${budget.requests} requests)`, async ({ page, baseURL }) => {
    const weight = await scriptWeight(page, new URL(baseURL!).origin, path);
    const kb = Math.round((weight.gzipBytes / 1024) * 10) / 10;
    test.info().annotations.push({ type: 'weight', description: `${path}: ${weight.requests} scripts, ${kb} KB gzip` });
    console.log(`budget ${path}: ${weight.requests} scripts (budget ${budget.requests}), ${kb} KB gzip (budget ${budget.gzipKB})`);
    expect(weight.requests, weight.files.join('\n')).toBeLessThanOrEqual(budget.requests);
    expect(kb, weight.files.join('\n')).toBeLessThanOrEqual(budget.gzipKB);
  });
}

/**
 * Lighthouse SEO of every public page (docs/seo.md; not part of `npm test`): reads the site's `/sitemap.xml` and runs
 * Lighthouse's SEO category (mobile) on every page it lists, at the page's `x-default` address and in the languages
 * given with `--lang` (default `ar`: the right-to-left file; `--lang none` for none), then prints the score per page
 * and the audits that failed. Exits 1 when any page scores under 100.
 *
 * Without `--base` it serves the built site itself like `npm run bench`: `npm run build` when dist/ is missing, a
 * fresh local database (`.wrangler/seo-state`, `npm run db:setup`), `scripts/serve.ts` on `--port` (default 8793).
 * With `--base <origin>` it reads a server that is already running (e.g. `http://play2.localhost:8787` for the second
 * demo site, or a preview deployment).
 * Usage: npm run seo [-- --base http://127.0.0.1:8787] [-- --port 8793] [-- --lang ar,fr | none]
 * (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, run, waitFor } from './lighthouse-kit.ts';

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const PORT = Number(flag('--port') ?? 8793);
const GIVEN_BASE = flag('--base')?.replace(/\/+$/, '');
const BASE = GIVEN_BASE ?? `http://127.0.0.1:${PORT}`;
const LANGUAGES = (flag('--lang') ?? 'ar').split(',').map((l) => l.trim().toLowerCase()).filter((l) => l !== '' && l !== 'none');
const STATE = '.wrangler/seo-state';


/** `*.localhost` is the loopback address (as browsers resolve it; Node's resolver may not know the name). */
const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  import('node:dns').then((dns) => dns.lookup(hostname, options, callback as never), (error: Error) => callback(error as NodeJS.ErrnoException, '', 4));
};

/** GET `url`: its status and text (a site on a `*.localhost` name is asked on the loopback address). */
function get(url: string): Promise<{ status: number; text: string }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { lookup: loopbackLookup }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}


/** XML character references of the sitemap decoded (`&amp;` in addresses). */
const unescapeXml = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The pages to measure, site-relative: each page of the sitemap once (its `x-default` alternate), then the same
 * address with `lang=<code>` for each of LANGUAGES the page has.
 */
export function pagesOf(sitemap: string, origin: string, languages: readonly string[]): string[] {
  const defaults = [...sitemap.matchAll(/hreflang="x-default" href="([^"]+)"/g)].map((m) => unescapeXml(m[1]!));
  const locs = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescapeXml(m[1]!)));
  const pages: string[] = [];
  for (const address of new Set(defaults)) {
    pages.push(address);
    for (const language of languages) {
      const url = new URL(address);
      url.searchParams.set('lang', language);
      if (locs.has(url.href)) pages.push(url.href);
    }
  }
  return pages.map((href) => href.replace(origin, ''));
}

let server: ReturnType<typeof spawn> | undefined;
if (!GIVEN_BASE) {
  if (!existsSync('dist/client/m/home.html')) run('npm', ['run', 'build']);
  run('rm', ['-rf', STATE]);
  run('npm', ['run', 'db:setup'], { PLAYDECK_STATE: STATE });
  server = spawn('node', ['scripts/serve.ts', '--port', String(PORT)], { env: { ...process.env, PLAYDECK_STATE: STATE }, stdio: 'ignore' });
}
const rows: { page: string; score: number; failed: string }[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${BASE}/robots.txt`, 90_000, async (url) => (await get(url)).status === 200);
  const sitemap = (await get(`${BASE}/sitemap.xml`)).text;
  const origin = new URL(BASE).origin;
  const pages = pagesOf(sitemap, origin, LANGUAGES);
  if (pages.length === 0) throw new Error(`no pages in ${BASE}/sitemap.xml`);
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'], formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const category = result.lhr.categories.seo;
    const failed = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    rows.push({ page, score: Math.round((category?.score ?? 0) * 100), failed: failed.join(' ') });
    console.log(`${String(rows.at(-1)!.score).padStart(3)}  ${page}${failed.length > 0 ? `  (${failed.join(', ')})` : ''}`);
  }
} finally {
  await chrome?.kill();
  server?.kill('SIGTERM');
}
console.log(`Lighthouse SEO (mobile), ${BASE}`);
console.table(rows);
const under = rows.filter((r) => r.score < 100);
console.log(under.length === 0 ? `All ${rows.length} pages score 100.` : `${under.length} of ${rows.length} pages score under 100.`);
process.exit(under.length === 0 ? 0 : 1);

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test, type APIRequestContext } from '@playwright/test';
import {
  FILLED_PAGES, LANGUAGES, edgeParts, normalise, pageAddress, promotionOf, siteTagOf, type FilledPage,
} from '../../../scripts/first-html-pages.ts';

/**
 * The filled pages' first HTML holds (issue: "the filled pages' first HTML is byte-identical in content"; docs/edge.md
 * "The first HTML holds"): every page the edge fills, in EN and AR, served by the built site over the freshly seeded
 * demo database, is compared with its snapshot in tests/e2e/site/first-html/. A snapshot keeps what the edge writes
 * (scripts/first-html-pages.ts edgeParts: the `<html>` start tag, the data blocks and every `[data-fill]` element,
 * whole) and the page answer's status, Content-Language, Vary and ETag (its site part, siteTagOf: the build file's
 * own tag is a hash of the build, and the lottery's and home content's tags depend on the time), all with the normalisation of scripts/first-html.ts (hashed asset names, island ids and what
 * depends on the request's clock set aside). The rest of the page is the build's and is not kept, so the files stay
 * small. Each part is kept as lines cut after every `>`: joined, they are the part byte for byte, and a change shows
 * as a readable diff. A change meant (the demo seed's content, a view's markup) is written with
 * `npm run first-html:update` (Playwright's `--update-snapshots`); a missing snapshot is written and the test fails.
 */

const FOLDER = new URL('./first-html/', import.meta.url);

/** One page's snapshot. */
interface Snapshot {
  status: number;
  headers: Record<string, string>;
  /** The edge's parts in page order, each cut into lines after every `>` (joined: the part). */
  parts: string[][];
}

const lines = (part: string): string[] => part.split(/(?<=>)/);

async function snapshotOf(request: APIRequestContext, page: FilledPage, language: string): Promise<Snapshot> {
  let promotion = '';
  if (page.name === 'activityDetail') {
    const activity = await request.get(`/m/activity?lang=${language}`);
    promotion = promotionOf(await activity.text());
  }
  const answer = await request.get(pageAddress(page, language, promotion), { headers: page.userAgent ? { 'User-Agent': page.userAgent } : {} });
  const html = normalise(await answer.text());
  return {
    status: answer.status(),
    headers: {
      'content-language': answer.headers()['content-language'] ?? '',
      vary: answer.headers().vary ?? '',
      'etag (site part)': siteTagOf(page.name, answer.headers().etag ?? null),
    },
    parts: edgeParts(html).map(lines),
  };
}

/** Where two texts first differ, with a little of each around it. */
function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 200));
  return `at character ${at}:\n  snapshot: …${around(expected)}\n  now:      …${around(actual)}`;
}

for (const language of LANGUAGES) {
  for (const page of FILLED_PAGES) {
    const name = `${page.name}.${language}`;
    test(`first HTML of ${name} as its snapshot`, async ({ request }) => {
      const file = new URL(`${name}.json`, FOLDER);
      const actual = await snapshotOf(request, page, language);
      const text = `${JSON.stringify(actual, null, 1)}\n`;
      let stored: string | null = null;
      try {
        stored = readFileSync(file, 'utf8');
      } catch { /* missing */ }
      if (stored === text) return;
      const mode = test.info().config.updateSnapshots;
      if (stored !== null && (mode === 'all' || mode === 'changed')) {
        writeFileSync(file, text);
        return;
      }
      if (stored === null) {
        if (mode !== 'none') {
          mkdirSync(FOLDER, { recursive: true });
          writeFileSync(file, text);
        }
        throw new Error(`no snapshot of ${name} (written now unless snapshots are not updated): run the test again`);
      }
      const expected = JSON.parse(stored) as Snapshot;
      const report = [`first HTML of ${name} differs from tests/e2e/site/first-html/${name}.json`];
      if (expected.status !== actual.status) report.push(`status ${expected.status} → ${actual.status}`);
      for (const [header, value] of Object.entries(actual.headers)) {
        if (expected.headers[header] !== value) report.push(`${header}: ${expected.headers[header]} → ${value}`);
      }
      const count = Math.max(expected.parts.length, actual.parts.length);
      for (let i = 0; i < count; i++) {
        const was = (expected.parts[i] ?? []).join('');
        const now = (actual.parts[i] ?? []).join('');
        if (was !== now) report.push(`part ${i + 1} of ${count} ${firstDifference(was, now)}`);
      }
      report.push('If the change is meant (demo content, a view\'s markup), write the snapshots again: npm run first-html:update');
      throw new Error(report.join('\n'));
    });
  }
}

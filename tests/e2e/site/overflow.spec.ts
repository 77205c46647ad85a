import { expect, test, type Page } from '@playwright/test';
import { PAGE_ROUTES } from '../../../rules/routes';
import { registerPlayer } from '../players';

/**
 * Every page of the route tables (player-shell §2, accounts §2) on a 412 px wide phone, in a left-to-right (EN) and
 * a right-to-left (AR) language, as a visitor and as a logged-in member: the page never pans sideways (the
 * document is no wider than the viewport) and the console stays clean (no error message, no uncaught error,
 * which includes React's hydration mismatches #418/#423/#425, of islands hydrating at load and of those woken by
 * the first touch).
 */
const PHONE = { width: 412, height: 915 };
const LANGUAGES = ['en', 'ar'] as const;
/** Pages with a variable address are visited at one real address (the demo catalogue's lottery game 3006). */
const SAMPLE: Record<string, string> = { lottoH5: '/m/lotto-h5/demo/ent/games/3006?merchant=DEMO&prize_mode=ELOTT' };
/** One public path per page: its sample address, else the first of its paths under /m/ or /play/. */
const PATHS = PAGE_ROUTES.map((route) => SAMPLE[route.id] ?? route.paths.find((p) => p.startsWith('/m/') || p.startsWith('/play/')) ?? route.paths[0]!);

/**
 * Console errors that are not the page's fault: a refused API call the page expects (a visitor asking for member
 * data answers 401/403, which Chromium logs as "Failed to load resource").
 */
const EXPECTED = /Failed to load resource: the server responded with a status of (401|403)/;

/** Collects console errors and uncaught page errors of a page from now on. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (!/^Transition was aborted because of invalid state/.test(error.message)) problems.push(`pageerror: ${error.message}`);
  });
  return problems;
}

/**
 * Opens a path and lets it settle (islands hydrated, first API answers shown). Islands that wait for the player's
 * first interaction (`client:interaction`) are woken as a first touch would (a pointerdown on the page, not on a
 * control), so their hydration is checked too.
 */
async function visit(page: Page, path: string, lang: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await page.waitForLoadState('networkidle');
  await page.locator('body').dispatchEvent('pointerdown').catch(() => undefined);
  // Islands hydrating on idle or visibility: scroll through the page once so they all hydrate. A page that sends
  // this visitor elsewhere (login required) navigates meanwhile: then the page it lands on is checked.
  await page
    .evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
      window.scrollTo(0, 0);
    })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The interaction islands still not hydrated a few seconds after the first touch (they should all have). */
async function asleep(page: Page): Promise<string[]> {
  const names = () => page
    .locator('astro-island[ssr][client="interaction"]')
    .evaluateAll((islands) => islands.map((i) => (i.getAttribute('component-url') ?? '').replace(/^.*\//, '')))
    .catch(() => []);
  await expect.poll(names, { timeout: 5_000 }).toEqual([]).catch(() => undefined);
  return names();
}

/** How far the document is wider than the viewport, with the widest offending element for the message. */
async function overflow(page: Page): Promise<{ excess: number; culprit: string; at: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const excess = document.documentElement.scrollWidth - width;
    let culprit = '';
    if (excess > 0) {
      let worst = 0;
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== 'visible') return true;
        }
        return false;
      };
      for (const el of document.querySelectorAll('body *')) {
        const box = el.getBoundingClientRect();
        const out = Math.max(box.right - width, -box.left);
        if (out > worst && !clipped(el)) {
          worst = out;
          culprit = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(box.left)}..${Math.round(box.right)})`;
        }
      }
    }
    return { excess, culprit, at: location.pathname };
  });
}

test.use({ viewport: PHONE });

for (const member of [false, true]) {
  test.describe(member ? 'as a member' : 'as a visitor', () => {
    for (const lang of LANGUAGES) {
      test(`every page fits 412 px without console errors (${lang})`, async ({ page }) => {
        test.setTimeout(480_000);
        if (member) await registerPlayer(page);
        const problems = watch(page);
        const failures: string[] = [];
        for (const path of PATHS) {
          problems.length = 0;
          await visit(page, path, lang);
          const { excess, culprit, at } = await overflow(page);
          if (excess > 0) failures.push(`${path} (${at}): ${excess}px too wide, widest ${culprit}`);
          for (const problem of problems) failures.push(`${path}: ${problem}`);
          for (const island of await asleep(page)) failures.push(`${path}: ${island} did not hydrate on the first interaction`);
        }
        expect(failures).toEqual([]);
      });
    }
  });
}

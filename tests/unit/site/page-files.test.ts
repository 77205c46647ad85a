import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../rules/i18n';
import { PAGE_ROUTES } from '../../../rules/routes';
import { VIEW_ROUTES, routePatternOf } from '../../../src/pages/_routes';
import { languagePaths, pagePaths } from '../../../src/pages/_locale';
import { GATE_PAGES, UNAVAILABLE_PAGE } from '../../../worker/model/gating';

// docs/languages.md: the route table (rules/routes.ts, with the views named in src/pages/_routes.ts) drives the
// pages; astro.config.mjs injects a route per row with its view as the page module, and the view's getStaticPaths
// (pagePaths) builds it in all 27 languages: EN at dist/client/<path>.html, every other language at
// dist/client/i18n/<code>/<path>.html.

/** Every page the worker serves: the route table's pages and the gate pages. */
const servedFiles = [...PAGE_ROUTES.map((r) => r.file), ...Object.values(GATE_PAGES).map((g) => g.file), UNAVAILABLE_PAGE.file];
const tableFiles = VIEW_ROUTES.map((route) => `${route.path}.html`);
const views = [...new Set(VIEW_ROUTES.map((route) => route.view))];

describe('one page table', () => {
  it('builds every page the worker serves, and no other', () => {
    expect([...tableFiles].sort()).toEqual([...new Set(servedFiles)].sort());
  });

  it('builds no path twice (paths compared without case, as a case-blind file system would)', () => {
    const paths = VIEW_ROUTES.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has no row for one language: no language folder in a path', () => {
    const languageSegment = new RegExp(`/(i18n|${LANGUAGES.join('|')})/`, 'i');
    for (const { path } of VIEW_ROUTES) expect(`${path}/`, path).not.toMatch(languageSegment);
  });

  it('keeps no page file in src/pages: the table is the routes (Astro skips files starting with _)', () => {
    // The route table and the build's language module (the languages of each row) only.
    const files = readdirSync('src/pages', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name).sort()).toEqual(['_locale.ts', '_routes.ts']);
  });

  it('renders every view of src/views with at least one row (no view is left without its page)', () => {
    const files = readdirSync('src/views').filter((name) => name.endsWith('.astro')).map((name) => name.replace(/\.astro$/, ''));
    expect([...views].sort()).toEqual(files.sort());
  });

  it.each(views)('%s builds all 27 languages of its rows (getStaticPaths = pagePaths)', (view) => {
    const file = `src/views/${view}.astro`;
    expect(existsSync(file), file).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^export const getStaticPaths = pagePaths;$/m);
  });
});

describe('the 27 language paths of a page', () => {
  const paths = languagePaths();

  it('builds EN at the root ([...i18n] left out) and nowhere else', () => {
    expect(paths.filter((p) => p.params.i18n === undefined)).toEqual([{ params: { i18n: undefined }, props: { lang: 'EN' } }]);
  });

  it('builds each of the other 26 languages once, under i18n/<code lower-case>, the tree the worker reads', () => {
    const variants = paths.filter((p) => p.params.i18n !== undefined);
    expect(variants.map((p) => p.props.lang).sort()).toEqual(LANGUAGES.filter((code) => code !== 'EN').sort());
    for (const { params, props } of variants) expect(params.i18n).toBe(`i18n/${props.lang.toLowerCase()}`);
  });

  it.each(VIEW_ROUTES.map((route) => [route.path, route] as const))('%s gets the language paths and its own props', (_path, route) => {
    expect(pagePaths({ routePattern: routePatternOf(route.path) })).toEqual(
      paths.map(({ params, props }) => ({ params, props: { ...route.props, ...props } })),
    );
  });

  it('gives each agent contract screen its route', () => {
    const props = pagePaths({ routePattern: '/[...i18n]/m/member/agent/getHourContract' })[0]?.props;
    expect(props).toEqual({ lang: 'EN', route: 'getHourContract' });
  });

  it('refuses a route pattern that is not in the table', () => {
    expect(() => pagePaths({ routePattern: '/[...i18n]/m/nowhere' })).toThrow(/no page/);
  });
});

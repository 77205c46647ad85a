import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../rules/i18n';
import { PAGE_ROUTES } from '../../rules/routes';
import { languagePaths } from '../../src/views/locale';
import { GATE_PAGES, UNAVAILABLE_PAGE } from '../../worker/edge/pages/gating';

// README "Languages": one page file per route, built in all 27 languages from that file (getStaticPaths =
// languagePaths): EN at dist/client/<route>.html, every other language at dist/client/i18n/<code>/<route>.html.
const PAGES = 'src/pages';
const LANGUAGE_ROOT = join(PAGES, '[...i18n]');

const pageFiles = readdirSync(PAGES, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
  .sort();

/** The route a page file renders, e.g. src/pages/[...i18n]/m/member/home.astro → /m/member/home. */
const routeOf = (file: string) => `/${relative(LANGUAGE_ROOT, file).replace(/\.astro$/, '')}`;

/** Every page the worker serves: the route table's pages and the two gate pages. */
const servedFiles = [...PAGE_ROUTES.map((r) => r.file), ...Object.values(GATE_PAGES).map((g) => g.file), UNAVAILABLE_PAGE.file];

describe('one page file per route', () => {
  it('keeps every page file under src/pages/[...i18n]/, the one tree that serves all 27 languages', () => {
    expect(pageFiles.length).toBeGreaterThan(0);
    for (const file of pageFiles) expect(file.startsWith(`${LANGUAGE_ROOT}/`) && file.endsWith('.astro'), file).toBe(true);
  });

  it('has no page file for one language: no language folder, no [lang] copy', () => {
    const languageSegment = new RegExp(`/(i18n|\\[lang\\]|\\[\\.\\.\\.lang\\]|${LANGUAGES.join('|')})/`, 'i');
    for (const file of pageFiles) expect(routeOf(file), file).not.toMatch(languageSegment);
  });

  it('renders no route from two files (names compared without case, as a case-blind file system would)', () => {
    const routes = pageFiles.map((file) => routeOf(file).toLowerCase());
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(pageFiles)('%s builds all 27 languages (getStaticPaths = languagePaths) and renders its view in the given one', (file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).toMatch(/^export const getStaticPaths = languagePaths;$/m);
    expect(source).toMatch(/^type Props = ViewProps;$/m);
    expect(source).toMatch(/ lang=\{Astro\.props\.lang\} \/>\s*$/);
  });

  it.each(servedFiles)('%s is built from exactly one page file', (file) => {
    const route = file.replace(/\.html$/, '');
    expect(pageFiles.filter((page) => routeOf(page) === route)).toEqual([join(LANGUAGE_ROOT, `${route.slice(1)}.astro`)]);
  });

  it('has no page file the worker never serves', () => {
    const served = new Set(servedFiles.map((file) => file.replace(/\.html$/, '')));
    expect(pageFiles.map(routeOf).filter((route) => !served.has(route))).toEqual([]);
  });
});

describe('the 27 language paths of a page file', () => {
  const paths = languagePaths();

  it('builds EN at the root ([...i18n] left out) and nowhere else', () => {
    expect(paths.filter((p) => p.params.i18n === undefined)).toEqual([{ params: { i18n: undefined }, props: { lang: 'EN' } }]);
  });

  it('builds each of the other 26 languages once, under i18n/<code lower-case>, the tree the worker reads', () => {
    const variants = paths.filter((p) => p.params.i18n !== undefined);
    expect(variants.map((p) => p.props.lang).sort()).toEqual(LANGUAGES.filter((code) => code !== 'EN').sort());
    for (const { params, props } of variants) expect(params.i18n).toBe(`i18n/${props.lang.toLowerCase()}`);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own (issue 24, "Docs a newcomer and an operator can use"): README.md and docs/ are
 * its documents, and everything cites only them.
 * - every relative link in README.md and docs/*.md reaches a file, and a heading when it names one;
 * - every `docs/<name>.md` (or bare `<name>.md`) the code names exists;
 * - every section cited as `player-shell §N`, `accounts §N` / `accounts-and-communication §N` or
 *   `platform-contract.md §N.M` exists in docs/player-shell.md, docs/accounts-and-communication.md or
 *   docs/platform-contract.md;
 * - nothing points at a document outside the repository;
 * - the README's Node requirement is the `engines` minimum of package.json.
 */
const ROOT = process.cwd();
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.wrangler', '.git', '.astro', 'bench-results', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|mjs|js|astro|json|jsonc|md|sql|css|html|yml|yaml|txt)$/;
/** The folders and files whose code and comments cite documents. */
const CODE_ROOTS = ['worker', 'src', 'contract', 'rules', 'scripts', 'tests', 'locales'];
const CODE_FILES = ['astro.config.mjs', 'eslint.config.js', 'playwright.config.ts', 'playwright.preview.config.ts',
  'playwright.upstream.config.ts', 'vitest.config.ts', 'wrangler.jsonc', 'perf-budgets.json', 'package.json'];
/** This file names the forbidden patterns it looks for. */
const SELF = relative(ROOT, join('tests', 'unit', 'site', 'docs.test.ts'));

function walk(dir: string, keep: (path: string) => boolean): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir === '' ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (entry.isFile() && keep(path)) out.push(path);
  }
  return out;
}

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];
const CODE = [...CODE_ROOTS.flatMap((dir) => walk(dir, (path) => TEXT.test(path))), ...CODE_FILES.filter((file) => existsSync(join(ROOT, file)))]
  .filter((path) => path !== SELF);

/** Markdown without its fenced code blocks and inline code spans (links there are examples, not links). */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors a Markdown file offers, repeated headings numbered as GitHub does (`x`, `x-1`, …). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = slugOf(match[1]!);
    const n = seen.get(slug) ?? 0;
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
    seen.set(slug, n + 1);
  }
  return anchors;
}

/** The section numbers a document's headings carry: `## 2. Title` → 2, `### 7.5 Title` → 7.5. */
function sectionNumbers(path: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of read(path).matchAll(/^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/gm)) numbers.add(match[1]!);
  return numbers;
}

/** A cited section exists when its number is a heading, or (for `a.b.c`) an item of the heading `a.b`. */
function sectionExists(numbers: Set<string>, cited: string): boolean {
  if (numbers.has(cited)) return true;
  const parts = cited.split('.');
  return parts.length > 2 && numbers.has(parts.slice(0, 2).join('.'));
}

describe('the repository cites only its own documents', () => {
  it('README.md and docs/ exist, with the documents the code cites by section', () => {
    for (const doc of ['docs/player-shell.md', 'docs/accounts-and-communication.md', 'docs/platform-contract.md']) {
      expect(existsSync(join(ROOT, doc)), doc).toBe(true);
    }
  });

  it('every relative link in README.md and docs/*.md reaches a file, and a heading when it names one', () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      for (const match of prose(read(doc)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const path = file === '' ? doc : normalize(join(dirname(doc), file));
        if (!existsSync(join(ROOT, path))) {
          broken.push(`${doc}: ${target} (no file ${path})`);
          continue;
        }
        if (anchor && path.endsWith('.md') && !anchorsOf(read(path)).has(anchor)) broken.push(`${doc}: ${target} (no heading #${anchor} in ${path})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/<name>.md the code names exists', () => {
    const missing: string[] = [];
    for (const file of CODE) {
      const text = read(file);
      for (const match of text.matchAll(/(?<![\w/<.$-])(docs\/)?([a-z0-9][a-z0-9-]*)\.md\b/g)) {
        const name = match[2]!;
        if (name === 'readme') continue;
        if (!existsSync(join(ROOT, 'docs', `${name}.md`))) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every player-shell, accounts and platform-contract section cited in code and docs exists', () => {
    const documents: [RegExp, string][] = [
      [/\bplayer-shell(?:\.md)?,?\s*((?:§\s*\d+(?:\.\d+)*(?:\s*(?:,|and)\s*)?)+)/gi, 'docs/player-shell.md'],
      [/\baccounts(?:-and-communication)?(?:\.md)?,?\s*((?:§\s*\d+(?:\.\d+)*(?:\s*(?:,|and)\s*)?)+)/gi, 'docs/accounts-and-communication.md'],
      [/\bplatform-contract(?:\.md)?,?\s*((?:§\s*\d+(?:\.\d+)*(?:\s*(?:,|and)\s*)?)+)/gi, 'docs/platform-contract.md'],
    ];
    const unknown: string[] = [];
    let cited = 0;
    for (const file of [...CODE, ...DOCS]) {
      const text = read(file);
      for (const [pattern, doc] of documents) {
        const numbers = sectionNumbers(doc);
        for (const match of text.matchAll(pattern)) {
          for (const section of match[1]!.matchAll(/§\s*(\d+(?:\.\d+)*)/g)) {
            const number = section[1]!.replace(/\.$/, '');
            cited += 1;
            if (!sectionExists(numbers, number)) unknown.push(`${file}: ${match[0].trim()} (${doc} has no §${number})`);
          }
        }
      }
    }
    expect(unknown).toEqual([]);
    // The code cites the three documents in hundreds of places: a pattern that stops matching is a broken test.
    expect(cited).toBeGreaterThan(500);
  });

  it('docs/player-shell.md and docs/accounts-and-communication.md keep the nine numbered sections the code cites', () => {
    for (const doc of ['docs/player-shell.md', 'docs/accounts-and-communication.md']) {
      expect([...sectionNumbers(doc)].sort(), doc).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    }
  });

  it('nothing in the repository points at a document outside it', () => {
    const outside = [
      ['..', 'shared'].join('/'),
      ['', 'work', ''].join('/'),
      ['shared', 'spec'].join('/'),
      'STACK-NOTES',
      ['DESIGN', 'md'].join('.'),
    ];
    // A spec document named by a path that is not docs/ (e.g. spec/player-shell.md).
    const specPath = /(?<![\w-])(?!docs\/)[\w.-]+\/(player-shell|accounts-and-communication|platform-contract)\.md/g;
    const found: string[] = [];
    const everything = walk('', (path) => TEXT.test(path) && path !== 'package-lock.json' && path !== SELF);
    for (const file of everything) {
      const text = read(file);
      for (const needle of outside) if (text.includes(needle)) found.push(`${file}: ${needle}`);
      for (const match of text.matchAll(specPath)) found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it("the README's Node requirement is package.json's engines minimum", () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const minimum = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines.trim());
    expect(minimum, `engines.node ${engines}`).not.toBeNull();
    const [, major, minor, patch] = minimum!;
    const stated = [...read('README.md').matchAll(/Node(?:\.js)?\s+(\d+)(?:\.(\d+))?(?:\.(\d+))?\s+or newer/g)];
    expect(stated.length).toBeGreaterThan(0);
    for (const [, smajor, sminor = '0', spatch = '0'] of stated) {
      expect(`${smajor}.${sminor}.${spatch}`).toBe(`${major}.${minor}.${patch ?? '0'}`);
    }
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/design.md "Where things live", checked over every import of every source file (static,
 * dynamic and type-only; read with the TypeScript pre-processor). A layer may import its own folder and any layer
 * listed before it, never one listed after it:
 *
 * - the whole tree: `contract` ← `rules` ← { `src`, `worker` }; the browser side never imports the worker, and the
 *   worker reaches `src/` only through the islands' view components (`src/components/*View.tsx`, docs/edge.md),
 *   which it renders into the first HTML: nothing those reach in `src/` may be a store, the API client or an island;
 * - inside `worker/`: `lib` ← `model` ← `db` ← `services` ← `middleware` ← { `api`, `edge`, `console` } ←
 *   `index.ts` (the three entry folders do not import each other except where listed in WORKER_SIDEWAYS).
 */
const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const RESOLVABLE = ['', '.ts', '.tsx', '.astro', '.mjs', '.js', '/index.ts', '/index.tsx'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec.split('?')[0]!));
  for (const suffix of RESOLVABLE) {
    const candidate = base + suffix;
    try {
      if (statSync(join(ROOT, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every repository file a source file imports (relative imports only; packages are not layers). */
function importsOf(file: string): string[] {
  let text = readFileSync(join(ROOT, file), 'utf8');
  if (file.endsWith('.astro')) text = text.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
  return ts.preProcessFile(text, true, true).importedFiles
    .map((ref) => resolveImport(file, ref.fileName))
    .filter((target): target is string => target !== null);
}

interface Edge { from: string; to: string }

function edges(dirs: readonly string[]): Edge[] {
  return dirs.flatMap(filesUnder).flatMap((from) => importsOf(from).map((to) => ({ from, to })));
}

/** The layer of a path: the first of `layers` (path prefixes) it starts with, by its index; -1 when none. */
function layerOf(path: string, layers: readonly (readonly string[])[]): number {
  return layers.findIndex((group) => group.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
}

function upward(all: readonly Edge[], layers: readonly (readonly string[])[], sideways = new Set<string>()): string[] {
  return all.flatMap(({ from, to }) => {
    const a = layerOf(from, layers);
    const b = layerOf(to, layers);
    if (a === -1 || b === -1 || b < a) return [];
    const sameFolder = layers[a]!.find((prefix) => from.startsWith(`${prefix}/`) || from === prefix)
      === layers[b]!.find((prefix) => to.startsWith(`${prefix}/`) || to === prefix);
    if (b === a && sameFolder) return [];
    if (sideways.has(`${from} -> ${to}`)) return [];
    return [`${from} -> ${to}`];
  });
}

const ALL = edges(['contract', 'rules', 'src', 'worker']);

describe('layers (docs/design.md "Where things live")', () => {
  it('contract ← rules ← { src, worker }, and the two sides import each other only through view components', () => {
    const viewComponent = (path: string) => /^src\/components\/\w+View\.tsx$/.test(path);
    expect(upward(ALL, [['contract'], ['rules'], ['src', 'worker']])
      .filter((edge) => !(edge.startsWith('worker/') && viewComponent(edge.slice(edge.indexOf(' -> ') + 4))))).toEqual([]);
  });

  it('what the worker renders from src/ reaches no store, API client or island', () => {
    const seen = new Set(ALL.filter((e) => e.from.startsWith('worker/') && e.to.startsWith('src/')).map((e) => e.to));
    const queue = [...seen];
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const target of importsOf(file)) {
        if (!seen.has(target) && target.startsWith('src/')) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    expect([...seen].filter((file) => /^src\/(stores|api|islands)\//.test(file))).toEqual([]);
  });

  it('inside the worker: lib ← model ← db ← services ← middleware ← { api, edge, console } ← index', () => {
    const w = (names: string[]) => names.map((name) => `worker/${name}`);
    expect(upward(ALL.filter((e) => e.from.startsWith('worker/')), [
      w(['lib']), w(['model']), w(['db']), w(['services']), w(['middleware']),
      w(['api', 'edge', 'console']), w(['index.ts']),
    ], WORKER_SIDEWAYS)).toEqual([]);
  });
});

/**
 * Imports between the worker's entry folders that are part of the design: none so far. An entry here needs a
 * reason beside it.
 */
const WORKER_SIDEWAYS = new Set<string>([]);

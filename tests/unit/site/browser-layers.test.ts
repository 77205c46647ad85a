import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/design.md "Where things live": the browser side's folders in layers, lowest first. A folder imports only
// folders below it (or of its own tier: views, layouts and pages are the page tier). The stores are three layers:
// the kit knows no concept, concepts know no page.
const LAYERS: readonly (readonly string[])[] = [
  ['contract'],
  ['rules'],
  ['src/lib'],
  ['src/api'],
  ['src/stores/kit'],
  ['src/stores/concepts'],
  ['src/stores/pages'],
  ['src/hooks'],
  ['src/components'],
  ['src/islands'],
  ['src/views', 'src/layouts', 'src/pages', 'src/directives', 'src/middleware.ts'],
];
const ROOTS = ['contract', 'rules', 'src'];
const SOURCE = /\.(ts|tsx|astro)$/;
/**
 * Static imports and re-exports (group 1 `type` when type-only), side-effect imports and dynamic imports of
 * relative paths.
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s)?[^;'"]*?\bfrom\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const files = ROOTS.flatMap((root) => (root === 'src' ? [...filesUnder('src')] : filesUnder(root)));

/** The layer folder of a path (null: outside the layers, e.g. src/styles). */
function folderOf(path: string): string | null {
  for (const tier of LAYERS) for (const folder of tier) if (path === folder || path.startsWith(`${folder}/`)) return folder;
  return null;
}

function rankOf(folder: string): number {
  return LAYERS.findIndex((tier) => tier.includes(folder));
}

/** The file a relative import names (with or without its extension, or a folder by its index.ts / index.tsx), or null. */
function resolve(from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec.split('?')[0] ?? spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate) && SOURCE.test(candidate)) return candidate;
  return null;
}

/** One relative import, resolved; `typeOnly` when nothing of it runs. */
interface Import {
  target: string;
  typeOnly: boolean;
}

/** Every file's relative imports, resolved. */
const importsOf = new Map<string, Import[]>(files.map((file) => {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(IMPORT)].flatMap((match) => {
    const target = resolve(file, match[2] ?? match[3] ?? match[4] ?? '');
    return target === null ? [] : [{ target, typeOnly: match[1] !== undefined }];
  });
  return [file, found];
}));
const imports = new Map<string, string[]>([...importsOf].map(([file, found]) => [file, found.map((i) => i.target)]));
/** Imports that run code (type-only ones left out). */
const runtimeImports = new Map<string, string[]>([...importsOf].map(([file, found]) => [file, found.filter((i) => !i.typeOnly).map((i) => i.target)]));

/** Folder → folder edges with one example import each. */
function folderEdges(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const [file, targets] of imports) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (from && to && from !== to && !edges.has(`${from} -> ${to}`)) edges.set(`${from} -> ${to}`, `${file} imports ${target}`);
    }
  }
  return edges;
}

/** The edges of `pairs` (from → to) that lie on a cycle: `to` reaches `from` again. */
function cycleEdges(pairs: readonly (readonly [string, string])[]): string[] {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    pairs.some(([a, b]) => a === from && (b === to || (!seen.has(b) && (seen.add(b), reaches(b, to, seen)))));
  return pairs.filter(([from, to]) => reaches(to, from)).map(([from, to]) => `${from} -> ${to}`);
}

describe('browser layers (docs/design.md "Where things live")', () => {
  it('no folder imports a folder above it or of its own tier outside the page tier', () => {
    const upward = [...folderEdges()].filter(([edge]) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      const rankFrom = rankOf(from);
      const rankTo = rankOf(to);
      return rankTo > rankFrom || (rankTo === rankFrom && rankFrom < LAYERS.length - 1);
    });
    expect(upward.map(([edge, example]) => `${edge}: ${example}`)).toEqual([]);
  });

  it('the folders of src/ form no cycle (the page tier included)', () => {
    // Every folder under src/ (its own directory, at any depth) is a node: a folder may not import, through others,
    // a folder that imports it.
    // One file is let through: the back office's list of its areas (src/console/areas.ts, docs/back-office.md),
    // which the shell in src/console reads and which names each area folder, while every area imports the shell's
    // registry and data conventions. Any other import of an area folder from src/console still counts.
    const AREA_LIST = 'src/console/areas.ts';
    const edges = new Set<string>();
    for (const [file, targets] of imports) {
      if (!file.startsWith('src/') || file === AREA_LIST) continue;
      for (const target of targets) {
        if (target.startsWith('src/') && dirname(file) !== dirname(target)) edges.add(`${dirname(file)} -> ${dirname(target)}`);
      }
    }
    expect(cycleEdges([...edges].map((edge) => edge.split(' -> ') as [string, string]))).toEqual([]);
  });

  it('follows an import of a folder to its index.ts or index.tsx', () => {
    expect(resolve('src/console/areas.ts', './money')).toBe(join('src/console/money', 'index.tsx'));
    expect(imports.get('src/console/areas.ts')).toContain(join('src/console/money', 'index.tsx'));
  });

  it('the cycle check sees a cycle through a third folder', () => {
    const pairs: [string, string][] = [['src/a', 'src/b'], ['src/b', 'src/c'], ['src/c', 'src/a'], ['src/c', 'src/d'], ['src/d', 'src/e']];
    expect(cycleEdges(pairs)).toEqual(['src/a -> src/b', 'src/b -> src/c', 'src/c -> src/a']);
  });

  // src/api reads the session through the getter that src/stores/concepts/session.ts connects when it is evaluated,
  // so every store that calls the API must reach that module before its first call.
  it('every page or concept store that imports the API client reaches the session module that connects it', () => {
    const session = 'src/stores/concepts/session.ts';
    const reaches = (file: string): Set<string> => {
      const seen = new Set<string>();
      const pending = [file];
      while (pending.length > 0) {
        const next = pending.pop() as string;
        if (seen.has(next)) continue;
        seen.add(next);
        pending.push(...(runtimeImports.get(next) ?? []));
      }
      return seen;
    };
    const stores = files.filter((file) => /^src\/stores\/(pages|concepts)\//.test(file));
    const unconnected = stores.filter((file) => {
      const closure = reaches(file);
      return [...closure].some((target) => target.startsWith('src/api/')) && !closure.has(session);
    });
    expect(unconnected).toEqual([]);
  });
});

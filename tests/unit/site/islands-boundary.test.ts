import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/design.md "Where things live": src/islands holds the React components that hydrate, and they are views —
// flows and API calls live in src/stores.
const ISLANDS = 'src/islands';

function filesUnder(dir: string, suffixes: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && suffixes.some((s) => entry.name.endsWith(s)))
    .map((entry) => join(entry.parentPath, entry.name));
}

const astro = filesUnder('src', ['.astro']).map((file) => readFileSync(file, 'utf8')).join('\n');
const islands = filesUnder(ISLANDS, ['.ts', '.tsx']);

describe('src/islands', () => {
  it.each(islands)('%s is hydrated by some page', (file) => {
    const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
    expect(astro).toMatch(new RegExp(`<${name}\\b[^>]*client:`));
  });

  it.each(islands)('%s does not import the API client', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/from\s+['"][./]*\/api\//);
  });
});

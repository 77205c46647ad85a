import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('configuration answers (issue 10, finding 4)', () => {
  it('never answers an API call with 503 (5xx means a fault: upstream or provider failures are 502): an off or unconfigured feature is 403/404 with a code', () => {
    const offenders = sources('worker').filter((file) => /ApiError\(\s*503\b/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

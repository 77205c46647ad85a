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
  /**
   * The 503s that mean "come back later" and carry `Retry-After`: the site's maintenance (the API gate, as pages
   * answer it), an open circuit breaker in front of a failing platform (docs/upstream-mode.md), and a deployment
   * whose login secrets or console TOTP key are missing (docs/deployment.md "Secrets": the operator's fault, never
   * the player's).
   */
  const RETRY_LATER = [
    'worker/edge/pages/api-gate.ts', 'worker/edge/upstream/upstream-guard.ts', 'worker/services/crypto/login-secrets.ts',
    'worker/services/operators/totp-seal.ts',
  ];

  it('never answers an API call with 503 (5xx means a fault: upstream or provider failures are 502): an off or unconfigured feature is 403/404 with a code', () => {
    const offenders = sources('worker').filter((file) => /ApiError\(\s*503\b/.test(readFileSync(file, 'utf8')) && !RETRY_LATER.includes(file));
    expect(offenders).toEqual([]);
  });

  it.each(RETRY_LATER)('%s answers its 503 with Retry-After', (file) => {
    const text = readFileSync(file, 'utf8');
    const at = text.search(/ApiError\(\s*503\b/);
    expect(at).toBeGreaterThan(-1);
    expect(text.slice(at, at + 300)).toContain("'Retry-After'");
  });
});

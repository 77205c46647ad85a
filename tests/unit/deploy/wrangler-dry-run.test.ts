import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planRoutes } from '../../../scripts/deploy-routes';
import { deployArgs } from '../../../scripts/deploy-run';

/**
 * The real `wrangler deploy --dry-run` with routes generated for two sites' domains (docs/deployment.md "npm run
 * deploy"): wrangler resolves the preview and production environments of wrangler.jsonc and bundles the Worker
 * offline (nothing is uploaded, no account is needed). A one-file assets folder stands in for the built site, so
 * the test does not need dist/.
 */
const folder = mkdtempSync(join(tmpdir(), 'playdeck-dry-run-'));
const assets = join(folder, 'assets');
mkdirSync(assets);
writeFileSync(join(assets, 'index.html'), '<!doctype html><title>t</title>');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const domains = [
  { host: 'play.brand-one.com', merchantCode: 'ONE' },
  { host: 'www.brand-two.net', merchantCode: 'TWO' },
  { host: 'localhost', merchantCode: 'DEMO' },
];

describe('wrangler deploy --dry-run', () => {
  it.each([
    ['preview', 'custom-domain'],
    ['production', 'zone-route'],
  ] as const)('bundles the %s environment with a %s per domain', (env, routeMode) => {
    const outdir = join(folder, env);
    const plan = planRoutes(domains, routeMode);
    const args = deployArgs({ env, dryRun: true, routeMode, outdir, skipBuild: true, assets }, plan.args);
    expect(args.filter((a) => a === '--domain' || a === '--route')).toHaveLength(2);
    const result = spawnSync('node_modules/.bin/wrangler', [...args, '-c', 'wrangler.jsonc'], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', WRANGLER_LOG: 'log' },
      timeout: 60_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('--dry-run: exiting now.');
    expect(result.stdout).toContain(`env.DB (playdeck-${env})`);
    expect(result.stdout).toContain(`env.MEDIA (playdeck-${env}-media)`);
    expect(existsSync(join(outdir, 'index.js'))).toBe(true);
  }, 60_000);
});

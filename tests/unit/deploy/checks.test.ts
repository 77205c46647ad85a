import { describe, expect, it } from 'vitest';
import {
  checkBuckets, checkDatabase, checkDurableObjects, checkSecrets, PLACEHOLDER_DATABASE_ID, RemoteUnavailable,
  type DeployConfig, type WranglerResult,
} from '../../../scripts/deploy-checks';
import { runDeploy, type DeployDeps, type DeployOptions } from '../../../scripts/deploy-run';

/**
 * What `npm run deploy` checks and does, with a fake wrangler (scripts/deploy-checks.ts, scripts/deploy-run.ts;
 * docs/deployment.md "npm run deploy"): no command here reaches Cloudflare.
 */
const DB_ID = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';
const config: DeployConfig = {
  env: 'preview',
  workerName: 'playdeck-preview',
  workersDev: true,
  database: { name: 'playdeck-preview', id: DB_ID },
  buckets: ['playdeck-preview-media'],
  durableObjectClasses: ['ChatRoom'],
  migratedClasses: ['ChatRoom'],
  requiredSecrets: ['PAYLOAD_PRIVATE_KEYS', 'LEGACY_RSA_PRIVATE_KEY', 'PAYMENT_DEMO_SECRET', 'CONSOLE_TOTP_KEY'],
  vars: { APP_ENV: 'production', SMS_PROVIDER: 'outbox' },
};
const MAIN = "export { ChatRoom } from './services/chat/room';\nexport default { fetch };";

/** A fake wrangler: the answer of each command by its first words; every call is recorded. */
function fakeWrangler(answers: Record<string, Partial<WranglerResult>>) {
  const calls: string[][] = [];
  const run = async (args: string[]): Promise<WranglerResult> => {
    calls.push(args);
    const key = Object.keys(answers).find((k) => args.join(' ').startsWith(k));
    return { ok: true, stdout: '', stderr: '', ...(key ? answers[key] : {}) };
  };
  return { run, calls };
}

const everythingThere = {
  'd1 list': { stdout: JSON.stringify([{ uuid: 'other', name: 'x' }, { uuid: DB_ID, name: 'playdeck-preview' }]) },
  'r2 bucket list': { stdout: 'Listing buckets...\nname:           playdeck-preview-media\ncreation_date:  2026-11-01T00:00:00.000Z\n\nname:           other\ncreation_date:  2026-11-01T00:00:00.000Z\n' },
  'secret list': { stdout: JSON.stringify([{ name: 'PAYLOAD_PRIVATE_KEYS', type: 'secret_text' }, { name: 'LEGACY_RSA_PRIVATE_KEY', type: 'secret_text' }, { name: 'PAYMENT_DEMO_SECRET', type: 'secret_text' }, { name: 'CONSOLE_TOTP_KEY', type: 'secret_text' }]) },
  deploy: { stdout: 'Uploaded playdeck-preview\nDeployed playdeck-preview triggers\n  https://playdeck-preview.acme.workers.dev\n' },
};

describe('the checks', () => {
  it('names the placeholder database id, the create command and where the id goes, without asking wrangler', async () => {
    const { run, calls } = fakeWrangler({});
    const finding = await checkDatabase({ ...config, database: { name: 'playdeck-preview', id: PLACEHOLDER_DATABASE_ID } }, run);
    expect(finding.ok).toBe(false);
    expect(finding.fix).toEqual(['npx wrangler d1 create playdeck-preview', 'put the database_id it prints into wrangler.jsonc at env.preview.d1_databases[0].database_id']);
    expect(calls).toEqual([]);
  });

  it('finds the database by its id on the account, or says it is not there', async () => {
    expect((await checkDatabase(config, fakeWrangler(everythingThere).run)).ok).toBe(true);
    const absent = await checkDatabase(config, fakeWrangler({ 'd1 list': { stdout: '[]' } }).run);
    expect(absent).toMatchObject({ ok: false, detail: `no database with id ${DB_ID} on this account` });
    expect(absent.fix[0]).toBe('npx wrangler d1 create playdeck-preview');
  });

  it('says how to log in when wrangler cannot reach the account', async () => {
    const run = fakeWrangler({ 'd1 list': { ok: false, stderr: 'You are not authenticated. Please run `wrangler login`.' } }).run;
    await expect(checkDatabase(config, run)).rejects.toThrow(RemoteUnavailable);
    await expect(checkDatabase(config, run)).rejects.toThrow(/npx wrangler login/);
  });

  it('names the command that creates a missing bucket', async () => {
    expect((await checkBuckets(config, fakeWrangler(everythingThere).run)).every((f) => f.ok)).toBe(true);
    const [missing] = await checkBuckets(config, fakeWrangler({ 'r2 bucket list': { stdout: 'Listing buckets...\n' } }).run);
    expect(missing).toMatchObject({ ok: false, fix: ['npx wrangler r2 bucket create playdeck-preview-media'] });
  });

  it('checks that each bound Durable Object class has a migration and is exported', () => {
    expect(checkDurableObjects(config, MAIN).map((f) => f.ok)).toEqual([true]);
    expect(checkDurableObjects({ ...config, migratedClasses: [] }, MAIN)[0]).toMatchObject({ ok: false, detail: 'ChatRoom has no migration in env.preview' });
    expect(checkDurableObjects(config, 'export default {}')[0]).toMatchObject({ ok: false, detail: "ChatRoom is not exported by the Worker's main module" });
  });

  it('names npm run keys and the secret bulk line for each missing secret, also before the Worker exists', async () => {
    const partial = fakeWrangler({ 'secret list': { stdout: JSON.stringify([{ name: 'PAYMENT_DEMO_SECRET', type: 'secret_text' }]) } });
    const findings = await checkSecrets(config, partial.run);
    expect(partial.calls).toEqual([['secret', 'list', '--env', 'preview', '--format', 'json']]);
    expect(findings.filter((f) => !f.ok).map((f) => f.detail)).toEqual(['PAYLOAD_PRIVATE_KEYS not set', 'LEGACY_RSA_PRIVATE_KEY not set', 'CONSOLE_TOTP_KEY not set']);
    expect(findings[0]!.fix).toEqual(['npm run keys -- --env preview', 'npx wrangler secret bulk .secrets/preview.json --env preview']);
    const absent = await checkSecrets(config, fakeWrangler({ 'secret list': { ok: false, stderr: '✘ [ERROR] A request to the Cloudflare API failed. This Worker does not exist on your account. [code: 10007]' } }).run);
    expect(absent.every((f) => !f.ok && f.detail.endsWith('(the Worker playdeck-preview does not exist yet)'))).toBe(true);
  });

  it('asks for the SMS gateway token when the environment sends SMS over HTTP', async () => {
    const findings = await checkSecrets({ ...config, vars: { SMS_PROVIDER: 'http' } }, fakeWrangler(everythingThere).run);
    const token = findings.find((f) => f.detail.startsWith('SMS_HTTP_TOKEN'));
    expect(token).toMatchObject({ ok: false, fix: ["npx wrangler secret put SMS_HTTP_TOKEN --env preview   # paste the SMS gateway's bearer token"] });
  });
});

describe('runDeploy', () => {
  const options: DeployOptions = { env: 'preview', dryRun: false, routeMode: 'custom-domain', outdir: '/tmp/out', skipBuild: false };
  const domains = [{ host: 'play.brand-one.com', merchantCode: 'ONE' }, { host: 'www.brand-two.com', merchantCode: 'TWO' }, { host: 'localhost', merchantCode: 'DEMO' }];

  function deps(run: DeployDeps['wrangler'], cfg: DeployConfig = config) {
    const steps: string[] = [];
    const lines: string[] = [];
    const d: DeployDeps = {
      config: cfg,
      mainSource: MAIN,
      wrangler: async (args) => {
        steps.push(`wrangler ${args.join(' ')}`);
        return run(args);
      },
      build: async () => void steps.push('build'),
      readDomains: async (remote) => {
        steps.push(`domains ${remote ? 'remote' : 'local'}`);
        return domains;
      },
      log: (line) => lines.push(line),
    };
    return { d, steps, output: () => lines.join('\n') };
  }

  it('checks, builds, migrates, reads the remote domains and deploys with a custom domain per public host, then prints the addresses', async () => {
    const { d, steps, output } = deps(fakeWrangler(everythingThere).run);
    expect(await runDeploy(options, d)).toBe(0);
    expect(steps).toEqual([
      'wrangler d1 list --json', 'wrangler r2 bucket list', 'wrangler secret list --env preview --format json', 'build',
      'wrangler d1 migrations apply DB --remote --env preview', 'domains remote',
      'wrangler deploy --env preview --domain play.brand-one.com --domain www.brand-two.com',
    ]);
    expect(output()).toContain('  https://play.brand-one.com/\n  https://www.brand-two.com/\n  https://playdeck-preview.acme.workers.dev/');
  });

  it('stops before building or changing anything when something is missing, with the commands that make it', async () => {
    const { d, steps, output } = deps(fakeWrangler({ ...everythingThere, 'r2 bucket list': { stdout: '' }, 'secret list': { stdout: '[]' } }).run);
    expect(await runDeploy(options, d)).toBe(1);
    expect(steps).toEqual(['wrangler d1 list --json', 'wrangler r2 bucket list', 'wrangler secret list --env preview --format json']);
    expect(output()).toContain('npx wrangler r2 bucket create playdeck-preview-media');
    expect(output()).toContain('npm run keys -- --env preview');
    expect(output()).toContain('Nothing was deployed.');
  });

  it('does not deploy when the migrations fail', async () => {
    const { d, steps } = deps(fakeWrangler({ ...everythingThere, 'd1 migrations apply': { ok: false, stderr: 'boom' } }).run);
    expect(await runDeploy(options, d)).toBe(1);
    expect(steps.some((s) => s.startsWith('wrangler deploy'))).toBe(false);
  });

  it('--dry-run checks nothing remote: builds, reads the local domains and bundles with the generated routes', async () => {
    const placeholder = { ...config, database: { name: 'playdeck-preview', id: PLACEHOLDER_DATABASE_ID } };
    const { d, steps, output } = deps(fakeWrangler(everythingThere).run, placeholder);
    expect(await runDeploy({ ...options, dryRun: true, routeMode: 'zone-route' }, d)).toBe(0);
    expect(steps).toEqual(['build', 'domains local', 'wrangler deploy --env preview --route play.brand-one.com/* --route www.brand-two.com/* --dry-run --outdir /tmp/out']);
    expect(output()).toContain('is still the placeholder');
    expect(output()).toContain('Not checked (dry run)');
  });
});

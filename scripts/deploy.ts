/**
 * `npm run deploy [-- --env preview|production] [--dry-run] [--zone-routes] [--skip-build] [--outdir <dir>]`:
 * deploys the Worker and the site to one environment of wrangler.jsonc (default production), with routes
 * generated from the sites' domains, after checking that everything it needs exists (scripts/deploy-run.ts has
 * the steps; docs/deployment.md the walk-through).
 *   --dry-run      bundle only (`wrangler deploy --dry-run`, default outdir .wrangler/deploy/<env>), domains from
 *                  the local database, nothing remote checked or changed
 *   --zone-routes  `--route <host>/*` per domain instead of custom domains (scripts/deploy-routes.ts)
 *   --skip-build   deploy the site as last built (dist/)
 * wrangler runs non-interactively (CI=true) against wrangler.jsonc; it needs `npx wrangler login` or
 * CLOUDFLARE_API_TOKEN for everything but --dry-run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { deployConfigOf, ENVIRONMENTS, type DeployEnvironment, type WranglerResult } from './deploy-checks.ts';
import { runDeploy, type DeployOptions } from './deploy-run.ts';
import { openDatabase } from './database.ts';
import { listSiteDomains } from '../worker/db/queries/site-domains.ts';

const WRANGLER_LOG = process.env.WRANGLER_LOG;

/** The value after `flag` (`--flag v` or `--flag=v`), or undefined. */
function option(argv: readonly string[], flag: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`${flag}=`));
  if (inline) return inline.slice(flag.length + 1);
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
}

/**
 * Runs `command args` with stdout and stderr captured; `echo` also shows them as they come (the build and
 * `wrangler deploy`, which take a while).
 */
function run(command: string, args: string[], echo: boolean): Promise<WranglerResult> {
  return new Promise((resolve) => {
    // wrangler's own log level as the operator set it: opening the local database lowers this process's to errors.
    const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', WRANGLER_LOG: WRANGLER_LOG ?? 'log' };
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ ok: false, stdout, stderr: `${stderr}${String(error)}\n` }));
    child.on('close', (status) => resolve({ ok: status === 0, stdout, stderr }));
  });
}

/**
 * Runs `command args` on the operator's terminal, so wrangler can ask before it takes over a host that already has
 * a DNS record or is another Worker's custom domain (without a terminal it replaces them without asking). Its
 * output is not captured: the workers.dev address is read from the screen.
 */
function runInTerminal(command: string, args: string[]): Promise<WranglerResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: WRANGLER_LOG ?? 'log' } });
    child.on('error', (error) => resolve({ ok: false, stdout: '', stderr: `${String(error)}\n` }));
    child.on('close', (status) => resolve({ ok: status === 0, stdout: '', stderr: '' }));
  });
}

const argv = process.argv.slice(2);
const env = (option(argv, '--env') ?? 'production') as DeployEnvironment;
if (!ENVIRONMENTS.includes(env)) {
  console.error(`usage: npm run deploy [-- --env ${ENVIRONMENTS.join('|')}] [--dry-run] [--zone-routes] [--skip-build] [--outdir <dir>]`);
  process.exit(2);
}
const options: DeployOptions = {
  env,
  dryRun: argv.includes('--dry-run'),
  routeMode: argv.includes('--zone-routes') ? 'zone-route' : 'custom-domain',
  outdir: option(argv, '--outdir') ?? `.wrangler/deploy/${env}`,
  skipBuild: argv.includes('--skip-build'),
};
process.env.WRANGLER_SEND_METRICS = 'false';
const { unstable_readConfig } = await import('wrangler');

const code = await runDeploy(options, {
  config: deployConfigOf(env, unstable_readConfig({ config: 'wrangler.jsonc', env })),
  mainSource: readFileSync('worker/index.ts', 'utf8'),
  wrangler: (args) => (args[0] === 'deploy' && !options.dryRun && process.stdin.isTTY && process.stdout.isTTY
    ? runInTerminal('wrangler', [...args, '-c', 'wrangler.jsonc'])
    : run('wrangler', [...args, '-c', 'wrangler.jsonc'], args[0] === 'deploy' || args[1] === 'migrations')),
  build: async () => {
    const built = await run('npm', ['run', 'build'], true);
    if (!built.ok) throw new Error('npm run build failed');
  },
  readDomains: async (remote) => {
    const open = await openDatabase(remote ? ['--remote', '--env', env] : []);
    try {
      return await listSiteDomains(open.db);
    } finally {
      await open.close();
    }
  },
  log: (line) => console.log(line),
});
process.exit(code);

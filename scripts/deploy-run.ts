/**
 * The steps of `npm run deploy` (docs/deployment.md "npm run deploy"), with wrangler, the build and the domain
 * reading injected so tests run them with fakes (scripts/deploy.ts wires the real ones).
 *
 * A real deployment of environment E:
 *   1. checks, changing nothing: the D1 database, R2 buckets, Durable Object migrations and secrets
 *      (scripts/deploy-checks.ts); any missing → the list and the commands that make each, exit 1;
 *   2. builds the site (`npm run build`), so a broken build stops before anything remote changes;
 *   3. applies the D1 migrations to E's database (`wrangler d1 migrations apply DB --remote --env E`);
 *   4. reads the sites' domains from E's database and generates the routes (scripts/deploy-routes.ts);
 *   5. `wrangler deploy --env E` with those routes, then prints the addresses.
 * `--dry-run` builds, reads the domains from the LOCAL database (works offline), runs
 * `wrangler deploy --dry-run --outdir <dir>` with the generated routes and checks nothing remote; only the local
 * checks (placeholder database id, Durable Object migrations) are reported, as warnings.
 */
import {
  checkDatabaseId, checkDeployment, checkDurableObjects, describeFindings, RemoteUnavailable,
  type DeployConfig, type DeployEnvironment, type WranglerRunner,
} from './deploy-checks.ts';
import { deployedUrls, describeRoutes, planRoutes, type RouteMode } from './deploy-routes.ts';
import type { SiteDomain } from '../worker/db/queries/site-domains.ts';

/** The options of one run (scripts/deploy.ts parses them from the command line). */
export interface DeployOptions {
  env: DeployEnvironment;
  dryRun: boolean;
  routeMode: RouteMode;
  /** Where `--dry-run` writes the bundle. */
  outdir: string;
  /** Skip step 2 (the site is already built). */
  skipBuild: boolean;
  /** Tests: a static-assets folder instead of the built site's (wrangler `--assets`). */
  assets?: string | undefined;
}

/** What the run needs from outside. */
export interface DeployDeps {
  config: DeployConfig;
  /** worker/index.ts, for the Durable Object export check. */
  mainSource: string;
  wrangler: WranglerRunner;
  build: () => Promise<void>;
  /** The sites' domains: the local database (`remote` false) or the environment's deployed one. */
  readDomains: (remote: boolean) => Promise<SiteDomain[]>;
  log: (line: string) => void;
}

/** The `wrangler deploy` arguments of a run with these routes. */
export function deployArgs(options: DeployOptions, routeArgs: readonly string[]): string[] {
  return [
    'deploy', '--env', options.env, ...routeArgs,
    ...(options.dryRun ? ['--dry-run', '--outdir', options.outdir] : []),
    ...(options.assets ? ['--assets', options.assets] : []),
  ];
}

/** Runs the deployment (see above); resolves to the process exit code (0 done, 1 something missing or failed). */
export async function runDeploy(options: DeployOptions, deps: DeployDeps): Promise<number> {
  const { config, log } = deps;
  log(`${options.dryRun ? 'Dry run of the' : 'Deploying the'} ${options.env} environment (Worker ${config.workerName}).`);

  if (options.dryRun) {
    const local = [checkDatabaseId(config), ...checkDurableObjects(config, deps.mainSource)].filter((f) => f && !f.ok);
    if (local.length) log(['Warnings (a real deployment stops here):', ...describeFindings(local.map((f) => f!))].join('\n'));
    log('Not checked (dry run): the D1 database, R2 buckets and secrets on the account.');
  } else {
    log('Checking the environment…');
    let findings;
    try {
      findings = await checkDeployment(config, deps.wrangler, deps.mainSource);
    } catch (error) {
      if (error instanceof RemoteUnavailable) {
        log(error.message);
        return 1;
      }
      throw error;
    }
    log(describeFindings(findings).join('\n'));
    if (findings.some((f) => !f.ok)) {
      log(`\nNothing was deployed. Run the commands above, then \`npm run deploy -- --env ${options.env}\` again (docs/deployment.md).`);
      return 1;
    }
  }

  if (!options.skipBuild) {
    log('Building the site (npm run build)…');
    try {
      await deps.build();
    } catch (error) {
      log(`${error instanceof Error ? error.message : String(error)}; nothing was deployed.`);
      return 1;
    }
  }

  if (!options.dryRun) {
    log('Applying the D1 migrations…');
    const migrated = await deps.wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', '--env', options.env]);
    if (!migrated.ok) {
      log(`The D1 migrations failed; nothing was deployed.\n${migrated.stderr || migrated.stdout}`);
      return 1;
    }
  }

  const plan = planRoutes(await deps.readDomains(!options.dryRun), options.routeMode);
  log(`Routes, generated from the sites' domains (${options.dryRun ? 'local' : options.env} database):\n${describeRoutes(plan).join('\n')}`);
  if (plan.routed.length === 0 && !config.workersDev) log('Warning: this deployment answers on no address until a site has a public domain.');

  const args = deployArgs(options, plan.args);
  log(`npx wrangler ${args.join(' ')}`);
  const deployed = await deps.wrangler(args);
  if (!deployed.ok) {
    log(`wrangler deploy failed.\n${deployed.stderr || deployed.stdout}`);
    return 1;
  }
  if (options.dryRun) {
    const urls = deployedUrls(plan, '');
    log(`Dry run done: the Worker was bundled into ${options.outdir}; nothing was uploaded.`);
    if (urls.length) log(`A deployment would answer on:\n${urls.map((url) => `  ${url}`).join('\n')}`);
    return 0;
  }
  const urls = deployedUrls(plan, deployed.stdout + deployed.stderr);
  const lines = urls.map((url) => `  ${url}`);
  if (config.workersDev && !urls.some((url) => url.endsWith('.workers.dev/'))) lines.push('  the workers.dev address wrangler printed above');
  log(`Deployed ${config.workerName}. The sites answer on:\n${lines.join('\n') || '  (no address)'}`);
  return 0;
}

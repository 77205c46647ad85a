/**
 * What `npm run deploy` checks before it changes anything remote (docs/deployment.md "What npm run deploy checks"):
 * the environment's D1 database (its id in wrangler.jsonc is not the placeholder and exists on the account), its R2
 * buckets, its Durable Object migrations, and every secret it needs. Each check that fails names exactly the
 * command that fixes it. Remote facts come from wrangler (`d1 list --json`, `r2 bucket list`, `secret list`)
 * through an injected runner, so tests use a fake one.
 */
import type { Unstable_Config } from 'wrangler';

/** The deployments of wrangler.jsonc (its `env` section). */
export const ENVIRONMENTS = ['preview', 'production'] as const;
export type DeployEnvironment = (typeof ENVIRONMENTS)[number];

/** The database id wrangler.jsonc holds until the operator puts the real one (docs/deployment.md). */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000';

/** The git-ignored folder `npm run keys` writes the secrets files to (scripts/keys.ts). */
export const SECRETS_FOLDER = '.secrets';

/** The secrets file of an environment. */
export function secretsFile(env: DeployEnvironment): string {
  return `${SECRETS_FOLDER}/${env}.json`;
}

/** One wrangler run: whether it exited 0, and what it printed. */
export interface WranglerResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `wrangler <args> -c wrangler.jsonc` (scripts/deploy.ts; a fake in tests). */
export type WranglerRunner = (args: string[]) => Promise<WranglerResult>;

/** What a deployment needs from an environment's resolved configuration (wrangler's own reading of it). */
export interface DeployConfig {
  env: DeployEnvironment;
  workerName: string;
  workersDev: boolean;
  /** The D1 binding DB, or null when the environment has none. */
  database: { name: string; id: string } | null;
  buckets: string[];
  /** Durable Object bindings of this Worker's own classes (no script_name). */
  durableObjectClasses: string[];
  /** Classes the migrations create and do not delete. */
  migratedClasses: string[];
  /** `secrets.required` of the environment. */
  requiredSecrets: string[];
  vars: Record<string, unknown>;
}

/** The DeployConfig of an environment as wrangler resolved it (`unstable_readConfig({ env })`). */
export function deployConfigOf(env: DeployEnvironment, config: Unstable_Config): DeployConfig {
  const db = config.d1_databases.find((d) => d.binding === 'DB');
  const created = config.migrations.flatMap((m) => [...(m.new_classes ?? []), ...(m.new_sqlite_classes ?? []), ...(m.renamed_classes ?? []).map((r) => r.to)]);
  const deleted = new Set(config.migrations.flatMap((m) => m.deleted_classes ?? []));
  return {
    env,
    workerName: config.name ?? 'playdeck',
    workersDev: config.workers_dev ?? false,
    database: db ? { name: db.database_name ?? '', id: db.database_id ?? '' } : null,
    buckets: config.r2_buckets.map((b) => b.bucket_name ?? '').filter(Boolean),
    durableObjectClasses: config.durable_objects.bindings.filter((b) => !b.script_name).map((b) => b.class_name),
    migratedClasses: created.filter((c) => !deleted.has(c)),
    requiredSecrets: config.secrets?.required ?? [],
    vars: config.vars,
  };
}

/** The outcome of one check: `fix` holds the commands (or edits) that make the missing thing, in order. */
export interface Finding {
  what: string;
  ok: boolean;
  detail: string;
  fix: string[];
}

/** wrangler could not answer (not logged in, no network): nothing can be checked. */
export class RemoteUnavailable extends Error {}

function unavailable(result: WranglerResult, what: string): RemoteUnavailable {
  const said = (result.stderr || result.stdout).trim().split('\n').slice(-3).join(' ');
  return new RemoteUnavailable(`wrangler could not ${what}: ${said || 'no output'}. Log in with \`npx wrangler login\` or set CLOUDFLARE_API_TOKEN (docs/deployment.md).`);
}

/** The D1 database: a real id in wrangler.jsonc (local check) that names a database of the account (remote). */
export function checkDatabaseId(config: DeployConfig): Finding | null {
  const what = 'D1 database';
  if (!config.database) return { what, ok: false, detail: `env.${config.env} has no D1 binding "DB"`, fix: [`add env.${config.env}.d1_databases with the binding "DB" to wrangler.jsonc (as the other environment has)`] };
  if (config.database.id === PLACEHOLDER_DATABASE_ID || !config.database.id) {
    return {
      what, ok: false, detail: `env.${config.env}.d1_databases[0].database_id is still the placeholder`,
      fix: [`npx wrangler d1 create ${config.database.name}`, `put the database_id it prints into wrangler.jsonc at env.${config.env}.d1_databases[0].database_id`],
    };
  }
  return null;
}

/** The D1 check (see checkDatabaseId), asking wrangler for the account's databases. */
export async function checkDatabase(config: DeployConfig, run: WranglerRunner): Promise<Finding> {
  const local = checkDatabaseId(config);
  if (local) return local;
  const { name, id } = config.database!;
  const result = await run(['d1', 'list', '--json']);
  if (!result.ok) throw unavailable(result, 'list the D1 databases');
  const databases = JSON.parse(result.stdout) as { uuid?: string; name?: string }[];
  const found = databases.find((d) => d.uuid === id);
  if (found) return { what: 'D1 database', ok: true, detail: `${found.name ?? name} (${id})`, fix: [] };
  return {
    what: 'D1 database', ok: false, detail: `no database with id ${id} on this account`,
    fix: [`npx wrangler d1 create ${name}`, `put the database_id it prints into wrangler.jsonc at env.${config.env}.d1_databases[0].database_id (or correct the id)`],
  };
}

/** The R2 buckets: each bucket of the environment is on the account. */
export async function checkBuckets(config: DeployConfig, run: WranglerRunner): Promise<Finding[]> {
  const result = await run(['r2', 'bucket', 'list']);
  if (!result.ok) throw unavailable(result, 'list the R2 buckets');
  const names = new Set([...result.stdout.matchAll(/^name:\s+(\S+)\s*$/gm)].map((m) => m[1]));
  return config.buckets.map((bucket) => (names.has(bucket)
    ? { what: 'R2 bucket', ok: true, detail: bucket, fix: [] }
    : { what: 'R2 bucket', ok: false, detail: `${bucket} does not exist`, fix: [`npx wrangler r2 bucket create ${bucket}`] }));
}

/**
 * The Durable Objects (local: wrangler applies the migrations itself on deploy): each bound class of this Worker is
 * created by a migration of the environment and exported by the Worker's main module (`mainSource`).
 */
export function checkDurableObjects(config: DeployConfig, mainSource: string): Finding[] {
  return config.durableObjectClasses.map((className) => {
    const exported = new RegExp(`export\\s+(?:class\\s+${className}\\b|\\{[^}]*\\b${className}\\b[^}]*\\})`).test(mainSource);
    if (!config.migratedClasses.includes(className)) {
      return {
        what: 'Durable Object', ok: false, detail: `${className} has no migration in env.${config.env}`,
        fix: [`add { "tag": "<new tag>", "new_sqlite_classes": ["${className}"] } to env.${config.env}.migrations (and the top level's) in wrangler.jsonc`],
      };
    }
    if (!exported) return { what: 'Durable Object', ok: false, detail: `${className} is not exported by the Worker's main module`, fix: [`export ${className} from worker/index.ts`] };
    return { what: 'Durable Object', ok: true, detail: `${className} (migration applied by wrangler deploy)`, fix: [] };
  });
}

/** Secrets a provider setting in the environment's vars needs: [var, value, secret, where the token comes from]. */
const PROVIDER_SECRETS: [string, string, string, string][] = [
  ['SMS_PROVIDER', 'http', 'SMS_HTTP_TOKEN', "the SMS gateway's bearer token"],
  ['MAIL_PROVIDER', 'http', 'MAIL_HTTP_TOKEN', "the mailer's bearer token"],
];

/** The secrets an environment needs: `secrets.required`, then the provider tokens its vars call for. */
export function neededSecrets(config: DeployConfig): { generated: string[]; provider: { name: string; source: string }[] } {
  const provider = PROVIDER_SECRETS.filter(([name, value]) => String(config.vars[name] ?? '') === value).map(([, , name, source]) => ({ name, source }));
  return { generated: config.requiredSecrets, provider };
}

/**
 * The secrets: every needed one is set on the Worker (`wrangler secret list --env`). A Worker that does not exist
 * yet has none; `npx wrangler secret bulk` creates it with them.
 */
export async function checkSecrets(config: DeployConfig, run: WranglerRunner): Promise<Finding[]> {
  const { generated, provider } = neededSecrets(config);
  const result = await run(['secret', 'list', '--env', config.env, '--format', 'json']);
  let present = new Set<string>();
  let absentWorker = false;
  if (result.ok) present = new Set((JSON.parse(result.stdout) as { name: string }[]).map((s) => s.name));
  else if (/10007|does not exist|not found/i.test(result.stderr + result.stdout)) absentWorker = true;
  else throw unavailable(result, `list the secrets of ${config.workerName}`);
  const why = absentWorker ? `not set (the Worker ${config.workerName} does not exist yet)` : 'not set';
  const keysFix = [`npm run keys -- --env ${config.env}`, `npx wrangler secret bulk ${secretsFile(config.env)} --env ${config.env}`];
  return [
    ...generated.map((name) => (present.has(name)
      ? { what: 'secret', ok: true, detail: name, fix: [] }
      : { what: 'secret', ok: false, detail: `${name} ${why}`, fix: keysFix })),
    ...provider.map(({ name, source }) => (present.has(name)
      ? { what: 'secret', ok: true, detail: name, fix: [] }
      : { what: 'secret', ok: false, detail: `${name} ${why} (${source})`, fix: [`npx wrangler secret put ${name} --env ${config.env}   # paste ${source}`] })),
  ];
}

/** Every check of a real deployment, in order: database, buckets, Durable Objects, secrets. */
export async function checkDeployment(config: DeployConfig, run: WranglerRunner, mainSource: string): Promise<Finding[]> {
  return [
    await checkDatabase(config, run),
    ...(await checkBuckets(config, run)),
    ...checkDurableObjects(config, mainSource),
    ...(await checkSecrets(config, run)),
  ];
}

/** The findings as lines: `ok`/`MISSING` per check, then the fixes of the missing ones, each command once. */
export function describeFindings(findings: readonly Finding[]): string[] {
  const lines = findings.map((f) => `  ${f.ok ? 'ok     ' : 'MISSING'} ${f.what}: ${f.detail}`);
  const fixes = [...new Set(findings.flatMap((f) => f.fix))];
  if (fixes.length) lines.push('', 'To fix, run (in this order):', ...fixes.map((fix) => `  ${fix}`));
  return lines;
}

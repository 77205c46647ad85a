/**
 * `npm run keys [-- --env preview|production] [--rotate]`: makes every secret the Worker of that environment needs
 * (default production; scripts/secrets.ts has the formats) into `.secrets/<env>.json` (folder mode 700, file mode
 * 600; .secrets/ is git-ignored) and prints the commands that upload them. Run again, it keeps what the file holds
 * and only adds what is missing; `--rotate` puts a new payload key first (the old ones kept) and replaces the
 * legacy RSA key (docs/deployment.md "Secrets" and "Rotating the keys"). Nothing is uploaded and nothing is
 * committed: the printed `wrangler secret` lines do the upload.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ENVIRONMENTS, SECRETS_FOLDER, secretsFile, type DeployEnvironment } from './deploy-checks.ts';
import { describeSecret, MADE_SECRETS, makeSecrets, OPTIONAL_SECRETS, uploadCommands, type SecretValues } from './secrets.ts';

const argv = process.argv.slice(2);
const envAt = argv.indexOf('--env');
const inline = argv.find((a) => a.startsWith('--env='));
const env = (inline ? inline.slice('--env='.length) : envAt >= 0 ? argv[envAt + 1] : 'production') as DeployEnvironment;
const unknown = argv.filter((a, i) => a !== '--rotate' && a !== '--env' && argv[i - 1] !== '--env' && !a.startsWith('--env='));
if (!ENVIRONMENTS.includes(env) || unknown.length) {
  console.error(`usage: npm run keys [-- --env ${ENVIRONMENTS.join('|')}] [--rotate]`);
  process.exit(2);
}

const file = secretsFile(env);
const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SecretValues) : {};
const rotate = argv.includes('--rotate');
const { values, changes } = await makeSecrets(current, rotate);

mkdirSync(SECRETS_FOLDER, { recursive: true, mode: 0o700 });
chmodSync(SECRETS_FOLDER, 0o700);
writeFileSync(file, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
chmodSync(file, 0o600);

const commands = uploadCommands(env, file, MADE_SECRETS);
console.log([
  `Secrets of the ${env} environment in ${file} (mode 600; ${SECRETS_FOLDER}/ is git-ignored: never commit it, keep a copy in your password manager):`,
  ...MADE_SECRETS.map((name) => describeSecret(name, values[name]!, changes[name])),
  '',
  MADE_SECRETS.every((name) => changes[name] === 'kept')
    ? 'Nothing changed. To upload them (again):'
    : 'Upload them (this also creates the Worker when it does not exist yet; a deployed Worker uses them at once):',
  `  ${commands.bulk}`,
  'or one at a time:',
  ...commands.put.map((line) => `  ${line}`),
  '',
  'Secrets issued by others, when the environment uses them (wrangler asks for the value):',
  ...OPTIONAL_SECRETS.map(([name, when, source]) => `  npx wrangler secret put ${name} --env ${env}   # with ${when}: ${source}`),
  `  npx wrangler secret put <NAME> --env ${env}   # payment providers and social logins: the secret name their site settings give`,
  ...(rotate ? ['', 'Rotation: upload, then deploy as usual. The old payload keys stay in the ring; drop them from the file and upload again once the new key has been published for a day (docs/deployment.md "Rotating the keys").'] : []),
].join('\n'));

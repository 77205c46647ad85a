/**
 * Serves the built site and API locally with `wrangler dev` in development mode on 127.0.0.1:8787.
 * Passes TEST_CAPTCHA_ANSWER, UPSTREAM_API_URL, UPSTREAM_MEDIA_ORIGINS, UPSTREAM_FILL_DEADLINE_MS, UPSTREAM_TIMEOUT_MS,
 * UPSTREAM_BREAKER_FAILURES, UPSTREAM_BREAKER_OPEN_MS, LEGACY_ENCRYPTION, REGISTER_LIMIT_PER_HOUR and SITE_CACHE_SECONDS through from the environment, and
 * PLAYDECK_STATE (a folder) to keep a separate local database, e.g. for end-to-end tests.
 * Usage: node scripts/serve.ts [--port 8787]
 */
import { spawn } from 'node:child_process';

const portFlag = process.argv.indexOf('--port');
const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '8787');
const args = ['dev', '-c', 'wrangler.jsonc', '--ip', '127.0.0.1', '--port', String(port), '--var', 'APP_ENV:development'];
for (const name of ['TEST_CAPTCHA_ANSWER', 'UPSTREAM_API_URL', 'UPSTREAM_MEDIA_ORIGINS', 'UPSTREAM_FILL_DEADLINE_MS', 'UPSTREAM_TIMEOUT_MS', 'UPSTREAM_BREAKER_FAILURES', 'UPSTREAM_BREAKER_OPEN_MS', 'LEGACY_ENCRYPTION', 'REGISTER_LIMIT_PER_HOUR', 'SITE_CACHE_SECONDS']) {
  const value = process.env[name];
  if (value) args.push('--var', `${name}:${value}`);
}
if (process.env.PLAYDECK_STATE) args.push('--persist-to', process.env.PLAYDECK_STATE);
args.push('--show-interactive-dev-session=false');

const child = spawn('wrangler', args, {
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const stop = (): void => {
  child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));

import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';

/**
 * The secrets without which nobody can log in or register on a deployment (docs/deployment.md "Secrets"):
 * - PAYLOAD_PRIVATE_KEYS opens the sealed bodies of PlayDeck's own browser (login, registrations, password calls;
 *   services/crypto/payload-keys.ts);
 * - LEGACY_RSA_PRIVATE_KEY opens the platform clients' legacy bodies and is served at GET /wps/session/key/rsa
 *   (services/crypto/legacy-keys.ts; platform-contract.md §1.6, §7.1). Not needed when LEGACY_ENCRYPTION=off or in
 *   upstream mode (the platform then serves its own key).
 * Local development (APP_ENV=development) generates both, so only other deployments miss them.
 *
 * Without one, the calls that need it answer 503 `encryption_unavailable` (the login and registration pages show
 * "temporarily unavailable", error.encryption_unavailable), never a 403 a player would take for a refusal of their
 * own, and the worker logs ONE line per isolate and secret naming it and the command that makes it.
 */
export type LoginSecret = 'PAYLOAD_PRIVATE_KEYS' | 'LEGACY_RSA_PRIVATE_KEY';

/** The command that makes the secrets, as the log line names it. */
export const MAKE_SECRETS_COMMAND = 'npm run keys -- --env <preview|production>';

const reported = new Set<LoginSecret>();
let checked = false;

/**
 * Logs the one line for `name` unless this isolate already did: what is wrong (`problem`: "is not set", or why the
 * value is unusable), what players get, and how to fix it.
 */
function report(name: LoginSecret, problem: string): void {
  if (reported.has(name)) return;
  reported.add(name);
  console.error(
    `${name} ${problem}: log-in and registration answer 503 encryption_unavailable until it is fixed. `
    + `Make it with \`${MAKE_SECRETS_COMMAND}\` and upload it with the \`npx wrangler secret bulk\` line that prints `
    + '(docs/deployment.md).',
  );
}

/** Seconds a client is told to wait before trying again (the time an operator needs to put the secret). */
export const RETRY_AFTER_SECONDS = 300;

/**
 * 503 `encryption_unavailable` with Retry-After: the deployment cannot open encrypted bodies right now (a missing or
 * unusable secret, or the stored legacy key unreadable); "come back later", as maintenance answers.
 */
export function encryptionUnavailable(): ApiError {
  return new ApiError(503, 'encryption_unavailable', 'Log-in is temporarily unavailable', null, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/**
 * The error a call that needs `name` answers when it is missing (`problem` "is not set") or unusable
 * (`problem` "is unusable (<reason>)"): encryptionUnavailable(), after the one log line of this isolate.
 */
export function loginSecretUnavailable(name: LoginSecret, problem: string): ApiError {
  report(name, problem);
  return encryptionUnavailable();
}

/** The login secrets this deployment needs and does not have (empty in development; see above). */
export function missingLoginSecrets(env: Bindings): LoginSecret[] {
  if (env.APP_ENV === 'development') return [];
  const missing: LoginSecret[] = [];
  if (!env.PAYLOAD_PRIVATE_KEYS) missing.push('PAYLOAD_PRIVATE_KEYS');
  const legacyNeeded = !env.UPSTREAM_API_URL && (env.LEGACY_ENCRYPTION ?? '').trim().toLowerCase() !== 'off';
  if (legacyNeeded && !env.LEGACY_RSA_PRIVATE_KEY) missing.push('LEGACY_RSA_PRIVATE_KEY');
  return missing;
}

/**
 * Checked on the isolate's first request (worker/index.ts), before anyone tries to log in: logs the line of each
 * missing login secret, so `wrangler tail` names it as soon as the deployment serves. Pages still serve; only the
 * calls that need a missing secret answer 503.
 */
export function reportMissingLoginSecrets(env: Bindings): void {
  if (checked) return;
  checked = true;
  for (const name of missingLoginSecrets(env)) report(name, 'is not set');
}

import { spawnSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_PORT, E2E_STATE } from '../../../playwright.config';

/**
 * Browser-test helpers of the back office (docs/back-office.md "The back office app"): an operator made with the
 * operator script (so a spec using them writes to the database from outside: add it to OUTSIDE_WRITERS in
 * playwright.config.ts), and signing in through the app, with the two-factor enrolment on the first sign-in of a
 * role that needs it and a fresh code on the next ones.
 */

/** A console operator made for a test, with what signing in needs. */
export interface ConsoleTestOperator {
  username: string;
  password: string;
  displayName: string;
  role: 'owner' | 'admin' | 'finance' | 'support' | 'content';
  /** The merchant the account was made on. */
  merchant: string;
  sites: string[];
  /** The TOTP secret once enrolled (base32), and the recovery codes shown then. */
  secret?: string;
  recoveryCodes?: string[];
  /** The last TOTP time step used (a code works once: the next sign-in needs a later step). */
  lastStep?: number;
}

let made = 0;

/**
 * Makes an operator with `node scripts/operator.ts console-operator` on the test server's database: role (default
 * support), merchant (default DEMO), extra sites (merchant codes), display name and password.
 */
export function makeConsoleOperator(opts: { role?: ConsoleTestOperator['role']; merchant?: string; sites?: string[]; displayName?: string; password?: string } = {}): ConsoleTestOperator {
  made += 1;
  const role = opts.role ?? 'support';
  const merchant = opts.merchant ?? 'DEMO';
  const username = `${role}${made}${Date.now().toString(36)}`;
  const password = opts.password ?? 'console-test-2026';
  const displayName = opts.displayName ?? `Test ${role} ${made}`;
  const sites = opts.sites ?? [];
  const args = ['scripts/operator.ts', 'console-operator', merchant, username, displayName, '--role', role, '--reason', 'browser test'];
  if (sites.length > 0) args.push('--sites', [merchant, ...sites].join(','));
  const result = spawnSync('node', args, { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE, CONSOLE_PASSWORD: password } });
  expect(result.status, result.stderr + result.stdout).toBe(0);
  return { username, password, displayName, role, merchant, sites: [merchant, ...sites] };
}

/** The 6-digit code of a base32 secret for a TOTP time step (30 s). */
export function totpCodeAt(secret: string, step: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
}

/** A code the server has not seen yet for this operator (waits for the next step when the last one was used). */
export async function freshCode(operator: ConsoleTestOperator): Promise<string> {
  if (!operator.secret) throw new Error(`${operator.username} has no second factor yet`);
  let now = Math.floor(Date.now() / 30_000);
  // The server accepts the current step and one before or after, each once and in order.
  while ((operator.lastStep ?? -Infinity) >= now + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    now = Math.floor(Date.now() / 30_000);
  }
  const step = Math.max(now, (operator.lastStep ?? -Infinity) + 1);
  operator.lastStep = step;
  return totpCodeAt(operator.secret, step);
}

/** The back office's address on a host (default: the test server's 127.0.0.1, the DEMO site; DEMO2 is play2.localhost). */
export function consoleUrl(host = '127.0.0.1', path = '/console/'): string {
  return `http://${host}:${E2E_PORT}${path}`;
}

/**
 * Signs `operator` in through the app on `host` (see consoleUrl): username and password; the enrolment on the
 * first sign-in of an owner, admin or finance operator (the secret read from the page, a code computed here, the
 * recovery codes kept on `operator`), else the authenticator code when asked. Returns the page with the dashboard
 * shown.
 */
export async function signInToConsole(page: Page, operator: ConsoleTestOperator, opts: { host?: string } = {}): Promise<Page> {
  await page.goto(consoleUrl(opts.host));
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
  const codeField = page.getByLabel('Authenticator code or recovery code');
  const dashboard = page.getByRole('heading', { name: `Welcome, ${operator.displayName}` });
  await expect(enrol.or(codeField).or(dashboard)).toBeVisible();
  if (await codeField.isVisible()) {
    await codeField.fill(await freshCode(operator));
    await page.getByRole('button', { name: 'Sign in' }).click();
  } else if (await enrol.isVisible()) {
    await page.getByRole('button', { name: 'Show the secret' }).click();
    await expect(page.locator('#enrol-base32')).toHaveText(/^[A-Z2-7]{32}$/);
    operator.secret = (await page.locator('#enrol-base32').textContent()) ?? '';
    await page.getByLabel('Code from the app').fill(await freshCode(operator));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('#recovery-codes li')).toHaveCount(10);
    operator.recoveryCodes = await page.locator('#recovery-codes li').allTextContents();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(dashboard).toBeVisible();
  return page;
}

/**
 * Opens the back office's menu where it is folded away (a phone: the "Open menu" button of the app bar) and returns
 * its entries' locator by name, e.g. `await (await openConsoleMenu(page))('Audit log').click()`.
 */
export async function openConsoleMenu(page: Page): Promise<(name: string) => ReturnType<Page['getByRole']>> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  return (name: string) => page.getByRole('menuitem', { name });
}

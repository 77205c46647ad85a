import { beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../../contract/call';
import { consoleCallList } from '../../../contract/calls/console';
import { CONSOLE_PERMISSIONS, CONSOLE_ROLES, type ConsolePermission, type ConsoleRole } from '../../../rules/console-roles';
import { call } from '../helpers';
import { consoleCallPath, enrolled, makeOperator, signIn } from './console-helpers';

/**
 * Every console call, the areas' included (contract/calls/console.ts `consoleCallList()`, which takes the areas'
 * call records from contract/calls/console-areas.ts), refuses on the server (docs/back-office.md "The back office
 * app", "Operators, roles and sites"): no session → 401 `customer.not.login`; a role without the call's permission →
 * 403 `console_role_forbidden`; a state change without the session's CSRF token, or with another site's Origin → 403
 * `csrf_invalid`; the session of an operator of another site → 403 `console_site_forbidden`. A new area's calls are
 * checked here without a line of their own: path parameters (`:id` or `{id}`) get a generated id, and each refusal
 * must come before the call reads its query or body (put `can(…)` first).
 */
const CALLS = consoleCallList().filter((def) => def.console && def.console !== 'public');

/** Headers of a signed-in session: the cookie, and for state changes the CSRF token and this site's origin. */
type Session = { Cookie: string; 'X-CSRF-Token': string };
const sessions = new Map<ConsoleRole, Session>();
let foreign: Session;

beforeAll(async () => {
  for (const role of CONSOLE_ROLES) {
    if (role === 'owner' || role === 'admin' || role === 'finance') sessions.set(role, (await enrolled(role)).headers);
    else {
      const s = await signIn(await makeOperator(role));
      sessions.set(role, { Cookie: s.cookie, 'X-CSRF-Token': s.csrf });
    }
  }
  // A support agent of DEMO2 only (the site check comes before the role's).
  const other = await signIn(await makeOperator('support', 'DEMO2'), { host: 'play2.localhost' });
  foreign = { Cookie: other.cookie, 'X-CSRF-Token': other.csrf };
}, 60_000);

/** Sends a call with `headers` (a state change gets `{}` as its body), on the DEMO site's host. */
function send(def: CallDef, headers: Record<string, string>) {
  const changes = def.method !== 'GET';
  return call(consoleCallPath(def.path), {
    method: def.method, headers: { ...(changes ? { 'Content-Type': 'application/json' } : {}), ...headers }, ...(changes ? { body: '{}' } : {}),
  });
}

const refusal = async (def: CallDef, headers: Record<string, string>) => {
  const res = await send(def, headers);
  return [res.status, res.body.errorCode];
};

/** A role without the permission, or null when every role has it. */
function roleWithout(permission: string): ConsoleRole | null {
  const allowed = CONSOLE_PERMISSIONS[permission as ConsolePermission] as readonly string[] | undefined;
  return CONSOLE_ROLES.find((role) => !(allowed ?? []).includes(role)) ?? null;
}

describe('every console call refuses on the server', () => {
  it('lists the calls with a known permission', () => {
    expect(CALLS.length).toBeGreaterThan(5);
    for (const def of CALLS) expect(Object.keys(CONSOLE_PERMISSIONS), def.name).toContain(def.console);
  });

  it.each(CALLS.map((def) => [`${def.method} ${def.path}`, def] as const))('%s', async (_, def) => {
    expect(await refusal(def, {}), 'no session').toEqual([401, 'customer.not.login']);
    const owner = sessions.get('owner')!;
    expect(await refusal(def, { Cookie: foreign.Cookie, 'X-CSRF-Token': foreign['X-CSRF-Token'] }), 'another site').toEqual([403, 'console_site_forbidden']);
    const role = roleWithout(def.console!);
    if (role) expect(await refusal(def, { ...sessions.get(role)!, Origin: 'http://127.0.0.1' }), `role ${role}`).toEqual([403, 'console_role_forbidden']);
    if (def.method !== 'GET') {
      expect(await refusal(def, { Cookie: owner.Cookie }), 'no CSRF token').toEqual([403, 'csrf_invalid']);
      expect(await refusal(def, { ...owner, 'X-CSRF-Token': 'not-the-token' }), 'wrong CSRF token').toEqual([403, 'csrf_invalid']);
      expect(await refusal(def, { ...owner, Origin: 'https://evil.example' }), 'foreign origin').toEqual([403, 'csrf_invalid']);
    }
  });
});

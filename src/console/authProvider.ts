/**
 * The back office's auth provider (docs/back-office.md "The back office app", "Two-factor sign-in"): react-admin's
 * session hooks over the console realm's calls (contract/calls/console.ts).
 * - login `{ username, password, code? }` → `POST /console/api/login`; the answer (me) is kept (src/console/session.ts).
 *   A refusal is thrown as ConsoleApiError: `console_totp_required` (the sign-in page then asks for the
 *   authenticator or recovery code), `console_totp_invalid`, `console_login_failed`, `TOO_MANY_REQUEST` (429, its
 *   value `{ secondFactor: true }` when the password and the code must come together).
 * - checkAuth: the kept me, else `GET /console/api/me`; no session → rejected (react-admin shows the sign-in page).
 *   A session that must enrol its second factor passes: the app shows the enrolment instead (src/console/App.tsx).
 * - checkError: 401 → rejected (react-admin signs out and shows the sign-in page); any other refusal stays a
 *   notification.
 * - logout: `POST /console/api/logout` when signed in (errors ignored: the session may be gone already).
 * - getIdentity: `{ id, fullName }` of the operator; getPermissions: the role (rules/console-roles.ts).
 */
import type { AuthProvider } from 'react-admin';
import { consoleFetch } from './dataProvider';
import { ConsoleApiError } from './registry';
import { currentMe, setMe, type ConsoleMe } from './session';

/** The sign-in form's fields; `code` is a 6-digit TOTP code or a recovery code. */
export interface ConsoleCredentials {
  username: string;
  password: string;
  code?: string;
}

/** Asks the server who is signed in (null: nobody) and keeps the answer. */
export async function refreshMe(): Promise<ConsoleMe | null> {
  try {
    const me = await consoleFetch<ConsoleMe>('me');
    setMe(me);
    return me;
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 401 || error.status === 403)) {
      setMe(null);
      return null;
    }
    throw error;
  }
}

export const authProvider: AuthProvider = {
  async login(params: ConsoleCredentials) {
    const code = params.code?.trim();
    const me = await consoleFetch<ConsoleMe>('login', {
      method: 'POST', body: { username: params.username, password: params.password, ...(code ? { code } : {}) },
    });
    setMe(me);
  },
  async logout() {
    if (currentMe()) await consoleFetch('logout', { method: 'POST' }).catch(() => undefined);
    setMe(null);
  },
  async checkAuth() {
    if (currentMe()) return;
    if (!(await refreshMe())) throw new ConsoleApiError(401, 'customer.not.login', 'Sign in to the back office');
  },
  async checkError(error: unknown) {
    if (error instanceof ConsoleApiError && error.status === 401) {
      setMe(null);
      throw error;
    }
  },
  async getIdentity() {
    const me = currentMe() ?? await refreshMe();
    if (!me) throw new ConsoleApiError(401, 'customer.not.login', 'Sign in to the back office');
    return { id: me.name, fullName: `${me.name} (${me.role})` };
  },
  async getPermissions() {
    return (currentMe() ?? await refreshMe())?.role ?? null;
  },
};

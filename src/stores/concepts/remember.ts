import { atom, onMount } from 'nanostores';
import { resumeRememberedLogin, type SessionValue } from '../../api/accounts';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { ApiRequestError } from '../../api/client';
import {
  AUTO_LOGIN_KEY, REMEMBERED_KEY, forgetToken, parseRemembered, rememberAfterLogin, resumeToken, withToken,
  type RememberState, type RememberedLogin,
} from '../../lib/remember';
import { $session, sessionFromValue, startSession } from './session';

/**
 * The remembered login (accounts §3 Remembered-login record, without the password: a revocable token instead),
 * kept in local storage under `rememberedLogin` with the `autoLogin` flag; null when nothing is remembered.
 */
export const $remembered = atom<RememberedLogin | null>(null);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function write(state: RememberState): void {
  $remembered.set(state.record);
  const store = storage();
  if (!store) return;
  try {
    if (state.record) store.setItem(REMEMBERED_KEY, JSON.stringify(state.record));
    else store.removeItem(REMEMBERED_KEY);
    store.setItem(AUTO_LOGIN_KEY, state.autoLogin);
  } catch {
    // storage full or refused: the choice lasts for this page only
  }
}

/** Loads the record from local storage (call after hydration: it prefills the login form). */
export function loadRemembered(): RememberedLogin | null {
  const record = parseRemembered(storage()?.getItem(REMEMBERED_KEY) ?? null);
  $remembered.set(record);
  return record;
}

/** Keeps or forgets the login after a successful login, per the "remember me" checkbox (accounts §2). */
export function saveLoginChoice(rememberMe: boolean, login: Omit<RememberedLogin, 'token'>, value: SessionValue): void {
  write(rememberAfterLogin(rememberMe, login, value.rememberToken));
}

/** Forgets the token and sets autoLogin to 0 (logout, player-shell §4); the username stays for the form. */
export function forgetRememberedToken(): void {
  write(forgetToken(parseRemembered(storage()?.getItem(REMEMBERED_KEY) ?? null)));
}

/** Stores a replacement token (the server replaces it on every use and after a password change). */
export function replaceRememberedToken(token: string | null | undefined): void {
  const record = withToken(parseRemembered(storage()?.getItem(REMEMBERED_KEY) ?? null), token);
  if (record) write({ record, autoLogin: record.token ? '1' : '0' });
}

let pending: Promise<boolean> | null = null;

/**
 * On a visit without a session, with autoLogin '1' and a kept token: trades the token for a new session
 * (POST /wps/playdeck/session/remember; only where the `remember` capability is served) and keeps the replacement token. A token the server refuses is forgotten.
 * Resolves true when a session was started. One attempt per page.
 */
export function resumeRememberedSession(): Promise<boolean> {
  if (pending) return pending;
  if (!hasCapability(CAPABILITIES.rememberMe)) return Promise.resolve(false);
  const store = storage();
  const token = resumeToken(store?.getItem(AUTO_LOGIN_KEY) ?? null, loadRemembered(), $session.get() !== null);
  if (!token) return Promise.resolve(false);
  pending = resumeRememberedLogin(token).then(
    (value) => {
      startSession(sessionFromValue(value));
      replaceRememberedToken(value.rememberToken);
      return true;
    },
    (error: unknown) => {
      // A refused token is spent; a network failure keeps it for the next visit.
      if (error instanceof ApiRequestError && error.status > 0) forgetRememberedToken();
      return false;
    },
  );
  return pending;
}

onMount($remembered, () => {
  if (typeof window !== 'undefined') loadRemembered();
});

/**
 * Remember-me rules (accounts §2 "remember-password checkbox", §3 "Remembered-login record (local storage): type,
 * username, password (double encoded), countryDialingCode", §4 "the stored autoLogin is set to 0" on logout).
 * PlayDeck never keeps a password: the record holds the revocable remember-me token the login answered with
 * (SessionValue.rememberToken, 30 days, replaced on every use) instead. Pure; src/stores/concepts/remember.ts stores it.
 */

/** Local storage key of the record. */
export const REMEMBERED_KEY = 'rememberedLogin';
/** Local storage key of the autoLogin flag (player-shell §3): '1' resume on the next visit, '0' do not. */
export const AUTO_LOGIN_KEY = 'autoLogin';

/** The remembered-login record: the login method, what prefills the form, and the token (null once forgotten). */
export interface RememberedLogin {
  type: 'username' | 'sms';
  /** The username, or the mobile number of an SMS login. */
  username: string;
  countryDialingCode: string;
  token: string | null;
}

/** Reads a stored record; anything malformed counts as none. */
export function parseRemembered(raw: string | null): RememberedLogin | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedLogin> | null;
    if (!value || (value.type !== 'username' && value.type !== 'sms') || typeof value.username !== 'string') return null;
    return {
      type: value.type,
      username: value.username,
      countryDialingCode: typeof value.countryDialingCode === 'string' ? value.countryDialingCode : '',
      token: typeof value.token === 'string' && value.token !== '' ? value.token : null,
    };
  } catch {
    return null;
  }
}

/** What the browser keeps after a choice: the record (null = nothing) and the autoLogin flag. */
export interface RememberState {
  record: RememberedLogin | null;
  autoLogin: '1' | '0';
}

/**
 * After a successful login: with "remember me" the username (or mobile number) and dialling code are kept with the
 * server's token and autoLogin becomes '1'; without it nothing is kept and autoLogin is '0'.
 */
export function rememberAfterLogin(
  rememberMe: boolean,
  login: Omit<RememberedLogin, 'token'>,
  rememberToken: string | null | undefined,
): RememberState {
  if (!rememberMe) return { record: null, autoLogin: '0' };
  const token = rememberToken ?? null;
  return { record: { ...login, token }, autoLogin: token ? '1' : '0' };
}

/** The token to resume with on a visit without a session: only when autoLogin is '1' and a token is kept. */
export function resumeToken(autoLogin: string | null, record: RememberedLogin | null, hasSession: boolean): string | null {
  if (hasSession || autoLogin !== '1') return null;
  return record?.token ?? null;
}

/**
 * Logout (player-shell §4 "set autoLogin to 0"), or a token the server no longer takes: the token is forgotten,
 * the username and dialling code stay to prefill the form.
 */
export function forgetToken(record: RememberedLogin | null): RememberState {
  return { record: record ? { ...record, token: null } : null, autoLogin: '0' };
}

/** A replacement token (after a resume or a password change, accounts §3 "re-encoded after a password change"). */
export function withToken(record: RememberedLogin | null, token: string | null | undefined): RememberedLogin | null {
  if (!record || !token) return record;
  return { ...record, token };
}

import { atom, onSet } from 'nanostores';
import type { SessionValue } from '../../api/accounts';
import { connectClient } from '../../api/client';
import { showToast, toastOnNextPage } from './toast';
import { env } from '../kit/environment';

/**
 * Session info as kept in session storage under MC_SESSION_INFO (player-shell §3, accounts §3):
 * token, merchantCode, userName, type, firstTimeLogin; trial sessions carry customerType instead of type.
 */
export interface SessionInfo {
  id?: number;
  token: string;
  merchantCode: string;
  userName: string;
  type?: number;
  customerType?: number;
  firstTimeLogin: boolean;
}

/** Session storage key of the session info (platform-contract.md §1.7, player-shell §3). */
export const SESSION_STORAGE_KEY = 'MC_SESSION_INFO';

function readStored(): SessionInfo | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const raw = sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SessionInfo>;
    return typeof value.token === 'string' && value.token ? (value as SessionInfo) : null;
  } catch {
    return null;
  }
}

/**
 * The current session, or null when logged out. Persisted to session storage on every change; a session that
 * begins on the page (a remembered player's automatic login, a social login's exchange) also sends the window event
 * `MC_SESSION_INFO`, which hydrates the islands waiting for a session (`client:interaction="MC_SESSION_INFO"`:
 * home's header with the balance, its content, the unread badge) without waiting for the player's interaction.
 */
export const $session = atom<SessionInfo | null>(readStored());

onSet($session, ({ newValue }) => {
  if (typeof sessionStorage === 'undefined') return;
  if (newValue) sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(newValue));
  else sessionStorage.removeItem(SESSION_STORAGE_KEY);
  // After the store holds the value (onSet runs before), so an island hydrating on the event reads the session.
  if (newValue && typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') queueMicrotask(() => window.dispatchEvent(new Event(SESSION_STORAGE_KEY)));
});

/** Member type of a session: `type`, or `customerType` for trial sessions; 4 (guest/trial) when absent. */
export function sessionMemberType(session: SessionInfo): number {
  return session.type ?? session.customerType ?? 4;
}

/** The merchant code the edge wrote into `<html data-merchant>` ('' outside a page). */
function pageMerchant(): string {
  return typeof document === 'undefined' ? '' : document.documentElement.getAttribute('data-merchant') ?? '';
}

/**
 * Session info kept after login, registration or free play (platform-contract.md §1.7 MC_SESSION_INFO: id, token,
 * merchantCode, userName, type from `type` or `customerType`, firstTimeLogin). The platform's answer carries no
 * merchant code, so the page's is used when the answer has none.
 */
export function sessionFromValue(value: SessionValue, merchantCode: string = pageMerchant()): SessionInfo {
  return {
    token: value.token,
    merchantCode: value.merchantCode ?? merchantCode,
    userName: value.userName,
    firstTimeLogin: value.firstTimeLogin ?? false,
    ...(value.id !== undefined ? { id: value.id } : {}),
    ...(value.type !== undefined ? { type: value.type } : {}),
    ...(value.customerType !== undefined ? { customerType: value.customerType } : {}),
  };
}

/** Stores a session issued by login, registration, free play or trial. */
export function startSession(session: SessionInfo): void {
  forgottenOnPurpose = false;
  $session.set(session);
}

/** Set by forgetSessionOnPurpose until the next session starts. */
let forgottenOnPurpose = false;

/**
 * Forgets the session because the page itself ended it on the server (a break or self-exclusion ends every session,
 * docs/player-protection.md): a 401 of a call sent before, arriving later, then does not send the player to log in.
 */
export function forgetSessionOnPurpose(): void {
  forgottenOnPurpose = true;
  endSession();
}

/** Forgets the session (logout, or the server said it expired). */
export function endSession(): void {
  $session.set(null);
}

/**
 * What follows an answer that ends the session (platform-contract.md §1.5, contract/errors.ts endsSession): forget
 * it, say why — `error.session_time_limit` when the player's session time limit ended it (docs/player-protection.md),
 * else `error.not_logged_in` — and go to /m/login (on /m/login itself the toast shows at once and the page stays). An
 * answer that arrives after the page forgot the session on purpose (`forgetSessionOnPurpose`: a call sent before a
 * break or self-exclusion ended every session) changes nothing.
 */
export function sessionEndedByServer(errorCode = ''): void {
  // The page forgot the session on purpose already (a self-exclusion ends it and says until when): nothing to end.
  if (forgottenOnPurpose && $session.get() === null) return;
  endSession();
  const message = errorCode === 'session_time_limit' ? 'error.session_time_limit' : 'error.not_logged_in';
  if (typeof location === 'undefined' || location.pathname.endsWith('/m/login')) {
    showToast(message, 'error');
    return;
  }
  toastOnNextPage(message);
  env().navigate('/m/login');
}

// The API client reads the session through this getter and calls back when an answer ends it (src/api imports no
// store): connected when this module is first evaluated, which every store that reads the session causes.
connectClient({ session: () => $session.get(), sessionEnded: sessionEndedByServer });

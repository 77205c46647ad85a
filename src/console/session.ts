/**
 * The back office's session in the browser (docs/back-office.md "The back office app"): the signed-in operator as
 * `GET /console/api/me` and sign-in answer it (contract/calls/console.ts `consoleMe`), kept in memory only. The
 * session itself is the HttpOnly cookie; the CSRF token of the session lives here and goes with every state change
 * (src/console/dataProvider.ts). A reload asks `me` again.
 */
import { useSyncExternalStore } from 'react';
import type { ConsoleRole } from '../../rules/console-roles';

/** The me answer: the operator, their role and sites, and the site's mode. */
export interface ConsoleMe {
  name: string;
  /** The site's name. */
  merchant: string;
  csrfToken: string;
  role: ConsoleRole;
  /** Merchant codes the operator may use. */
  sites: string[];
  /** The other sites' console addresses (`https://host/console/`), by merchant code; a site without a host is left out. */
  siteLinks?: { code: string; name: string; url: string }[];
  totpEnabled: boolean;
  /** The role needs a second factor that is not set up yet: only the enrolment works. */
  enrolRequired: boolean;
  /** The site runs in upstream mode: players, money and reports are the platform's (docs/upstream-mode.md). */
  upstream?: boolean;
}

let current: ConsoleMe | null = null;
const listeners = new Set<(me: ConsoleMe | null) => void>();

/** The signed-in operator, or null. */
export function currentMe(): ConsoleMe | null {
  return current;
}

/** Keeps the me answer (null: signed out) and tells the listeners. */
export function setMe(me: ConsoleMe | null): void {
  current = me;
  for (const listener of listeners) listener(me);
}

/** Calls `listener` on every change of the session; returns the unsubscribe function. */
export function onMeChange(listener: (me: ConsoleMe | null) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session's CSRF token ('' when signed out). */
export function csrfToken(): string {
  return current?.csrfToken ?? '';
}

/** React hook: the signed-in operator (null: signed out), re-rendering on every change. */
export function useMe(): ConsoleMe | null {
  return useSyncExternalStore(onMeChange, currentMe, currentMe);
}

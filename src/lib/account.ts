/**
 * Member-type rules of the account screens (player-shell §5, §6; accounts §3 Member info): types 0, 1 and 2
 * are real accounts; any other type (default 4) is a guest or trial account.
 */

/** Real account types (player-shell §9 "Real account types: 0, 1, 2"). */
export const REAL_ACCOUNT_TYPES: ReadonlySet<number> = new Set([0, 1, 2]);

/** True when the member type is a real account (player-shell §5: "type not 0, 1 or 2" are free or guest). */
export function isRealAccount(type: number | null | undefined): boolean {
  return type !== null && type !== undefined && REAL_ACCOUNT_TYPES.has(type);
}

/**
 * Where the deposit button leads (player-shell §6): /m/voucherCenter for real accounts, otherwise nowhere —
 * the page shows free_reject and stays.
 */
export function depositTarget(type: number | null | undefined): '/m/voucherCenter' | null {
  return isRealAccount(type) ? '/m/voucherCenter' : null;
}

/** Name shown in the home header (player-shell §2): the nickname, else the account name. */
export function displayName(member: { nickname?: string | null; account?: string | null } | null, fallback = ''): string {
  const nick = member?.nickname?.trim();
  if (nick) return nick;
  const account = member?.account?.trim();
  return account || fallback;
}

/** Where the page runs, for the registration payload's registerUrl, domain and registerMethod. */
export interface RegisterContext {
  host: string;
  hostname: string;
  /** From the environment (rules/register-tabs.ts registerMethod). */
  registerMethod: 'APP' | 'H5' | 'WEBCLIP' | 'PWA';
}

/** Secrets are sent exactly as typed; every other value is trimmed, as the server reads it. */
const AS_TYPED: ReadonlySet<string> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/**
 * Registration payload (accounts §3): the values of the fields on screen (trimmed except secrets, empty values
 * left out) plus registerUrl = host, registerMethod, type 0 and domain.
 */
export function registerPayload(
  values: Readonly<Record<string, string>>,
  shown: readonly string[],
  context: RegisterContext,
): Record<string, string | number> {
  const payload: Record<string, string | number> = {};
  for (const field of shown) {
    const raw = values[field] ?? '';
    const value = AS_TYPED.has(field) ? raw : raw.trim();
    if (value !== '') payload[field] = value;
  }
  payload.registerUrl = context.host;
  payload.registerMethod = context.registerMethod;
  payload.type = 0;
  payload.domain = context.hostname;
  return payload;
}

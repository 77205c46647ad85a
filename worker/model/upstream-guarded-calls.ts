/**
 * THE list of the platform's calls the edge guards in upstream mode (docs/player-protection.md "Upstream mode"):
 * which forwarded calls are a log-in, a game launch, a deposit or a bet, and where a deposit's or bet's amount is in
 * its body. Pure: the edge (worker/edge/upstream/upstream-protection.ts) reads it. Paths from platform-contract.md
 * (§2, §3, §4; the deposit calls §5). Add a new log-in, launch, deposit or bet call here, and only here.
 */
import { wireToMinor } from '../../contract/money';

/** What a guarded call is. */
export type GuardedCallKind = 'login' | 'launch' | 'deposit' | 'bet';

/** One guarded call: method (`*`: any), path, kind, and for a deposit or bet the body field holding its amount. */
export interface GuardedCall {
  method: 'GET' | 'POST' | 'PUT' | '*';
  path: string;
  kind: GuardedCallKind;
  /** The JSON body field with the amount in decimal currency units (deposits and bets). */
  amountField?: string;
  what: string;
}

/**
 * The guarded calls. Log-ins: the calls whose success answer is a session (`value { token, id, … }`): login, login
 * verification and the registrations with `login: true` (§3). Launches: the game and lottery launch (§2) and the older
 * client's launch; the free-play launch carries no session and moves no money. Deposits: the platform's deposit
 * calls (§5, module DPSTBAS3, JSON `amount`). Bets: lottery betting (§4, `betCartAmountSum`, the order's total stake).
 */
export const UPSTREAM_GUARDED_CALLS: readonly GuardedCall[] = [
  { method: 'POST', path: '/wps/session/login', kind: 'login', what: 'log-in (§3)' },
  { method: 'POST', path: '/wps/session/login/verification', kind: 'login', what: 'log-in verification (§3)' },
  { method: 'PUT', path: '/wps/member/register', kind: 'login', what: 'registration with log-in (§3)' },
  { method: 'PUT', path: '/wps/member/register/mobile', kind: 'login', what: 'registration by mobile with log-in (§3)' },
  { method: 'GET', path: '/wps/game/launchGame', kind: 'launch', what: 'game and lottery launch (§2)' },
  { method: '*', path: '/wps/relay/GCS_gameLaunchFB', kind: 'launch', what: 'launch, older client' },
  { method: 'POST', path: '/wps/relay/MCSFE_depositByLaunchUrl', kind: 'deposit', amountField: 'amount', what: 'deposit through the provider\'s page (§5)' },
  { method: 'POST', path: '/wps/relay/MCSFE_depositByQRImageUrl', kind: 'deposit', amountField: 'amount', what: 'deposit by QR code (§5)' },
  { method: 'POST', path: '/wps/relay/MCSFE_manualTransferByAccountName', kind: 'deposit', amountField: 'amount', what: 'deposit by bank transfer (§5)' },
  { method: 'POST', path: '/lgw/orders/betting', kind: 'bet', amountField: 'betCartAmountSum', what: 'lottery betting (§4)' },
];

/** The guarded call a request is (HEAD read as GET; a trailing slash ignored), or null. */
export function guardedCallOf(method: string, pathname: string): GuardedCall | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return UPSTREAM_GUARDED_CALLS.find((call) => call.path === path && (call.method === '*' || call.method === verb)) ?? null;
}

/**
 * The amount of a deposit or bet in minor units from its JSON body text, or null when the body has no readable
 * positive decimal amount in `field` (a number or a numeric string in currency units).
 */
export function amountOfBody(bodyText: string, field: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const value = (parsed as Record<string, unknown>)[field];
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    const minor = wireToMinor(value);
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

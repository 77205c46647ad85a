import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { revokeSession, sessionStatement } from '../../db/queries/sessions';
import { loginRecordStatement, type LoginClient, type LoginMethod } from '../../db/queries/member-logins';
import { exclusionRefusal, exclusionState } from '../protection/exclusion';
import { newMemberStatements, type NewMember } from '../../db/queries/members';
import { listSiteSwitches } from '../../db/queries/merchants';
import { ledgerStatements, type LedgerChange } from '../ledger/ledger';
import { loadBonusRules, rewardCredit } from '../wallet/bonus-rules';
import { hashToken, newToken } from '../crypto/tokens';
import { issueRememberToken } from './remember-token';
import { randomInt } from './captcha-svg';
import { TRIAL_PER_IP, consumeRateLimit } from './rate-limit';

/** Member type of guest/trial accounts (player-shell §3). */
export const TRIAL_MEMBER_TYPE = 4;

/**
 * Creates a member, its wallet, the opening credit (welcome bonus or trial balance) and any `extra`
 * statements (e.g. a social-account link) in ONE D1 batch,
 * so a member never exists without its wallet and its money always has a ledger entry. A zero credit
 * writes no ledger entry. A welcome bonus follows the site's bonus rule for it (services/wallet/bonus-rules.ts;
 * default: bonus money with 30× wagering, docs/honest-money.md); the trial balance is cash. Returns the new member id. Errors: 409 `username_taken` / `mobile_taken` (UNIQUE
 * per merchant, when a concurrent registration won the race).
 */
export async function createAccount(
  db: D1Database,
  member: NewMember,
  credit: Omit<LedgerChange, 'amountMinor'> & { amountMinor: number },
  now = Date.now(),
  extra: D1PreparedStatement[] = [],
): Promise<number> {
  const owner = { merchantCode: member.merchantCode, username: member.usernameKey };
  const opening = credit.kind === 'welcome_bonus' && credit.amountMinor > 0
    ? await loadBonusRules(db, member.merchantCode).then((rules) => rewardCredit(rules, rules.welcome, credit))
    : credit;
  const statements = [
    ...newMemberStatements(db, member, now),
    ...(credit.amountMinor > 0 ? ledgerStatements(db, owner, [opening], now) : []),
    ...extra,
  ];
  try {
    const [inserted] = await db.batch<{ id: number }>(statements);
    const id = inserted?.results[0]?.id;
    if (typeof id !== 'number') throw new Error('member insert returned no id');
    return id;
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error);
    if (message.includes('UNIQUE') && message.includes('mobile_e164')) {
      throw new ApiError(409, 'mobile_taken', 'This mobile number already has an account');
    }
    if (message.includes('UNIQUE') && message.includes('members')) {
      throw new ApiError(409, 'username_taken', 'The username already exists');
    }
    throw error;
  }
}

/**
 * Refuses the log-in of a member on a break or self-excluded at `now`. It runs after the session's insert and revokes
 * it when refusing: an exclusion stored between a check and the insert would otherwise leave a session alive, while
 * this way either the exclusion's batch ends the new session or this check sees the exclusion.
 */
async function refuseIfExcluded(db: D1Database, member: { id: number; merchantCode: string }, tokenHash: string, now: number): Promise<void> {
  const state = await exclusionState(db, { merchantCode: member.merchantCode, memberId: member.id }, now);
  if (!state) return;
  await revokeSession(db, tokenHash);
  throw exclusionRefusal(state);
}

/**
 * Opens a session for a member and returns the session value (platform-contract.md §3 login "Read", §7.2: token,
 * id, userName, customerType, type, firstTimeLogin, passwordExpired; PlayDeck adds merchantCode and expiresAt). Every
 * session answer carries `customerType` (the member type: the platform's mobile client stores its session type from
 * `value.customerType`, §7.2), so login, registration with `login: true`, free play, trial login, login verification,
 * remembered and social logins all do; real members also carry the same number as `type` (older clients and
 * PlayDeck's browser read that), trial members (4) only `customerType`, as the platform's free play answers. Only the
 * token's hash is stored. Every session opened is a row of the log-in history (`options.client`: how, from which
 * address and device; migration 0039, docs/back-office.md "Players"), written in the same batch as the session. With `remember`, a real member also gets a remember-me token (`rememberToken`,
 * services/remember.ts); trial members never do.
 * Every log-in path comes here, so a real member on a break or self-excluded at `protectionNow` (the request's
 * clock, else `now`) is refused here: 403 `player_on_break` | `player_self_excluded` with `{ kind, until,
 * reopenable }` (docs/player-protection.md "Time-out and self-exclusion").
 */
export async function openSession(
  db: D1Database,
  member: { id: number; account: string; type: number; merchantCode: string },
  firstTimeLogin: boolean,
  now: number,
  options: { remember?: boolean; client: LoginClient; protectionNow?: number | undefined },
): Promise<SessionValue> {
  const token = newToken();
  const { statement, expiresAt } = sessionStatement(db, hashToken(token), member.id, member.merchantCode, now);
  await db.batch([statement, loginRecordStatement(db, member.id, member.merchantCode, options.client, now)]);
  if (member.type !== TRIAL_MEMBER_TYPE) await refuseIfExcluded(db, member, hashToken(token), options.protectionNow ?? now);
  const base = {
    token, id: member.id, userName: member.account, customerType: member.type, merchantCode: member.merchantCode, firstTimeLogin,
    passwordExpired: false, expiresAt,
  };
  if (member.type === TRIAL_MEMBER_TYPE) return base;
  if (options.remember) {
    return { ...base, type: member.type, rememberToken: await issueRememberToken(db, member.id, member.merchantCode, now) };
  }
  return { ...base, type: member.type };
}

/** The log-in history's record of a request (`req`'s client address, `Device` header and User-Agent) for `method`. */
export function loginClient(req: Pick<RequestScope, 'clientIp' | 'device' | 'userAgent'>, method: LoginMethod): LoginClient {
  return { method, address: req.clientIp, device: req.device, userAgent: req.userAgent };
}

const TRIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `trial_` + 10 random characters: the underscore keeps it apart from every registrable username. */
function trialUsername(): string {
  let suffix = '';
  for (let i = 0; i < 10; i++) suffix += TRIAL_ALPHABET.charAt(randomInt(TRIAL_ALPHABET.length));
  return `trial_${suffix}`;
}

/**
 * Creates a trial member (accounts §2 "free-play (trial) action", §4 Free play) when site switch FREEPLAY3 is on:
 * type 4, no password (so it can never log in by password), a wallet holding the merchant's trial balance
 * (ledger kind `trial_credit`). Errors: 403 `function.not.available` when FREEPLAY3 is off; 429
 * `TOO_MANY_REQUEST` past 20 trials per IP per hour.
 */
export async function createTrialMember(req: RequestScope, now = Date.now()): Promise<{ id: number; account: string }> {
  const merchant = req.merchant;
  const switches = await listSiteSwitches(req.env.DB, merchant.code);
  if (switches.FREEPLAY3 !== true) throw new ApiError(403, 'function.not.available', 'Free play is not offered on this site');
  await consumeRateLimit(req.env.DB, TRIAL_PER_IP, req.clientIp);
  const username = trialUsername();
  const member: NewMember = {
    merchantCode: merchant.code,
    usernameKey: username,
    account: username,
    passwordHash: null,
    type: TRIAL_MEMBER_TYPE,
    nickname: '',
    profile: {},
    registerMethod: 'H5',
    registerIp: req.clientIp,
    currency: merchant.currency,
  };
  const credit = { amountMinor: merchant.trialBalanceMinor, kind: 'trial_credit', reference: 'trial', idempotencyKey: 'trial' } as const;
  return { id: await createAccount(req.env.DB, member, credit, now), account: username };
}

/**
 * Free play (POST /wps/session/login/freeplay, platform-contract.md §2): a new trial member (createTrialMember)
 * and its session (`customerType: 4`).
 */
export async function startTrial(req: RequestScope): Promise<SessionValue> {
  const now = Date.now();
  const { id, account } = await createTrialMember(req, now);
  return openSession(req.env.DB, { id, account, type: TRIAL_MEMBER_TYPE, merchantCode: req.merchant.code }, true, now, { client: loginClient(req, 'trial') });
}

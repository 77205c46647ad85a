import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { askReopen, requestExcludedPayout, type ExclusionBlockData } from '../../api/protection-tools';
import { serverErrorKey } from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import type { Visit } from '../kit/page';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** The refusal codes of a log-in blocked by a break or self-exclusion (docs/player-protection.md). */
const BLOCK_CODES = ['player_on_break', 'player_self_excluded'];

/** What the log-in page shows after a refusal for a break or self-exclusion. */
export interface ExclusionNoticeState {
  /** The block in force: its kind and end (null: permanent, or until the player asks to reopen: `reopenable`). */
  block: ExclusionBlockData;
  /** The player asked to reopen; the account opens then (epoch ms). */
  opensAt: number | null;
  /** The payout requested, minor units. */
  paidOutMinor: number | null;
  busy: boolean;
  error: MessageKey | null;
}

/** Where the balance is paid (the payout form's fields). */
export interface PayoutFields {
  payeeName: string;
  bankName: string;
  accountNumber: string;
  paymentPassword: string;
}

function blockOf(value: unknown): ExclusionBlockData | null {
  const v = value as Partial<ExclusionBlockData> | null;
  if (!v || (v.kind !== 'break' && v.kind !== 'self_exclusion')) return null;
  return { kind: v.kind, until: typeof v.until === 'number' ? v.until : null, reopenable: v.reopenable === true };
}

/**
 * The log-in page's notice of a break or self-exclusion (docs/player-protection.md "Time-out and self-exclusion"):
 * `show(error)` takes a refused log-in (403 `player_on_break` | `player_self_excluded`, value `{ kind, until,
 * reopenable }`) and answers whether it was one; `reopen()` asks to reopen after a self-exclusion ended (the account
 * opens 24 hours later); `payout(fields)` has the whole balance paid out (withdrawals stay possible while blocked).
 * Both prove the account with the username and password of the log-in form (`credentials`). Answers after the
 * page exits are dropped.
 */
export function exclusionNotice(visit: Visit, credentials: () => { username: string; password: string }) {
  const $notice = atom<ExclusionNoticeState | null>(null);
  // One key per payout attempt of this visit: a retry of the same request is answered, not paid twice. Made when first
  // needed: randomUUID exists only in a secure context, and the log-in page must still open over plain http to say so.
  let payoutKey: string | null = null;

  function show(error: ApiRequestError): boolean {
    const block = BLOCK_CODES.includes(error.errorCode) ? blockOf(error.value) : null;
    $notice.set(block && { block, opensAt: null, paidOutMinor: null, busy: false, error: null });
    return block !== null;
  }

  function clear(): void {
    $notice.set(null);
  }

  async function run(action: (notice: ExclusionNoticeState) => Promise<Partial<ExclusionNoticeState>>): Promise<void> {
    const notice = $notice.get();
    if (!notice || notice.busy) return;
    $notice.set({ ...notice, busy: true, error: null });
    try {
      const change = await action(notice);
      if (!visit.exited) $notice.set({ ...notice, ...change, busy: false, error: null });
    } catch (error) {
      const key = error instanceof ApiRequestError ? serverErrorKey(error.errorCode) : 'error.network';
      if (!visit.exited) $notice.set({ ...notice, busy: false, error: key });
    }
  }

  /** Asks to reopen after a self-exclusion ended; the notice then says when the account opens. */
  function reopen(): Promise<void> {
    return run(async () => {
      const { username, password } = credentials();
      const left = await askReopen(username, password);
      return { opensAt: left?.until ?? null, block: left ?? { kind: 'self_exclusion', until: null, reopenable: false } };
    });
  }

  /** Has the whole cash balance paid out as a withdrawal request. */
  function payout(fields: PayoutFields): Promise<void> {
    return run(async () => {
      const { username, password } = credentials();
      payoutKey ??= crypto.randomUUID();
      const paid = await requestExcludedPayout(username, password, { ...fields, idempotencyKey: payoutKey });
      payoutKey = null;
      return { paidOutMinor: paid.amount };
    });
  }

  return { $notice, show, clear, reopen, payout };
}

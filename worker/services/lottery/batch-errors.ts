/**
 * Names the failure of a D1 batch of the lottery (each batch is one transaction, so a failure moved nothing).
 * D1 reports constraint and trigger failures only as message text; this is the one place that reads it.
 */

/** Why a lottery batch was refused. */
export type BatchFailure =
  /** trigger: the draw no longer takes bets or cancellations */
  | 'draw_closed'
  /** trigger: the bet was already settled or cancelled */
  | 'bet_closed'
  /** a UNIQUE key (order or ledger idempotency key) was already used */
  | 'duplicate'
  /** the wallet CHECK: the balance would go negative */
  | 'insufficient_balance'
  /** the member has no wallet */
  | 'no_wallet';

/** The failure a batch error stands for, or null for anything unexpected (which callers rethrow). */
export function classifyBatchError(error: unknown): BatchFailure | null {
  const message = String(error instanceof Error ? error.message : error);
  if (message.includes('lottery_draw_closed')) return 'draw_closed';
  if (message.includes('lottery_sub_order_closed')) return 'bet_closed';
  if (message.includes('UNIQUE')) return 'duplicate';
  if (message.includes('NOT NULL') && message.includes('balance_after_minor')) return 'no_wallet';
  if (message.includes('CHECK')) return 'insufficient_balance';
  return null;
}

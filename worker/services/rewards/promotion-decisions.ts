import { decidePromotionStatements, findPromotionApplication } from '../../db/queries/operator-rewards';
import { recordAudit } from '../operators/audit';

/**
 * An operator's decision on a player's promotion application (docs/back-office.md "Content", "Applications";
 * docs/operator-guide.md, the operator command `promotion approve|reject`): the one path both the back office and the
 * command take. Approving puts a waiting reward of the amount in the player's reward centre (the player claims it into
 * the wallet: worker/services/rewards/rewards.ts); rejecting closes the application. The change and its audit row
 * (action `promotion.approve` or `promotion.reject`, target `promotion-application:<id>`, before/after the status,
 * the amount in minor units, the reason) are one batch, and an application is decided once: of two decisions at the
 * same time exactly one is recorded (the other's batch fails whole, audit row included).
 */

/**
 * A decision that cannot be made: `promotion_application_not_found` (answered 404) or
 * `promotion_application_decided` (409). A plain error (no ApiError: the operator command loads this module under
 * Node's type stripping); the console maps it.
 */
export class PromotionDecisionRefusal extends Error {
  override name = 'PromotionDecisionRefusal';
  readonly errorCode: 'promotion_application_not_found' | 'promotion_application_decided';
  constructor(errorCode: 'promotion_application_not_found' | 'promotion_application_decided', message: string) {
    super(message);
    this.errorCode = errorCode;
  }
}

/** A decision to record: on `merchantCode`'s application `id`; approve with `amountMinor` (> 0), or reject. */
export interface PromotionDecisionInput {
  id: number;
  merchantCode: string;
  decision: 'approve' | 'reject';
  /** The reward's amount in minor units (approve only; ignored on a rejection). */
  amountMinor?: number | undefined;
  /** Why (kept in the audit row); at most 200 characters are kept. */
  reason: string;
  /** Who decides: a console operator, or the command line (`operatorId` null, `operator` `cli:<user>`, no address). */
  actor: { operatorId: number | null; operator: string; address?: string | undefined };
  now?: number | undefined;
}

/** The application after the decision. */
export interface PromotionDecision {
  id: number;
  account: string;
  title: string;
  status: 'issued' | 'rejected';
  amountMinor: number;
}

/**
 * Approves (status `issued`, a waiting reward of `amountMinor`) or rejects an application still `applying`, with its
 * audit row, in one batch. Throws PromotionDecisionRefusal `promotion_application_not_found` (no such application on
 * the site) or `promotion_application_decided` (no longer applying, or decided meanwhile); a RangeError for an
 * approval without a positive whole amount.
 */
export async function decidePromotionApplication(db: D1Database, input: PromotionDecisionInput): Promise<PromotionDecision> {
  const now = input.now ?? Date.now();
  const approve = input.decision === 'approve';
  const amountMinor = approve ? (input.amountMinor ?? 0) : 0;
  if (approve && !(Number.isSafeInteger(amountMinor) && amountMinor > 0)) throw new RangeError('An approval needs a positive amount');
  const before = await findPromotionApplication(db, input.merchantCode, input.id);
  if (!before) throw new PromotionDecisionRefusal('promotion_application_not_found', 'No such promotion application');
  if (before.status !== 'applying') {
    throw new PromotionDecisionRefusal('promotion_application_decided', `The application is ${before.status}; only applications waiting (applying) can be decided`);
  }
  const status = approve ? 'issued' : 'rejected';
  const reason = input.reason.trim().slice(0, 200);
  const audit = recordAudit(db, {
    merchantCode: input.merchantCode, operatorId: input.actor.operatorId, operator: input.actor.operator, address: input.actor.address,
    action: approve ? 'promotion.approve' : 'promotion.reject', target: `promotion-application:${before.id}`,
    before: { status: before.status, account: before.account, promotion: before.title },
    after: { status, account: before.account, promotion: before.title, ...(approve ? { rewardMinor: amountMinor } : {}) }, reason, at: now,
  });
  try {
    await db.batch([...decidePromotionStatements(db, before.id, status, amountMinor, now), audit]);
  } catch (error) {
    if (String(error instanceof Error ? error.message : error).includes('CHECK')) {
      throw new PromotionDecisionRefusal('promotion_application_decided', 'The application was decided meanwhile');
    }
    throw error;
  }
  return { id: before.id, account: before.account, title: before.title, status, amountMinor };
}

import type { ContractKind } from '../../../contract/calls/content-schemas';

/** A pending agent contract offer (accounts §6; migration 0011). */
export interface OfferRow { id: number; kind: ContractKind; terms: string; status: string; created_at: number }

/** The member's pending offers on the merchant, oldest first. */
export async function pendingOffers(db: D1Database, merchantCode: string, memberId: number): Promise<OfferRow[]> {
  const { results } = await db.prepare(
    `SELECT id, kind, terms, status, created_at FROM agent_contract_offers
      WHERE merchant_code = ? AND member_id = ? AND status = 'pending' ORDER BY created_at, id`,
  ).bind(merchantCode, memberId).all<OfferRow>();
  return results;
}

/** One of the member's offers of `kind`, any status, or null. */
export async function findOffer(db: D1Database, merchantCode: string, memberId: number, id: number, kind: ContractKind): Promise<OfferRow | null> {
  return db.prepare(
    `SELECT id, kind, terms, status, created_at FROM agent_contract_offers WHERE id = ? AND merchant_code = ? AND member_id = ? AND kind = ?`,
  ).bind(id, merchantCode, memberId, kind).first<OfferRow>();
}

/** Decides a pending offer; false when it was no longer pending (a racing second answer changes nothing). */
export async function decideOffer(db: D1Database, id: number, status: 'accepted' | 'declined', now = Date.now()): Promise<boolean> {
  const result = await db.prepare(`UPDATE agent_contract_offers SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'`)
    .bind(status, now, id).run();
  return (result.meta.changes ?? 0) > 0;
}

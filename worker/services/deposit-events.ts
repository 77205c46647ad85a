/**
 * What happens after a deposit is credited (issue 13, Wallet and payments). Called exactly once per deposit,
 * after the ledger credit and the deposit's `credited` status are written together (services/deposits.ts), never
 * for a replayed notice. It is the hook for rewards that depend on deposits — the referral reward on a friend's
 * first deposit (issue 13, Invite friends) plugs in here. For now it records nothing of its own: the ledger
 * entry (kind 'deposit', reference `deposit:<depositId>`) and the deposit row already hold everything a later
 * rule needs (first deposit = the member's oldest credited deposit).
 *
 * @param db the D1 database
 * @param memberId the member whose wallet was credited
 * @param depositId the deposit's id (deposits.id)
 * @param amountMinor the credited amount in integer minor units
 */
export async function afterDepositCredited(db: D1Database, memberId: number, depositId: number, amountMinor: number): Promise<void> {
  void db;
  void memberId;
  void depositId;
  void amountMinor;
  await Promise.resolve();
}

/**
 * Accounts sharing an address with a player (docs/back-office.md "Money", player context: "shared IPs with other
 * accounts"), for the withdrawal desk. A player's addresses are their registration address and the addresses of
 * their latest log-ins (member_logins, recorded at each log-in; migration 0039_players_back_office.sql); another
 * real (not trial) account of the same site shares one when it registered from it or logged in from it — so the
 * match goes both ways: the player's log-in addresses against the others' registrations and log-ins, and the
 * player's registration address against both as well.
 *
 * Bounded and indexed: at most `SHARED_ADDRESS_BOUNDS.logins` latest log-ins per player (members' log-ins by
 * member_id, at), and per address at most `SHARED_ADDRESS_BOUNDS.perAddress` registrations (members_by_register_ip)
 * and as many distinct log-in accounts (member_logins_by_address_member, migration 0052_shared_addresses.sql: the
 * distinct members of an address read in index order, so the scan stops at the bound). A count is therefore "at
 * least": an address shared by more accounts than the bound counts the bound.
 */

/** How far the search looks (see the module's comment). */
export const SHARED_ADDRESS_BOUNDS = { logins: 50, perAddress: 50 } as const;

/** Accounts sharing an address with one player: how many, and their user names, newest account first. */
export interface SharedAccounts {
  memberId: number;
  accounts: number;
  sample: string[];
}

/**
 * For each member of the site in `memberIds`, the other real accounts of the site sharing a registration or log-in
 * address with them (see the module's comment), counted, with up to `sampleSize` account names (newest first).
 * Members sharing nothing are left out.
 */
export async function sharedAccounts(db: D1Database, merchantCode: string, memberIds: readonly number[], sampleSize = 10): Promise<SharedAccounts[]> {
  if (memberIds.length === 0) return [];
  const { results } = await db.prepare(
    `WITH me AS (SELECT id, register_ip FROM members WHERE merchant_code = ?1 AND id IN (SELECT value FROM json_each(?2))),
     addr AS (
       SELECT id AS member_id, register_ip AS address FROM me WHERE register_ip <> ''
       UNION
       SELECT me.id, l.address FROM me JOIN member_logins l
         ON l.id IN (SELECT x.id FROM member_logins x WHERE x.member_id = me.id ORDER BY x.at DESC LIMIT ?3)
       WHERE l.address <> ''
     ),
     other AS (
       SELECT a.member_id, o.id FROM addr a JOIN members o
         ON o.id IN (SELECT y.id FROM members y WHERE y.merchant_code = ?1 AND y.register_ip = a.address LIMIT ?4)
       UNION
       SELECT a.member_id, o.id FROM addr a JOIN members o
         ON o.id IN (SELECT DISTINCT z.member_id FROM member_logins z WHERE z.merchant_code = ?1 AND z.address = a.address LIMIT ?4)
     ),
     shared AS (
       SELECT other.member_id, o.id, o.account FROM other JOIN members o ON o.id = other.id
       WHERE o.id <> other.member_id AND o.type <> 4 ORDER BY o.id DESC
     )
     SELECT member_id, COUNT(*) AS accounts, json_group_array(account) AS names FROM shared GROUP BY member_id`,
  ).bind(merchantCode, JSON.stringify(memberIds), SHARED_ADDRESS_BOUNDS.logins, SHARED_ADDRESS_BOUNDS.perAddress)
    .all<{ member_id: number; accounts: number; names: string }>();
  return results.map((r) => ({ memberId: r.member_id, accounts: r.accounts, sample: (JSON.parse(r.names) as string[]).slice(0, sampleSize) }));
}

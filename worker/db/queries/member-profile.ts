/**
 * The member centre's profile edits (accounts §7; worker/api/profile.ts): one statement each, on members.nickname
 * and the members.profile JSON (migration 0003_accounts.sql).
 */

/** Sets the member's nickname (shown instead of the account name). */
export async function setMemberNickname(db: D1Database, memberId: number, nickname: string): Promise<void> {
  await db.prepare(`UPDATE members SET nickname = ?2 WHERE id = ?1`).bind(memberId, nickname).run();
}

/** Sets the member's bound e-mail (`$.email` of its profile; used by forgot-password-by-e-mail). */
export async function setMemberEmail(db: D1Database, memberId: number, email: string): Promise<void> {
  await db.prepare(`UPDATE members SET profile = json_set(profile, '$.email', ?2) WHERE id = ?1`).bind(memberId, email).run();
}

/**
 * Sets the member's payee name (`$.payeeName` of its profile) only when none is set yet: the name withdrawals are
 * paid to is set once by the player.
 *
 * @returns false when a payee name was already set (nothing written) or there is no such member
 */
export async function setMemberPayeeNameOnce(db: D1Database, memberId: number, payeeName: string): Promise<boolean> {
  const result = await db.prepare(
    `UPDATE members SET profile = json_set(profile, '$.payeeName', ?2)
     WHERE id = ?1 AND COALESCE(json_extract(profile, '$.payeeName'), '') = ''`,
  ).bind(memberId, payeeName).run();
  return result.meta.changes > 0;
}

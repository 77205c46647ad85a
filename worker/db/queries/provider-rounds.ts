/**
 * SQL fragments that read game providers' rounds from their wallet transactions (provider_transactions, migration
 * 0046; docs/game-providers.md "Provider rounds in the game record and reports"), shared by the game record and the
 * reports so both see a round the same way:
 * - a round is the provider's `round_id` on the site; it starts with its first debit (rounds without a debit — only
 *   a rollback of an unknown bet — are no rounds);
 * - its stake is the debits not rolled back, its refund the rolled-back stakes, its win the credits;
 * - status: `settled` once it has a credit, `cancelled` when every debit was rolled back, else `open`;
 * - its game is the catalogue game whose `game_id` is the round's `game_code` among the vendors the provider launches
 *   on the site (provider_vendors, as launch maps them: services/games/providers/launch.ts), its kind the one launch
 *   gives that game (rules/demoGames.ts demoKindOf) and its vendor the game's `vassalage`.
 * The built-in games' own provider (`playdeck`) is left out: its rounds are listed from demo_rounds.
 */

/** The provider code of the built-in demo games, whose rounds the game record and reports read from demo_rounds. */
export const BUILT_IN_PROVIDER = 'playdeck';

/**
 * The history kind of the catalogue game `g` (a games row alias, possibly NULL: 'slot'), as demoKindOf decides it:
 * table for live/PvP/cockfight/sports/esports and RNG table games, shooter for fish, crash for RNG arcade, else slot.
 */
export const providerKindSql = (g: string): string => `CASE
  WHEN ${g}.game_type IN ('LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'ESPORTS') THEN 'table'
  WHEN ${g}.game_type = 'FISH' THEN 'shooter'
  WHEN ${g}.game_type = 'RNG' AND ${g}.game_classify = 'table' THEN 'table'
  WHEN ${g}.game_type = 'RNG' AND ${g}.game_classify = 'arcade' THEN 'crash'
  ELSE 'slot' END`;

/**
 * `LEFT JOIN games <g>` on the catalogue game of the provider transaction (or round) `t` (columns merchant_code,
 * provider_code, game_code): the game of that code among the vendors the provider launches on the site (the lowest
 * node id when two vendors share a code). No row when the provider names a game the catalogue does not have.
 */
export const providerGameJoin = (t: string, g: string): string => `LEFT JOIN games ${g} ON ${g}.node_id = (
  SELECT pg.node_id FROM provider_vendors pv JOIN games pg ON pg.vassalage = pv.vassalage AND pg.game_id = ${t}.game_code
  WHERE pv.merchant_code = ${t}.merchant_code AND pv.provider_code = ${t}.provider_code ORDER BY pg.node_id LIMIT 1)`;

/**
 * The rounds of member ?1 whose first debit falls in [?2, ?3] (epoch ms), one row each: id (the first row's rowid,
 * stable), merchant_code, provider_code, round_id, game_code, created_at (the first debit), stake_minor (debits not
 * rolled back), refund_minor, win_minor, status. Uses provider_transactions_by_member for the period and
 * provider_transactions_by_round for the round's other rows.
 */
export const MEMBER_PROVIDER_ROUNDS = `SELECT MIN(CASE WHEN p.kind = 'debit' THEN p.rowid END) AS id, p.merchant_code, p.provider_code, p.round_id,
    MAX(p.game_code) AS game_code, MIN(CASE WHEN p.kind = 'debit' THEN p.created_at END) AS created_at,
    SUM(CASE WHEN p.kind = 'debit' THEN p.amount_minor WHEN p.kind = 'rollback' THEN -p.amount_minor ELSE 0 END) AS stake_minor,
    SUM(CASE WHEN p.kind = 'rollback' THEN p.amount_minor ELSE 0 END) AS refund_minor,
    SUM(CASE WHEN p.kind = 'credit' THEN p.amount_minor ELSE 0 END) AS win_minor,
    CASE WHEN SUM(p.kind = 'credit') > 0 THEN 'settled'
      WHEN SUM(p.kind = 'debit') > SUM(p.kind = 'rollback' AND p.amount_minor > 0) THEN 'open' ELSE 'cancelled' END AS status
  FROM (SELECT DISTINCT f.provider_code, f.merchant_code, f.round_id FROM provider_transactions f INDEXED BY provider_transactions_by_member
        WHERE f.member_id = ?1 AND f.created_at BETWEEN ?2 AND ?3 AND f.kind = 'debit' AND f.provider_code <> '${BUILT_IN_PROVIDER}'
          AND NOT EXISTS (SELECT 1 FROM provider_transactions e WHERE e.provider_code = f.provider_code AND e.merchant_code = f.merchant_code
            AND e.round_id = f.round_id AND e.member_id = ?1 AND e.kind = 'debit' AND e.created_at < ?2)) r
  JOIN provider_transactions p ON p.provider_code = r.provider_code AND p.merchant_code = r.merchant_code AND p.round_id = r.round_id
    AND p.member_id = ?1
  GROUP BY p.provider_code, p.merchant_code, p.round_id`;

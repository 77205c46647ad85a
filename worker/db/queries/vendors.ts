import type { z } from 'zod';
import type { vendorGameTypesContent, vendorLane } from '../../../contract/calls/catalogue-schemas';

/** The vendor game types (platform-contract.md §2): game type → vendor codes, in the merchant's category order. */
export type VendorGameTypes = z.output<typeof vendorGameTypesContent>;
/** One lane of the vendor lanes (platform-contract.md §2 vendor lanes, §7.3). */
export type VendorLane = z.output<typeof vendorLane>;

interface VendorRow {
  game_category: string;
  vassalage: string;
  /** The vendor's short label (the menus' vendor name). */
  account_type_name: string;
  maintenance: number;
  game_count: number;
  /** Enabled games of the vendor under the type that have no free play (supportPlay ≠ 0). */
  paid_count: number;
  /** The vendor's first enabled game under the type, in catalogue order (null: none). */
  first_node_id: number | null;
  first_game_id: string | null;
  /** The vendor's first enabled free-play game under the type, in catalogue order (null: none). */
  trial_tel_node_id: number | null;
  trial_game_id: string | null;
}

interface ClassifyRow {
  game_type: string;
  game_classify: string;
  vassalage: string;
}

/**
 * The vendor game types of a merchant (platform-contract.md §2 "vendor game types"; player-shell §3 "Vendor mapping
 * per game type"): `{ gameType: [vendor codes] }`, one key per category of the merchant's category sorting list that
 * has at least one offered vendor, in that order (JSON keeps the key order; no category code is numeric), vendors in
 * the merchant's vendor sorting order. Categories without vendors are left out, since menus would show empty entries.
 */
export async function listVendorGameTypes(db: D1Database, merchantCode: string): Promise<VendorGameTypes> {
  const { vendors } = await vendorRows(db, merchantCode);
  const content: VendorGameTypes = {};
  for (const row of vendors) (content[row.game_category] ??= []).push(row.vassalage);
  return content;
}

/**
 * The vendor lanes of a merchant (platform-contract.md §2 vendor lanes, §7.3), as the platform's mobile client reads
 * them: the same categories and order as the vendor game types, one card per vendor. Per card: `accountTypeName` and
 * `vassalage` are the vendor code (what the game list takes as `vassalage`); `displayName` the vendor's short label
 * (the name PlayDeck's menus show); `gameId`/`nodeId` the vendor's first enabled game under the type (catalogue
 * order), which a signed-in player opens from the card; `telGameId`/`telNodeId` its first free-play game (the
 * game's telNodeId, which the trial launch accepts), null when it has none; `freeplay` true when every enabled game
 * of the vendor under the type supports free play; `lagerIcon` '' (the built-in catalogue has no vendor artwork; the
 * tiles draw the vendor's initials); PlayDeck's `gameCount` and `maintenance`. Per lane: `gameCount` (enabled games
 * of the lane's vendors) and `gameClassify`, one object per classification of the lane's games with the vendor
 * codes that have games of it (`vendors`), sorted by code (vendors by code).
 */
export async function listVendorLanes(db: D1Database, merchantCode: string): Promise<VendorLane[]> {
  const { vendors, classifies } = await vendorRows(db, merchantCode);
  const lanes = new Map<string, VendorLane>();
  for (const row of vendors) {
    let lane = lanes.get(row.game_category);
    if (!lane) {
      lane = { title: row.game_category, gameCount: 0, cards: [], gameClassify: classifyEntries(classifies, row.game_category) };
      lanes.set(row.game_category, lane);
    }
    lane.gameCount = (lane.gameCount ?? 0) + row.game_count;
    lane.cards.push({
      vassalage: row.vassalage,
      accountTypeName: row.vassalage,
      displayName: row.account_type_name,
      gameType: row.game_category,
      lagerIcon: '',
      freeplay: row.game_count > 0 && row.paid_count === 0,
      gameId: row.first_game_id,
      nodeId: row.first_node_id,
      telGameId: row.trial_tel_node_id === null ? null : row.trial_game_id,
      telNodeId: row.trial_tel_node_id,
      gameCount: row.game_count,
      maintenance: row.maintenance === 1,
    });
  }
  return [...lanes.values()];
}

/** The classifications of one game type's offered games, each with the vendor codes that have games of it. */
function classifyEntries(rows: readonly ClassifyRow[], gameType: string): VendorLane['gameClassify'] {
  const byCode = new Map<string, string[]>();
  for (const row of rows) {
    if (row.game_type !== gameType) continue;
    const vendors = byCode.get(row.game_classify) ?? [];
    vendors.push(row.vassalage);
    byCode.set(row.game_classify, vendors);
  }
  return [...byCode].map(([code, vendors]) => ({ gameClassify: code, name: code, vendors }));
}

/** The merchant's offered vendors per category (in sorting order) and the classifications per game type and vendor. */
async function vendorRows(db: D1Database, merchantCode: string): Promise<{ vendors: VendorRow[]; classifies: ClassifyRow[] }> {
  const [vendors, classifies] = await db.batch<unknown>([
    db
      .prepare(
        `SELECT mc.game_category, mv.vassalage, v.account_type_name, v.maintenance,
           (SELECT COUNT(*) FROM games g WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1) AS game_count,
           (SELECT COUNT(*) FROM games g WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1
              AND g.support_play <> 0) AS paid_count,
           first.node_id AS first_node_id, first.game_id AS first_game_id,
           trial.tel_node_id AS trial_tel_node_id, trial.game_id AS trial_game_id
         FROM merchant_categories mc
         JOIN merchant_vendors mv ON mv.merchant_code = mc.merchant_code AND mv.game_type = mc.game_category AND mv.enabled = 1
         JOIN vendors v ON v.vassalage = mv.vassalage
         LEFT JOIN games first ON first.node_id = (SELECT g.node_id FROM games g
           WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1 ORDER BY g.sort_order, g.node_id LIMIT 1)
         LEFT JOIN games trial ON trial.node_id = (SELECT g.node_id FROM games g
           WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1 AND g.support_play = 0
           ORDER BY g.sort_order, g.node_id LIMIT 1)
         WHERE mc.merchant_code = ?
         ORDER BY mc.sort_order, mc.game_category, mv.sort_order, mv.vassalage`,
      )
      .bind(merchantCode),
    db
      .prepare(
        `SELECT DISTINCT g.game_type, g.game_classify, g.vassalage
         FROM games g
         JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type
           AND mv.merchant_code = ? AND mv.enabled = 1
         WHERE g.enabled = 1 AND g.game_classify IS NOT NULL
         ORDER BY g.game_classify, g.vassalage`,
      )
      .bind(merchantCode),
  ]);
  return { vendors: (vendors?.results ?? []) as VendorRow[], classifies: (classifies?.results ?? []) as ClassifyRow[] };
}

/** Whether the merchant's vendor mapping has an entry under `category` (an enabled vendor offering it). */
export async function merchantOffersCategory(db: D1Database, merchantCode: string, category: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS yes FROM merchant_vendors WHERE merchant_code = ? AND game_type = ? AND enabled = 1 LIMIT 1`)
    .bind(merchantCode, category)
    .first<{ yes: number }>();
  return row !== null;
}

import type { z } from 'zod';
import type { GameCategory, vendorGameType, vendorLane } from '../../../src/contract/calls/catalogue-schemas';

/** One category of the vendor mapping (platform-contract.md §2 vendor game types). */
export type VendorGameType = z.output<typeof vendorGameType>;
/** One lane of the vendor lanes (platform-contract.md §2 vendor lanes). */
export type VendorLane = z.output<typeof vendorLane>;

interface VendorRow {
  game_category: string;
  category_sort: number;
  vassalage: string;
  account_type_name: string;
  maintenance: number;
  game_count: number;
  display_name: string;
  /** Enabled games of the vendor under the type that have no free play (supportPlay ≠ 0). */
  paid_count: number;
}

interface ClassifyRow {
  game_type: string;
  game_classify: string;
}

/**
 * The vendor mapping of a merchant (player-shell §3 "Vendor mapping per game type", §7 "vendor game types"):
 * one entry per category of the merchant's category sorting list that has at least one offered vendor, in that
 * order; vendors in the merchant's vendor sorting order; gameCount counts enabled games; gameClassify is the
 * sorted distinct classifications of the enabled games the merchant offers under that type. Categories without
 * vendors are left out, since the menus would otherwise show empty entries.
 */
export async function listVendorGameTypes(db: D1Database, merchantCode: string): Promise<VendorGameType[]> {
  const { vendors, classifies } = await vendorRows(db, merchantCode);
  return groupVendorGameTypes(vendors, classifies);
}

/**
 * The vendor lanes of a merchant (platform-contract.md §2 vendor lanes): the same categories and order as the
 * mapping, one card per vendor. `freeplay` is true when every enabled game of the vendor under that type supports
 * free play; `lagerIcon` is '' (the built-in catalogue has no vendor artwork; the tiles draw the vendor's
 * initials).
 */
export async function listVendorLanes(db: D1Database, merchantCode: string): Promise<VendorLane[]> {
  const { vendors, classifies } = await vendorRows(db, merchantCode);
  const lanes = new Map<string, VendorLane>();
  for (const row of vendors) {
    let lane = lanes.get(row.game_category);
    if (!lane) {
      lane = {
        title: row.game_category,
        cards: [],
        gameClassify: classifies.filter((c) => c.game_type === row.game_category).map((c) => c.game_classify),
      };
      lanes.set(row.game_category, lane);
    }
    lane.cards.push({
      vassalage: row.vassalage,
      accountTypeName: row.account_type_name,
      displayName: row.display_name,
      gameType: row.game_category,
      lagerIcon: '',
      freeplay: row.game_count > 0 && row.paid_count === 0,
      gameCount: row.game_count,
      maintenance: row.maintenance === 1,
    });
  }
  return [...lanes.values()];
}

/** The merchant's offered vendors per category (in sorting order) and the classifications per game type. */
async function vendorRows(db: D1Database, merchantCode: string): Promise<{ vendors: VendorRow[]; classifies: ClassifyRow[] }> {
  const [vendors, classifies] = await db.batch<unknown>([
    db
      .prepare(
        `SELECT mc.game_category, mc.sort_order AS category_sort, mv.vassalage, v.account_type_name, v.display_name, v.maintenance,
           (SELECT COUNT(*) FROM games g WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1) AS game_count,
           (SELECT COUNT(*) FROM games g WHERE g.vassalage = mv.vassalage AND g.game_type = mv.game_type AND g.enabled = 1
              AND g.support_play <> 0) AS paid_count
         FROM merchant_categories mc
         JOIN merchant_vendors mv ON mv.merchant_code = mc.merchant_code AND mv.game_type = mc.game_category AND mv.enabled = 1
         JOIN vendors v ON v.vassalage = mv.vassalage
         WHERE mc.merchant_code = ?
         ORDER BY mc.sort_order, mc.game_category, mv.sort_order, mv.vassalage`,
      )
      .bind(merchantCode),
    db
      .prepare(
        `SELECT DISTINCT g.game_type, g.game_classify
         FROM games g
         JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type
           AND mv.merchant_code = ? AND mv.enabled = 1
         WHERE g.enabled = 1 AND g.game_classify IS NOT NULL
         ORDER BY g.game_classify`,
      )
      .bind(merchantCode),
  ]);
  return { vendors: (vendors?.results ?? []) as VendorRow[], classifies: (classifies?.results ?? []) as ClassifyRow[] };
}

/** Groups ordered vendor rows into one VendorGameType per category, keeping the row order. */
function groupVendorGameTypes(vendorRows: VendorRow[], classifyRows: ClassifyRow[]): VendorGameType[] {
  const byType = new Map<string, VendorGameType>();
  for (const row of vendorRows) {
    let entry = byType.get(row.game_category);
    if (!entry) {
      entry = {
        gameCategory: row.game_category as GameCategory,
        gameType: row.game_category,
        sortOrder: row.category_sort,
        vendors: [],
        gameClassify: classifyRows.filter((c) => c.game_type === row.game_category).map((c) => c.game_classify),
      };
      byType.set(row.game_category, entry);
    }
    entry.vendors.push({
      vassalage: row.vassalage,
      gameCount: row.game_count,
      vendorNames: [{ vassalage: row.vassalage, accountTypeName: row.account_type_name }],
      maintenance: row.maintenance === 1,
    });
  }
  return [...byType.values()];
}

/** Whether the merchant's vendor mapping has an entry under `category` (an enabled vendor offering it). */
export async function merchantOffersCategory(db: D1Database, merchantCode: string, category: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS yes FROM merchant_vendors WHERE merchant_code = ? AND game_type = ? AND enabled = 1 LIMIT 1`)
    .bind(merchantCode, category)
    .first<{ yes: number }>();
  return row !== null;
}

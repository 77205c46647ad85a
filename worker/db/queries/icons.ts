/** What a game tile shows: its name and its vendor's display name. */
export interface GameIconFacts {
  gameName: string;
  vendorLabel: string;
}

/** What a banner shows: its title and the name of the site it belongs to. */
export interface BannerFacts {
  title: string;
  siteName: string;
}

/** Facts for a game's icon, for any stored game (enabled or not); null for an unknown node id. */
export async function findGameIconFacts(db: D1Database, nodeId: number): Promise<GameIconFacts | null> {
  const row = await db
    .prepare(`SELECT g.game_name, v.display_name FROM games g JOIN vendors v ON v.vassalage = g.vassalage WHERE g.node_id = ?`)
    .bind(nodeId)
    .first<{ game_name: string; display_name: string }>();
  return row ? { gameName: row.game_name, vendorLabel: row.display_name } : null;
}

/** Facts for a banner's artwork; null for an unknown banner id. */
export async function findBannerFacts(db: D1Database, id: number): Promise<BannerFacts | null> {
  const row = await db
    .prepare(`SELECT b.title, m.name FROM banners b JOIN merchants m ON m.code = b.merchant_code WHERE b.id = ?`)
    .bind(id)
    .first<{ title: string; name: string }>();
  return row ? { title: row.title, siteName: row.name } : null;
}

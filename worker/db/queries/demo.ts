/** A round of the built-in demo slot. Money in minor units, time epoch ms. */
export interface DemoRound {
  id: number;
  memberId: number;
  nodeId: number;
  stakeMinor: number;
  winMinor: number;
  reels: string[];
  idempotencyKey: string;
  /** A free-play spin (supportPlay 0): no money moved. */
  freePlay: boolean;
  createdAt: number;
}

interface RoundRow {
  id: number;
  member_id: number;
  node_id: number;
  stake_minor: number;
  win_minor: number;
  reels: string;
  idempotency_key: string;
  free_play: number;
  created_at: number;
}

function toRound(row: RoundRow): DemoRound {
  let reels: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.reels);
    if (Array.isArray(parsed)) reels = parsed.map(String);
  } catch {
    reels = [];
  }
  return {
    id: row.id,
    memberId: row.member_id,
    nodeId: row.node_id,
    stakeMinor: row.stake_minor,
    winMinor: row.win_minor,
    reels,
    idempotencyKey: row.idempotency_key,
    freePlay: row.free_play === 1,
    createdAt: row.created_at,
  };
}

/** The member's round posted with this idempotency key, or null. */
export async function findRoundByKey(db: D1Database, memberId: number, idempotencyKey: string): Promise<DemoRound | null> {
  const row = await db
    .prepare(`SELECT * FROM demo_rounds WHERE member_id = ? AND idempotency_key = ?`)
    .bind(memberId, idempotencyKey)
    .first<RoundRow>();
  return row ? toRound(row) : null;
}

/**
 * The INSERT of a new round, unexecuted: it runs inside the ledger batch (postLedger's `alongside`) so the round
 * exists exactly when its money moved.
 */
export function insertRoundStatement(
  db: D1Database,
  round: Omit<DemoRound, 'id'>,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, free_play, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(round.memberId, round.nodeId, round.stakeMinor, round.winMinor, JSON.stringify(round.reels), round.idempotencyKey, round.freePlay ? 1 : 0, round.createdAt);
}

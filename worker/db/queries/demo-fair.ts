/** Provably fair demo rounds (table, crash, shooter) and each member's committed seed. Money minor units, time epoch ms. */
import type { FairKind, FairOutcome } from '../../../rules/demoGames';
import type { FairSeeds } from '../../../rules/fair';

/** A played provably fair round. */
export interface FairRound {
  id: number;
  memberId: number;
  nodeId: number;
  kind: FairKind;
  stakeMinor: number;
  winMinor: number;
  outcome: FairOutcome;
  fair: FairSeeds;
  freePlay: boolean;
  idempotencyKey: string;
  createdAt: number;
}

/** The seed a member's next round uses. */
export interface CommittedSeed {
  serverSeed: string;
  commitment: string;
  nonce: number;
}

interface RoundRow {
  id: number;
  member_id: number;
  node_id: number;
  kind: string;
  stake_minor: number;
  win_minor: number;
  outcome: string;
  server_seed: string | null;
  commitment: string | null;
  client_seed: string | null;
  nonce: number | null;
  free_play: number;
  idempotency_key: string;
  created_at: number;
}

function toRound(row: RoundRow): FairRound {
  return {
    id: row.id,
    memberId: row.member_id,
    nodeId: row.node_id,
    kind: row.kind as FairKind,
    stakeMinor: row.stake_minor,
    winMinor: row.win_minor,
    outcome: JSON.parse(row.outcome) as FairOutcome,
    fair: { serverSeed: row.server_seed ?? '', commitment: row.commitment ?? '', clientSeed: row.client_seed ?? '', nonce: row.nonce ?? 0 },
    freePlay: row.free_play === 1,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
  };
}

/** The member's provably fair round with this idempotency key, or null (a slot spin with the key is not one). */
export async function findFairRoundByKey(db: D1Database, memberId: number, idempotencyKey: string): Promise<FairRound | null> {
  const row = await db
    .prepare(`SELECT * FROM demo_rounds WHERE member_id = ? AND idempotency_key = ? AND commitment IS NOT NULL`)
    .bind(memberId, idempotencyKey)
    .first<RoundRow>();
  return row ? toRound(row) : null;
}

/** Whether the member already used the key for any demo round (a slot spin included). */
export async function demoKeyUsed(db: D1Database, memberId: number, idempotencyKey: string): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS x FROM demo_rounds WHERE member_id = ? AND idempotency_key = ?`).bind(memberId, idempotencyKey).first();
  return row !== null;
}

/** One of the member's provably fair rounds by id, or null (another member's round is null too). */
export async function findFairRound(db: D1Database, memberId: number, roundId: number): Promise<FairRound | null> {
  const row = await db
    .prepare(`SELECT * FROM demo_rounds WHERE id = ? AND member_id = ? AND commitment IS NOT NULL`)
    .bind(roundId, memberId)
    .first<RoundRow>();
  return row ? toRound(row) : null;
}

/** The member's committed seed, or null before their first provably fair round. */
export async function findSeed(db: D1Database, memberId: number): Promise<CommittedSeed | null> {
  const row = await db
    .prepare(`SELECT server_seed, commitment, nonce FROM demo_seeds WHERE member_id = ?`)
    .bind(memberId)
    .first<{ server_seed: string; commitment: string; nonce: number }>();
  return row ? { serverSeed: row.server_seed, commitment: row.commitment, nonce: row.nonce } : null;
}

/** Commits a first seed for the member unless one exists (a concurrent first call keeps the first). */
export async function insertSeedIfMissing(db: D1Database, memberId: number, seed: CommittedSeed, now: number): Promise<void> {
  await db
    .prepare(`INSERT OR IGNORE INTO demo_seeds (member_id, server_seed, commitment, nonce, updated_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(memberId, seed.serverSeed, seed.commitment, seed.nonce, now)
    .run();
}

/**
 * The statements that record a played round and commit the member's next seed, unexecuted (they run in the round's
 * ledger batch). The next seed replaces the used one only while it is still current; a second round on the same
 * seed fails the batch on demo_rounds_one_per_seed, so one seed never plays two rounds.
 */
export function fairRoundStatements(db: D1Database, round: Omit<FairRound, 'id'>, next: CommittedSeed): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, created_at, kind, outcome,
           server_seed, commitment, client_seed, nonce, free_play)
         VALUES (?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        round.memberId, round.nodeId, round.stakeMinor, round.winMinor, round.idempotencyKey, round.createdAt, round.kind,
        JSON.stringify(round.outcome), round.fair.serverSeed, round.fair.commitment, round.fair.clientSeed, round.fair.nonce,
        round.freePlay ? 1 : 0,
      ),
    db
      .prepare(`UPDATE demo_seeds SET server_seed = ?, commitment = ?, nonce = ?, updated_at = ? WHERE member_id = ? AND commitment = ?`)
      .bind(next.serverSeed, next.commitment, next.nonce, round.createdAt, round.memberId, round.fair.commitment),
  ];
}

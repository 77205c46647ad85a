import { env } from 'cloudflare:test';
import type { z } from 'zod';
import { formatBettingSlip, type SlipEntry } from '../../contract/bettingSlip';
import type { lotteryCalls } from '../../contract/calls/lottery';
import { minorToWire } from '../../contract/money';
import { openSlot, slotAt, type DrawSlot, type Schedule } from '../../worker/model/lottery/schedule';
import { call } from './helpers';

/** A seeded lottery game with its schedule. */
export interface TestLotteryGame {
  nodeId: number;
  gameId: string;
  vassalage: string;
  lottoMode: string;
  minStake: number;
  schedule: Schedule;
}

/**
 * The `index`-th (0-based) enabled, configured lottery game matching a SQL condition on `games g` /
 * `lottery_games lg`. Tests that settle a draw take a game of their own, since a settled draw takes no more bets.
 */
export async function lotteryGame(where: string, index = 0): Promise<TestLotteryGame> {
  const row = await env.DB.prepare(
    `SELECT g.node_id, g.game_id, g.vassalage, g.lotto_mode, g.min_bet_minor, lg.interval_ms, lg.offset_ms, lg.close_before_ms
     FROM games g JOIN lottery_games lg ON lg.node_id = g.node_id
     WHERE g.enabled = 1 AND lg.enabled = 1 AND ${where} ORDER BY g.node_id LIMIT 1 OFFSET ?`,
  ).bind(index).first<{ node_id: number; game_id: string; vassalage: string; lotto_mode: string; min_bet_minor: number; interval_ms: number; offset_ms: number; close_before_ms: number }>();
  if (!row) throw new Error(`no lottery game where ${where}`);
  return {
    nodeId: row.node_id, gameId: row.game_id, vassalage: row.vassalage, lottoMode: row.lotto_mode, minStake: row.min_bet_minor,
    schedule: { intervalMs: row.interval_ms, offsetMs: row.offset_ms, closeBeforeMs: row.close_before_ms },
  };
}

/** A daily TCG game (Tradition): its draw stays open for hours, so API tests never race the close. */
export const dailyGame = (index = 0) => lotteryGame(`g.vassalage = 'TCG' AND g.lotto_mode = 'Tradition'`, index);

/** An Entertainment-only fast game of TCG_LOTTO_VN. */
export const entGame = (index = 0) => lotteryGame(`g.vassalage = 'TCG_LOTTO_VN' AND g.lotto_mode = 'Entertainment'`, index);

/**
 * The draw taking bets now, with at least `marginMs` left before it closes (waits for the next one otherwise),
 * so a test's orders all land before the close.
 */
export async function openDraw(game: TestLotteryGame, marginMs = 15_000): Promise<DrawSlot> {
  for (;;) {
    const now = Date.now();
    const slot = openSlot(game.schedule, now);
    if (slot.closeAt - now >= marginMs) return slot;
    await new Promise((resolve) => setTimeout(resolve, slot.closeAt - now + 20));
  }
}

/** The draw before the open one: its betting has closed. */
export function closedDraw(game: TestLotteryGame): DrawSlot {
  const open = openSlot(game.schedule, Date.now());
  return slotAt(game.schedule, open.index - 1);
}

let keyCounter = 0;
/** A fresh idempotency key. */
export function newKey(prefix = 'ord'): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}-${Math.floor(Math.random() * 1e6)}`;
}

/** The gateway's error body (§1.5): `{ errorCode, message, value? }`. */
export interface GatewayErrorBody {
  errorCode?: string;
  message?: string;
  value?: unknown;
}

/** Calls a /lgw path: the body is the plain JSON answer (or the `{ errorCode }` error), not the envelope. */
export async function gateway<T>(path: string, init: Parameters<typeof call>[1] = {}) {
  const result = await call(path, init);
  return result as unknown as { status: number; body: T & GatewayErrorBody; headers: Headers };
}

/** The betting call's answer on the wire (decimal money). */
export type PlacedWire = z.output<typeof lotteryCalls.betting.value>;

/** POST /lgw/orders/betting with a betting body as sent, and the `Idempotency-Key` header when given. */
export function placeBet(token: string, body: Record<string, unknown>, idempotencyKey?: string) {
  return gateway<PlacedWire>('/lgw/orders/betting', {
    method: 'POST', token, json: body, headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
  });
}

/** The launcher's gameId of a node (or a name no game has). */
async function gameIdOf(nodeId: unknown): Promise<string> {
  const row = await env.DB.prepare(`SELECT game_id FROM games WHERE node_id = ?`).bind(Number(nodeId)).first<{ game_id: string }>();
  return row?.game_id ?? 'no-such-game';
}

/**
 * Places an order given as `{ nodeId | gameId, issueNo, prizeMode, idempotencyKey, items: [{ betType, selection,
 * stakeMinor }] }` (the shape tests build) through POST /lgw/orders/betting: the items become the
 * bettingSlipString, their total the decimal betCartAmountSum, the key the `Idempotency-Key` header.
 */
export async function postOrder(token: string, order: Record<string, unknown>) {
  const items = (order.items ?? []) as SlipEntry[];
  const gameId = typeof order.gameId === 'string' ? order.gameId : await gameIdOf(order.nodeId);
  const total = items.reduce((sum, i) => sum + i.stakeMinor, 0);
  return placeBet(token, {
    gameId, currentNumero: order.issueNo, prizeModeId: order.prizeMode, betCartAmountSum: minorToWire(total),
    bettingSlipString: formatBettingSlip(items), chase: false, quickChase: false, winningStop: false, abandoning: false,
    device: 'H5', orderType: 'NORMAL',
  }, typeof order.idempotencyKey === 'string' ? order.idempotencyKey : undefined);
}

/** Ledger rows of a member, oldest first. */
export async function ledgerOf(memberId: number) {
  return (await env.DB.prepare(
    `SELECT amount_minor, balance_after_minor, kind, reference, idempotency_key FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ amount_minor: number; balance_after_minor: number; kind: string; reference: string; idempotency_key: string }>()).results;
}

/** Count of rows of a SQL query returning `n`. */
export async function countOf(sql: string, ...params: (string | number)[]): Promise<number> {
  return (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
}

/** The stored draw row of a game and issue. */
export async function drawRow(nodeId: number, issueNo: string) {
  return env.DB.prepare(`SELECT * FROM lottery_draws WHERE node_id = ? AND issue_no = ?`).bind(nodeId, issueNo)
    .first<{ id: number; secret: string; commitment: string; result: string | null; status: string; close_at: number; draw_at: number }>();
}

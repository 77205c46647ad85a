/**
 * Lottery configuration of the seeded LOTT/ELOTT games: draw schedule, stake limits and odds tables per prize
 * mode (rules in worker/services/lottery/*.ts). Loaded by `demo.ts`, so — like it — it has no relative imports
 * and runs in Node as well as in the worker.
 *
 * | vendor        | schedule                                                   | close before draw | prize modes |
 * |---------------|------------------------------------------------------------|-------------------|-------------|
 * | TCG           | daily at 11:15 UTC (18:15 in Vietnam)                      | 15 min            | LOTT, ELOTT |
 * | TCG_SEA       | every 5 minutes                                            | 30 s              | SEA         |
 * | TCG_LOTTO_VN  | by the name's speed: 45 Sec, 1 Min, 3 Min or 5 Min          | 10 s              | ELOTT       |
 *
 * Odds are derived from each line's exact chance and the prize mode's return to player (LOTT 97 %, ELOTT 97.5 %,
 * SEA 96 %), rounded down to 0.001, so every line returns a little less than that. The statements are upserts
 * that change nothing on a re-run; `enabled` is left to the operator.
 */

/** Return to player of each prize mode, in basis points. */
export const PRIZE_MODE_RTP_BP = { LOTT: 9700, ELOTT: 9750, SEA: 9600 } as const;

type Mode = keyof typeof PRIZE_MODE_RTP_BP;

/** Number of results (of 100,000) for each digit sum 0–45 of five digits. */
function sumCounts(): number[] {
  let counts = [1];
  for (let d = 0; d < 5; d++) {
    const next = new Array<number>(counts.length + 9).fill(0);
    counts.forEach((n, s) => {
      for (let digit = 0; digit <= 9; digit++) next[s + digit] = (next[s + digit] ?? 0) + n;
    });
    counts = next;
  }
  return counts;
}

/** Each odds line's winning results out of `total`. */
function lineChances(): [line: string, wins: number, total: number][] {
  const sums = sumCounts();
  const combo = (big: boolean, odd: boolean) =>
    sums.reduce((acc, n, s) => acc + ((s >= 23) === big && (s % 2 === 1) === odd ? n : 0), 0);
  return [
    ['digit', 1, 10],
    ['pos_big_small', 1, 2],
    ['pos_odd_even', 1, 2],
    ['sum_big_small', 1, 2],
    ['sum_odd_even', 1, 2],
    ...sums.map((n, s): [string, number, number] => [`sum_value:${s}`, n, 100_000]),
    ['sum_combo:big_odd', combo(true, true), 100_000],
    ['sum_combo:big_even', combo(true, false), 100_000],
    ['sum_combo:small_odd', combo(false, true), 100_000],
    ['sum_combo:small_even', combo(false, false), 100_000],
    ['dragon_tiger:dragon', 45, 100],
    ['dragon_tiger:tiger', 45, 100],
    ['dragon_tiger:tie', 10, 100],
  ];
}

/** The odds table of a prize mode: line → odds in thousandths, floor(RTP / chance) to 0.001. */
export function oddsTable(mode: Mode): Record<string, number> {
  const rtp = PRIZE_MODE_RTP_BP[mode];
  // rtp/10000 ÷ (wins/total) × 1000 = rtp × total / (10 × wins), in integers.
  return Object.fromEntries(lineChances().map(([line, wins, total]) => [line, Math.floor((rtp * total) / (10 * wins))]));
}

/** Odds JSON of a game offering these prize modes. */
function oddsJson(modes: Mode[]): string {
  return JSON.stringify(Object.fromEntries(modes.map((m) => [m, oddsTable(m)])));
}

const MINUTE = 60_000;

/** Per-vendor lottery settings; `interval` is SQL over `games g` so a game's speed can come from its name. */
const VENDOR_SETTINGS: { vassalage: string; gameType: string; interval: string; offsetMs: number; closeMs: number; maxStake: number; maxPayout: number; modes: Mode[] }[] = [
  { vassalage: 'TCG', gameType: 'LOTT', interval: '86400000', offsetMs: 11 * 60 * MINUTE + 15 * MINUTE, closeMs: 15 * MINUTE,
    maxStake: 1_000_000, maxPayout: 100_000_000, modes: ['LOTT', 'ELOTT'] },
  { vassalage: 'TCG_SEA', gameType: 'LOTT', interval: String(5 * MINUTE), offsetMs: 0, closeMs: 30_000,
    maxStake: 500_000, maxPayout: 50_000_000, modes: ['SEA'] },
  { vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT',
    interval: `CASE WHEN g.game_name LIKE '% 45 Sec' THEN 45000 WHEN g.game_name LIKE '% 3 Min' THEN 180000
      WHEN g.game_name LIKE '% 5 Min' THEN 300000 ELSE 60000 END`,
    offsetMs: 0, closeMs: 10_000, maxStake: 200_000, maxPayout: 20_000_000, modes: ['ELOTT'] },
];

const COLUMNS = ['interval_ms', 'offset_ms', 'close_before_ms', 'max_stake_minor', 'max_payout_minor', 'odds'];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** SQL statements that create or refresh the lottery configuration; safe to run any number of times. */
export function lotterySeedStatements(): string[] {
  return VENDOR_SETTINGS.map((v) => `INSERT INTO lottery_games (node_id, ${COLUMNS.join(', ')})
SELECT g.node_id, ${v.interval}, ${v.offsetMs}, ${v.closeMs}, ${v.maxStake}, ${v.maxPayout}, ${quote(oddsJson(v.modes))}
FROM games g WHERE g.vassalage = ${quote(v.vassalage)} AND g.game_type = ${quote(v.gameType)}
ON CONFLICT (node_id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
WHERE ${COLUMNS.map((c) => `lottery_games.${c} IS NOT excluded.${c}`).join(' OR ')}`);
}

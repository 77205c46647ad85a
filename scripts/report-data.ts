/**
 * A year of generated play for timing the back office's reports (docs/back-office.md "Reports", "Speed on a year of
 * data"). Not part of `npm test`. Fills a fresh SQLite file with the worker's schema (every migration of
 * worker/db/migrations, in order) and a year of one site's activity, written in process with Node's built-in SQLite:
 *
 *   node scripts/report-data.ts [--out /tmp/report-year.sqlite] [--players 100000] [--days 365] [--rounds 8] [--seed 1]
 *
 * What a day holds (the figures are means; each player has an activity rate of their own):
 *   - registrations: a quarter of the players exist when the year starts, the rest register evenly over it; each
 *     gets a welcome bonus (bonus money, ledger kind 'welcome_bonus');
 *   - active players: 6 % of the registered players a day, plus half of the day's new ones; each plays `--rounds`
 *     built-in rounds on average (slot 70 %, crash 12 %, table 10 %, shooter 8 %; 5 vendors), every round a
 *     demo_rounds row, a 'bet' ledger entry and, for 40 % of them, a 'win' (RTP about 96 %);
 *   - 10 % of active players place one to three lottery orders of two bets each (draws every 10 minutes on two
 *     lottery games; 45 % of bets win 1.98 ×, 5 % are cancelled and refunded);
 *   - 25 % of active players deposit (95 % credited), 5 % ask for a withdrawal (80 % paid), 20 % take the sign-in
 *     reward;
 *   - a second site (DEMO2) with a tenth of the players and the same habits, so every query has to keep sites apart.
 * Balances after each entry are not a replayed wallet history (the reports never read them). The row counts are
 * printed at the end; `node scripts/report-timing.ts` then measures the report queries on the file.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { datasetInserts, inTransaction, settleDatasetDraws, tuneForBulkLoad } from '../worker/db/queries/report-dataset.ts';
import { mulberry32 } from '../rules/seeded-random.ts';

const DAY_MS = 86_400_000;
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const out = args.get('out') ?? '/tmp/report-year.sqlite';
const PLAYERS = Number(args.get('players') ?? 100_000);
const DAYS = Number(args.get('days') ?? 365);
const ROUNDS = Number(args.get('rounds') ?? 8);

// A seeded generator, so two runs make the same data.
const random = mulberry32(Number(args.get('seed') ?? 1));
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

rmSync(out, { force: true });
mkdirSync(dirname(out), { recursive: true });
const db = new DatabaseSync(out);
tuneForBulkLoad(db);
const migrations = join(import.meta.dirname, '..', 'worker', 'db', 'migrations');
for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort()) db.exec(readFileSync(join(migrations, file), 'utf8'));

const yearStart = Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth(), new Date().getUTCDate()) - (DAYS - 365) * DAY_MS;
const SITES = [{ code: 'DEMO', currency: 'USD', players: PLAYERS }, { code: 'DEMO2', currency: 'PHP', players: Math.round(PLAYERS / 10) }];
const KINDS: [kind: string, weight: number][] = [['slot', 0.7], ['crash', 0.12], ['table', 0.1], ['shooter', 0.08]];
const VENDORS = ['GEN_A', 'GEN_B', 'GEN_C', 'GEN_D', 'GEN_E'];
const STAKES = [20, 50, 100, 100, 200, 200, 500, 1000];

// The inserts (worker/db/queries/report-dataset.ts: all SQL lives under worker/db).
const insert = datasetInserts(db);
const insertMerchant = insert.merchant;
const insertVendor = insert.vendor;
const insertGame = insert.game;
const insertLotteryGame = insert.lotteryGame;
const insertMember = insert.member;
const insertWallet = insert.wallet;
const insertLedger = insert.ledger;
const insertRound = insert.round;
const insertDeposit = insert.deposit;
const insertWithdrawal = insert.withdrawal;
const insertDraw = insert.draw;
const insertOrder = insert.order;
const insertSub = insert.subOrder;

// Games: per kind one game at each vendor; two lottery games.
const games = new Map<string, number[]>();
let nodeId = 900_000;
const lotteryGames = inTransaction(db, () => {
  for (const site of SITES) insertMerchant.run(site.code, site.code, site.currency, yearStart - 30 * DAY_MS);
  for (const v of [...VENDORS, 'GEN_LOTTO']) insertVendor.run(v, `Vendor ${v}`, v);
  for (const [kind] of KINDS) {
    games.set(kind, VENDORS.map((vendor) => {
      nodeId += 1;
      insertGame.run(nodeId, nodeId, vendor, kind === 'slot' ? 'RNG' : kind.toUpperCase(), `g${nodeId}`, `g${nodeId}`, `Game ${nodeId}`);
      return nodeId;
    }));
  }
  return [1, 2].map(() => {
    nodeId += 1;
    insertGame.run(nodeId, nodeId, 'GEN_LOTTO', 'LOTT', `g${nodeId}`, `g${nodeId}`, `Lotto ${nodeId}`);
    insertLotteryGame.run(nodeId);
    return nodeId;
});
});

const counts = { members: 0, ledger: 0, rounds: 0, deposits: 0, withdrawals: 0, draws: 0, orders: 0, subOrders: 0 };
let memberId = 0;
let orderId = 0;
let drawId = 0;
let key = 0;
const ledger = (member: number, amount: number, bonus: number, kind: string, reference: string, at: number) => {
  key += 1;
  insertLedger.run(member, amount, bonus, kind, reference, `k${key}`, at);
  counts.ledger += 1;
};
/** Each site's members: id and activity rate (0.01 … 0.2, mean about 0.06). */
const members = new Map<string, { id: number; rate: number }[]>(SITES.map((s) => [s.code, []]));
const register = (site: (typeof SITES)[number], at: number) => {
  memberId += 1;
  insertMember.run(memberId, site.code, `p${memberId}`, `p${memberId}`, at);
  insertWallet.run(memberId, site.currency, at);
  ledger(memberId, 0, 500, 'welcome_bonus', 'registration', at + 1000);
  members.get(site.code)!.push({ id: memberId, rate: 0.01 + 0.19 * random() ** 2.2 });
  counts.members += 1;
  return memberId;
};

inTransaction(db, () => {
  for (const site of SITES) for (let i = 0; i < site.players / 4; i++) register(site, yearStart - int(1, 30) * DAY_MS);
});

/** A draw of each lottery game every 10 minutes of the day: [id, node, drawAt] by slot. */
function dayDraws(dayStart: number): { id: number; node: number; drawAt: number }[][] {
  const slots: { id: number; node: number; drawAt: number }[][] = [];
  for (let s = 0; s < 144; s++) {
    slots.push(lotteryGames.map((node) => {
      drawId += 1;
      const drawAt = dayStart + (s + 1) * 600_000;
      insertDraw.run(drawId, node, `${dayStart}-${s}`, drawAt - 600_000, drawAt - 30_000, drawAt, dayStart);
      counts.draws += 1;
      return { id: drawId, node, drawAt };
    }));
  }
  return slots;
}

function playDay(site: (typeof SITES)[number], dayStart: number, draws: ReturnType<typeof dayDraws>, newcomers: number[]) {
  const list = members.get(site.code)!;
  const active = new Set<number>(newcomers.filter(() => random() < 0.5));
  for (const m of list) if (random() < m.rate) active.add(m.id);
  for (const id of active) {
    let at = dayStart + int(0, DAY_MS - 4 * 3_600_000);
    if (random() < 0.25) {
      const amount = pick([1000, 2000, 5000, 10000, 20000]);
      const credited = random() < 0.95;
      key += 1;
      insertDeposit.run(site.code, id, amount, site.currency, credited ? 'credited' : 'expired', `t${key}`, `d${key}`, at, at + 1_800_000, at + 60_000, credited ? at + 60_000 : null);
      counts.deposits += 1;
      if (credited) ledger(id, amount, 0, 'deposit', `deposit:${key}`, at + 60_000);
    }
    if (random() < 0.2) ledger(id, 10, 0, 'sign_in', 'sign-in', at);
    const rounds = Math.max(1, Math.round(ROUNDS * -Math.log(1 - random())));
    for (let r = 0; r < rounds; r++) {
      at += int(5_000, 40_000);
      const roll = random();
      let acc = 0;
      const kind = KINDS.find(([, w]) => (acc += w) >= roll)?.[0] ?? 'slot';
      const node = pick(games.get(kind)!);
      const stake = pick(STAKES);
      const win = random() < 0.4 ? Math.round(stake * 2.4 * (0.2 + 1.6 * random())) : 0;
      key += 1;
      insertRound.run(id, node, stake, win, `r${key}`, at, kind);
      counts.rounds += 1;
      const reference = `demo_${kind}:${node}:r${key}`;
      ledger(id, -stake, 0, 'bet', reference, at);
      if (win > 0) ledger(id, win, 0, 'win', reference, at);
    }
    if (random() < 0.1) {
      for (let o = int(1, 3); o > 0; o--) {
        const slot = Math.min(143, Math.floor((at - dayStart) / 600_000) + int(0, 3));
        const draw = pick(draws[slot]!);
        const placed = Math.min(at + int(1_000, 60_000), draw.drawAt - 31_000);
        orderId += 1;
        const stake = pick([100, 200, 500]);
        const subs = [0, 1].map(() => {
          const roll = random();
          return roll < 0.05 ? 'cancelled' : roll < 0.5 ? 'won' : 'lost';
        });
        const payout = subs.filter((s) => s === 'won').length * Math.round(stake * 1.98);
        const refund = subs.filter((s) => s === 'cancelled').length * stake;
        insertOrder.run(orderId, id, site.code, draw.node, draw.id, `${draw.id}`, 2 * stake, payout, refund, `o${orderId}`, placed, draw.drawAt);
        counts.orders += 1;
        ledger(id, -2 * stake, 0, 'bet', `lottery:order:o${orderId}`, placed);
        for (const status of subs) {
          const closedAt = status === 'cancelled' ? placed + 10_000 : draw.drawAt;
          insertSub.run(orderId, draw.id, id, stake, status, status === 'won' ? Math.round(stake * 1.98) : 0, closedAt);
          counts.subOrders += 1;
          if (status === 'won') ledger(id, Math.round(stake * 1.98), 0, 'win', `lottery:order:${orderId}`, closedAt);
          if (status === 'cancelled') ledger(id, stake, 0, 'refund', `lottery:order:${orderId}`, closedAt);
        }
      }
    }
    if (random() < 0.05) {
      const amount = pick([2000, 5000, 10000]);
      const paid = random() < 0.8;
      key += 1;
      at += 60_000;
      insertWithdrawal.run(site.code, id, amount, site.currency, paid ? 'paid' : 'rejected', `w${key}`, at, at + 3_600_000, paid ? at + 3_660_000 : null);
      counts.withdrawals += 1;
      ledger(id, -amount, 0, 'withdraw_hold', `withdraw:w${key}`, at);
      if (!paid) ledger(id, amount, 0, 'withdraw_release', `withdraw:w${key}`, at + 3_600_000);
    }
  }
}

const started = Date.now();
for (let d = 0; d < DAYS; d++) {
  const dayStart = yearStart + d * DAY_MS;
  inTransaction(db, () => {
    const draws = dayDraws(dayStart);
    for (const site of SITES) {
      const newcomers: number[] = [];
      const perDay = (site.players * 3) / 4 / DAYS;
      for (let i = Math.floor(perDay) + (random() < perDay % 1 ? 1 : 0); i > 0; i--) newcomers.push(register(site, dayStart + int(0, DAY_MS - 1)));
      playDay(site, dayStart, draws, newcomers);
    }
  });
  if (d % 30 === 0) console.log(`day ${d + 1}/${DAYS}: ${counts.ledger} ledger entries, ${Math.round((Date.now() - started) / 1000)} s`);
}
settleDatasetDraws(db, lotteryGames);
db.close();
console.log(JSON.stringify({ file: out, from: new Date(yearStart).toISOString().slice(0, 10), days: DAYS, rows: counts, seconds: Math.round((Date.now() - started) / 1000) }));

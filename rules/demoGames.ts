/**
 * The built-in demo vendor's games beyond the slot (worker/services/games/slot.ts): a dragon tiger card table, a crash
 * game and a fish shooter. Pure rules, shared by the worker (which plays rounds with the provably fair stream of
 * ./fair.ts) and the browser (which replays a round to verify it). Money is integer minor units.
 *
 * Return to player, exactly (tests/unit/games/demo-games.test.ts recomputes each):
 * - table, Dragon or Tiger: 25/26 ≈ 96.15 % (even money; half the stake back on a tie); Tie: 12/13 ≈ 92.31 % at
 *   11:1, 11/13 ≈ 84.62 % at 10:1 (each table title has its own tie pay and side names: tableConfigOf);
 * - crash: 99 % for every target (the crash point is at least t with probability 0.99 / t, within 2^-32);
 * - shooter: 96 % for every target (a target paying m× is hit with probability 0.96 / m).
 */
import { fairStream, seedMatches, type FairSeeds, type RandomInt } from './fair';
import { fnv1a } from './slotConfig';

/** The demo games a catalogue game can open (player-shell §4 "Game launch": each game plays its own kind). */
export type DemoKind = 'slot' | 'table' | 'crash' | 'shooter';
/** The kinds played through the provably fair round call (the slot keeps its own spin call). */
export type FairKind = Exclude<DemoKind, 'slot'>;
/** Every demo kind, in menu order. */
export const DEMO_KINDS: readonly DemoKind[] = ['slot', 'table', 'crash', 'shooter'];
/** Whether a string names a provably fair demo kind. */
export function isFairKind(kind: string): kind is FairKind {
  return kind === 'table' || kind === 'crash' || kind === 'shooter';
}

/**
 * Which demo a catalogue game opens, by its category (games.game_type) and classification. Categories come from
 * player-shell §3; the spec is silent on the demo itself, so: a card table for live casino, card/PvP games and
 * the head-to-head categories (cockfight, sports, esports: two sides and a draw, like Dragon and Tiger); the
 * crash game for RNG arcade games; the shooter for fish games; the card table for RNG table games; the slot for
 * every other RNG game (and any category this list does not know). Lottery categories have no demo (null).
 * The demo catalogue names its titles after what they open (docs/games.md "Demo titles and their configurations"):
 * "Dragon Tiger · <room>" at the card table, "<side> v <side>" for a head-to-head title.
 */
export function demoKindOf(gameType: string, classify: string | null): DemoKind | null {
  switch (gameType) {
    case 'LOTT':
    case 'ELOTT':
      return null;
    case 'LIVE':
    case 'PVP':
    case 'COCKFIGHT':
    case 'SPORTS':
    case 'ESPORTS':
      return 'table';
    case 'FISH':
      return 'shooter';
    case 'RNG':
      if (classify === 'table') return 'table';
      if (classify === 'arcade') return 'crash';
      return 'slot';
    default:
      return 'slot';
  }
}

/** Stakes (shot costs) a player may choose in every demo game, minor units (even, so half a stake is whole). */
export const DEMO_STAKES: readonly number[] = [10, 50, 100, 500, 1000];

// ---- table: dragon tiger -------------------------------------------------------------------------------------

/** The three bets of the dragon tiger table. */
export const TABLE_BETS = ['DRAGON', 'TIGER', 'TIE'] as const;
/** One bet of the table. */
export type TableBet = (typeof TABLE_BETS)[number];
/** Payout on a winning bet, as a multiple of the stake returned (stake included): 1:1 → 2, 11:1 → 12. */
export const TABLE_PAYS: Readonly<Record<TableBet, number>> = { DRAGON: 2, TIGER: 2, TIE: 12 };

/**
 * One table title's configuration (docs/games.md "Demo titles and their configurations"): the names of its two
 * sides (a head-to-head title's, whose tie is a draw; null: the table's own Dragon and Tiger, shown in the player's
 * language), what a tie bet returns (stake included: 12 for 11:1, 11 for 10:1) and each bet's exact return to
 * player in percent.
 */
export interface TableConfig {
  sides: [string, string] | null;
  tiePays: number;
  rtpPercent: Record<TableBet, number>;
}

/** Categories whose titles are head-to-head matches, played as the card duel: two named sides and a draw. */
const HEAD_TO_HEAD = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];

/**
 * The table configuration of a title: a head-to-head title (SPORTS, ESPORTS, COCKFIGHT) named "<side> v <side>"
 * plays those two sides and a Draw; every other table title plays Dragon, Tiger and Tie. The tie pays 11:1 or 10:1,
 * chosen by the game id. Each side returns 25/26 (the half stake back on a tie included); the tie returns tiePays / 13
 * (two cards from two full decks share a rank with probability 4·52 / 52² = 1/13).
 */
export function tableConfigOf(gameId: string, gameType: string, gameName: string): TableConfig {
  const match = HEAD_TO_HEAD.includes(gameType) ? /^(.+?) v (.+)$/.exec(gameName) : null;
  const tiePays = fnv1a(`table:${gameId}`) % 2 === 0 ? 12 : 11;
  const side = Math.round((10_000 * 25) / 26) / 100;
  return {
    sides: match ? [match[1] as string, match[2] as string] : null,
    tiePays,
    rtpPercent: { DRAGON: side, TIGER: side, TIE: Math.round((10_000 * tiePays) / 13) / 100 },
  };
}

/** Rank of a card 0–51: 1 (ace, lowest) to 13 (king). Suit = floor(card / 13): ♠ ♥ ♦ ♣. */
export function cardRank(card: number): number {
  return (card % 13) + 1;
}

/** Outcome of a table round: one card each for Dragon and Tiger (0–51) and the bet. */
export interface TableOutcome {
  kind: 'table';
  bet: TableBet;
  dragon: number;
  tiger: number;
}

/**
 * Deals Dragon then Tiger, each from a full 52-card deck, and returns what `bet` is paid (minor units); a winning
 * tie bet returns `tiePays` × stake (the title's TableConfig.tiePays; 12, 11:1, by default).
 */
export function playTable(random: RandomInt, stakeMinor: number, bet: TableBet, tiePays = TABLE_PAYS.TIE): { outcome: TableOutcome; winMinor: number } {
  const dragon = random(52);
  const tiger = random(52);
  return { outcome: { kind: 'table', bet, dragon, tiger }, winMinor: tableWin(bet, dragon, tiger, stakeMinor, tiePays) };
}

/** Which side a deal favours: the higher rank wins, equal ranks tie (suits do not count). */
export function tableWinner(dragon: number, tiger: number): TableBet {
  const d = cardRank(dragon);
  const t = cardRank(tiger);
  return d === t ? 'TIE' : d > t ? 'DRAGON' : 'TIGER';
}

/**
 * The amount returned on a bet: the winning side's pay (a tie bet: `tiePays` × stake, the title's own); half the
 * stake back to Dragon or Tiger on a tie; else 0.
 */
export function tableWin(bet: TableBet, dragon: number, tiger: number, stakeMinor: number, tiePays = TABLE_PAYS.TIE): number {
  const winner = tableWinner(dragon, tiger);
  if (winner === bet) return stakeMinor * (bet === 'TIE' ? tiePays : TABLE_PAYS[bet]);
  if (winner === 'TIE') return Math.floor(stakeMinor / 2);
  return 0;
}

// ---- crash ---------------------------------------------------------------------------------------------------

/** Cash-out targets a player may set, in hundredths of the stake: 1.01× to 100.00×. */
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 10_000;
/** Shown crash points stop at 10 000.00× (no target reaches it, so payouts never depend on the cap). */
export const CRASH_CAP = 1_000_000;

/** Outcome of a crash round: the crash point and the auto cash-out target, both in hundredths. */
export interface CrashOutcome {
  kind: 'crash';
  target: number;
  crashPoint: number;
}

/**
 * The crash point in hundredths: floor(99 × 2^32 / (2^32 − x)) for a uniform 32-bit x, at least 100 (1.00×, the
 * instant crash) and at most CRASH_CAP. P(crash point ≥ t) = floor(99 × 2^32 / t) / 2^32 ≈ 0.99 × 100 / t.
 */
export function crashPointOf(x: number): number {
  const point = Math.floor((99 * 2 ** 32) / (2 ** 32 - x));
  return Math.min(CRASH_CAP, Math.max(100, point));
}

/** Plays a crash round with an auto cash-out at `target` hundredths: paid stake × target when the crash comes at or after it. */
export function playCrash(random: RandomInt, stakeMinor: number, target: number): { outcome: CrashOutcome; winMinor: number } {
  const crashPoint = crashPointOf(random(2 ** 32));
  return { outcome: { kind: 'crash', target, crashPoint }, winMinor: crashWin(target, crashPoint, stakeMinor) };
}

/** Payout of a crash round (minor units, rounded down). */
export function crashWin(target: number, crashPoint: number, stakeMinor: number): number {
  return crashPoint >= target ? Math.floor((stakeMinor * target) / 100) : 0;
}

// ---- shooter -------------------------------------------------------------------------------------------------

/** The shooter's targets: what a hit pays (× the shot cost) and how often a shot hits, in ten-thousandths. */
export const SHOOTER_TARGETS = [
  { id: 'CLOWNFISH', glyph: '🐠', multiplier: 2, hitsIn10000: 4800 },
  { id: 'TURTLE', glyph: '🐢', multiplier: 5, hitsIn10000: 1920 },
  { id: 'SHARK', glyph: '🦈', multiplier: 20, hitsIn10000: 480 },
  { id: 'DRAGON', glyph: '🐉', multiplier: 100, hitsIn10000: 96 },
] as const;
/** One target id. */
export type ShooterTarget = (typeof SHOOTER_TARGETS)[number]['id'];

/** Outcome of a shot: the target, the roll (0–9999) and whether it hit (roll below the target's hit chance). */
export interface ShooterOutcome {
  kind: 'shooter';
  target: ShooterTarget;
  roll: number;
  hit: boolean;
}

/** Fires one shot at `target`: a hit pays shot cost × the target's multiplier. */
export function playShooter(random: RandomInt, stakeMinor: number, target: ShooterTarget): { outcome: ShooterOutcome; winMinor: number } {
  const spec = SHOOTER_TARGETS.find((t) => t.id === target);
  if (!spec) throw new Error(`unknown target ${target}`);
  const roll = random(10_000);
  const hit = roll < spec.hitsIn10000;
  return { outcome: { kind: 'shooter', target, roll, hit }, winMinor: hit ? stakeMinor * spec.multiplier : 0 };
}

// ---- one round of any kind -----------------------------------------------------------------------------------

/** The outcome of a provably fair round of any kind. */
export type FairOutcome = TableOutcome | CrashOutcome | ShooterOutcome;

/**
 * The player's choice for a kind, from its wire form: a table bet (DRAGON, TIGER, TIE), a crash target in
 * hundredths ("101"–"10000"), or a shooter target id. Null when the choice is not one the kind takes.
 */
export function parseChoice(kind: FairKind, choice: string): TableBet | number | ShooterTarget | null {
  if (kind === 'table') return (TABLE_BETS as readonly string[]).includes(choice) ? (choice as TableBet) : null;
  if (kind === 'crash') {
    if (!/^\d{1,5}$/.test(choice)) return null;
    const target = Number(choice);
    return target >= CRASH_MIN_TARGET && target <= CRASH_MAX_TARGET ? target : null;
  }
  return SHOOTER_TARGETS.some((t) => t.id === choice) ? (choice as ShooterTarget) : null;
}

/** What a title changes in its rounds (today the table's tie pay, TableConfig.tiePays); absent: the defaults. */
export interface RoundConfig {
  tiePays?: number;
}

/** Plays one round of `kind` with a parsed choice (see parseChoice) under the title's configuration. */
export function playRound(
  kind: FairKind, random: RandomInt, stakeMinor: number, choice: TableBet | number | ShooterTarget, config: RoundConfig = {},
): { outcome: FairOutcome; winMinor: number } {
  if (kind === 'table') return playTable(random, stakeMinor, choice as TableBet, config.tiePays);
  if (kind === 'crash') return playCrash(random, stakeMinor, choice as number);
  return playShooter(random, stakeMinor, choice as ShooterTarget);
}

/** The choice a stored outcome was played with, in wire form. */
export function choiceOf(outcome: FairOutcome): string {
  if (outcome.kind === 'table') return outcome.bet;
  if (outcome.kind === 'crash') return String(outcome.target);
  return outcome.target;
}

/** What checking a round found: the seed matches its commitment, and replaying it gives the same outcome and win. */
export interface RoundCheck {
  seedMatches: boolean;
  outcomeMatches: boolean;
}

/** Replays a revealed round from its seeds under the title's configuration (the browser's "verify" and the tests). */
export function verifyRound(round: { outcome: FairOutcome; stakeMinor: number; winMinor: number; fair: FairSeeds }, config: RoundConfig = {}): RoundCheck {
  const matches = seedMatches(round.fair.serverSeed, round.fair.commitment);
  if (!matches) return { seedMatches: false, outcomeMatches: false };
  const kind = round.outcome.kind;
  const choice = parseChoice(kind, choiceOf(round.outcome));
  if (choice === null) return { seedMatches: true, outcomeMatches: false };
  const replay = playRound(kind, fairStream(round.fair.serverSeed, round.fair.clientSeed, round.fair.nonce), round.stakeMinor, choice, config);
  const stored = round.outcome as unknown as Record<string, unknown>;
  const same = Object.entries(replay.outcome).every(([k, v]) => stored[k] === v) && replay.winMinor === round.winMinor;
  return { seedMatches: true, outcomeMatches: same };
}

/**
 * The built-in demo vendor's games beyond the slot (worker/services/games/slot.ts): a dragon tiger card table, a crash
 * game and a fish shooter. Pure rules, shared by the worker (which plays rounds with the provably fair stream of
 * ./fair.ts) and the browser (which replays a round to verify it). Money is integer minor units.
 *
 * Return to player, exactly (tests/unit/games/demo-games.test.ts recomputes each):
 * - table, Dragon or Tiger: 25/26 ≈ 96.15 % (even money; half the stake back on a tie); Tie: 12/13 ≈ 92.31 % at
 *   11:1, 11/13 ≈ 84.62 % at 10:1 (each table title has its own tie pay and side names: tableConfigOf);
 * - crash: r % for every target (the crash point is at least t with probability r / 100t, within 2^-32), r = 97, 98
 *   or 99 by title (crashRtpOf);
 * - shooter: r % for every target (a target paying m× is hit with probability r / 100m), r = 95, 96 or 97 by title
 *   (shooterRtpOf).
 */
import { fairStream, seedMatches, type FairSeeds, type RandomInt } from './fair';
import { fnv1a } from './seeded-random';

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

/**
 * The two sides a head-to-head title's name gives ("<side> v <side>"), else null. Only the head-to-head categories'
 * titles are named so (worker/db/seed/demo-data.ts), which is what lets a table round's record name its sides from
 * the title alone.
 */
export function matchSidesOf(gameName: string): [string, string] | null {
  const match = /^(.+?) v (.+)$/.exec(gameName);
  return match ? [match[1] as string, match[2] as string] : null;
}

/**
 * What a table bet is called at a title: a head-to-head title's own side names and a draw, else the table's Dragon,
 * Tiger and Tie in the player's language (`translate` gives a message key's text).
 */
export function tableBetLabel(sides: [string, string] | null, bet: TableBet, translate: (key: `demo.table.${TableBet}` | 'demo.table.DRAW') => string): string {
  if (!sides) return translate(`demo.table.${bet}`);
  return bet === 'DRAGON' ? sides[0] : bet === 'TIGER' ? sides[1] : translate('demo.table.DRAW');
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
  const match = HEAD_TO_HEAD.includes(gameType) ? matchSidesOf(gameName) : null;
  const tiePays = fnv1a(`table:${gameId}`) % 2 === 0 ? 12 : 11;
  const side = Math.round((10_000 * 25) / 26) / 100;
  return {
    sides: match,
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
  /** The title's tie pay when it is not the default 12 (11:1): the round states the terms it was played under. */
  tiePays?: number | undefined;
}

/**
 * Deals Dragon then Tiger, each from a full 52-card deck, and returns what `bet` is paid (minor units); a winning
 * tie bet returns `tiePays` × stake (the title's TableConfig.tiePays; 12, 11:1, by default).
 */
export function playTable(random: RandomInt, stakeMinor: number, bet: TableBet, tiePays = TABLE_PAYS.TIE): { outcome: TableOutcome; winMinor: number } {
  const dragon = random(52);
  const tiger = random(52);
  const terms = tiePays === TABLE_PAYS.TIE ? {} : { tiePays };
  return { outcome: { kind: 'table', bet, dragon, tiger, ...terms }, winMinor: tableWin(bet, dragon, tiger, stakeMinor, tiePays) };
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
  /** The title's return to player in percent when it is not the default 99 (the terms the round was played under). */
  rtp?: number | undefined;
}

/**
 * The crash point in hundredths at a title returning `rtpPercent` (99 by default; crashRtpOf): floor(r × 2^32 / (2^32 − x)) for a uniform 32-bit x, at least 100 (1.00×, the
 * instant crash) and at most CRASH_CAP. P(crash point ≥ t) = floor(99 × 2^32 / t) / 2^32 ≈ 0.99 × 100 / t.
 */
export function crashPointOf(x: number, rtpPercent = 99): number {
  const point = Math.floor((rtpPercent * 2 ** 32) / (2 ** 32 - x));
  return Math.min(CRASH_CAP, Math.max(100, point));
}

/** Plays a crash round with an auto cash-out at `target` hundredths: paid stake × target when the crash comes at or after it. */
export function playCrash(random: RandomInt, stakeMinor: number, target: number, rtpPercent = 99): { outcome: CrashOutcome; winMinor: number } {
  const crashPoint = crashPointOf(random(2 ** 32), rtpPercent);
  const terms = rtpPercent === 99 ? {} : { rtp: rtpPercent };
  return { outcome: { kind: 'crash', target, crashPoint, ...terms }, winMinor: crashWin(target, crashPoint, stakeMinor) };
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

/**
 * The targets at a title returning `rtpPercent` (shooterRtpOf): each paying m× is hit r × 100 / m times in 10 000
 * (whole for r = 95, 96, 97 and m = 2, 5, 20, 100), so every target returns exactly r %.
 */
export function shooterTargetsOf(rtpPercent: number): { id: ShooterTarget; glyph: string; multiplier: number; hitsIn10000: number }[] {
  return SHOOTER_TARGETS.map((t) => ({ ...t, hitsIn10000: (rtpPercent * 100) / t.multiplier }));
}

/** Outcome of a shot: the target, the roll (0–9999) and whether it hit (roll below the target's hit chance). */
export interface ShooterOutcome {
  kind: 'shooter';
  target: ShooterTarget;
  roll: number;
  hit: boolean;
  /** The title's return to player in percent when it is not the default 96 (the terms the round was played under). */
  rtp?: number | undefined;
}

/** Fires one shot at `target`: a hit pays shot cost × the target's multiplier. */
export function playShooter(random: RandomInt, stakeMinor: number, target: ShooterTarget, rtpPercent = 96): { outcome: ShooterOutcome; winMinor: number } {
  const spec = shooterTargetsOf(rtpPercent).find((t) => t.id === target);
  if (!spec) throw new Error(`unknown target ${target}`);
  const roll = random(10_000);
  const hit = roll < spec.hitsIn10000;
  const terms = rtpPercent === 96 ? {} : { rtp: rtpPercent };
  return { outcome: { kind: 'shooter', target, roll, hit, ...terms }, winMinor: hit ? stakeMinor * spec.multiplier : 0 };
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

/**
 * What a title changes in its rounds: the table's tie pay (TableConfig.tiePays), the crash game's and the shooter's
 * return to player in percent; absent: the defaults (12, 99, 96).
 */
export interface RoundConfig {
  tiePays?: number | undefined;
  crashRtp?: number;
  shooterRtp?: number;
}

/** The crash game's return to player at a title, percent: 97, 98 or 99 by its game id. */
export function crashRtpOf(gameId: string): number {
  return 97 + (fnv1a(`crash:${gameId}`) % 3);
}

/** The shooter's return to player at a title, percent: 95, 96 or 97 by its game id. */
export function shooterRtpOf(gameId: string): number {
  return 95 + (fnv1a(`shooter:${gameId}`) % 3);
}

/** A title's round configuration by kind (docs/games.md "Demo titles and their configurations"). */
export function roundConfigOf(kind: FairKind, game: { gameId: string; gameType: string; gameName: string }): RoundConfig {
  if (kind === 'table') return { tiePays: tableConfigOf(game.gameId, game.gameType, game.gameName).tiePays };
  if (kind === 'crash') return { crashRtp: crashRtpOf(game.gameId) };
  return { shooterRtp: shooterRtpOf(game.gameId) };
}

/** Plays one round of `kind` with a parsed choice (see parseChoice) under the title's configuration. */
export function playRound(
  kind: FairKind, random: RandomInt, stakeMinor: number, choice: TableBet | number | ShooterTarget, config: RoundConfig = {},
): { outcome: FairOutcome; winMinor: number } {
  if (kind === 'table') return playTable(random, stakeMinor, choice as TableBet, config.tiePays);
  if (kind === 'crash') return playCrash(random, stakeMinor, choice as number, config.crashRtp);
  return playShooter(random, stakeMinor, choice as ShooterTarget, config.shooterRtp);
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

/** The terms a stored outcome states it was played under (absent: the defaults), as a round configuration. */
export function termsOf(outcome: FairOutcome): RoundConfig {
  if (outcome.kind === 'table') return outcome.tiePays === undefined ? {} : { tiePays: outcome.tiePays };
  if (outcome.rtp === undefined) return {};
  return outcome.kind === 'crash' ? { crashRtp: outcome.rtp } : { shooterRtp: outcome.rtp };
}

/**
 * Replays a revealed round from its seeds under the terms the round states (termsOf: the title's tie pay or
 * return; the browser's "verify", the game record and the tests). Both sides of the comparison carry the same
 * fields, so a round missing a term it was played under, or stating another, does not verify.
 */
export function verifyRound(round: { outcome: FairOutcome; stakeMinor: number; winMinor: number; fair: FairSeeds }): RoundCheck {
  const matches = seedMatches(round.fair.serverSeed, round.fair.commitment);
  if (!matches) return { seedMatches: false, outcomeMatches: false };
  const kind = round.outcome.kind;
  const choice = parseChoice(kind, choiceOf(round.outcome));
  if (choice === null) return { seedMatches: true, outcomeMatches: false };
  const replay = playRound(kind, fairStream(round.fair.serverSeed, round.fair.clientSeed, round.fair.nonce), round.stakeMinor, choice, termsOf(round.outcome));
  const stored = round.outcome as unknown as Record<string, unknown>;
  const replayed = replay.outcome as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(replayed), ...Object.keys(stored)]);
  const same = [...keys].every((k) => stored[k] === replayed[k]) && replay.winMinor === round.winMinor;
  return { seedMatches: true, outcomeMatches: same };
}

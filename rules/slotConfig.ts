/**
 * Every demo slot title's own configuration (docs/games.md "Demo titles and their configurations"): the number of
 * reels (3 or 5), a themed symbol set, the reel strips, the paytable and the return to player, all derived from the
 * title's game id alone, so the worker (which spins) and the browser (which shows the reels and the info panel)
 * agree without storing anything. Pure: no clock, no randomness beyond a PRNG seeded by the game id.
 *
 * The payline is the symbol each reel stops on; a run of `count` equal symbols from reel 1 pays `multiplier` × stake
 * (only the longest run counts). With p_i(s) = stops of s on reel i / stops on reel i, a run of exactly k has
 * probability p_1(s)·…·p_k(s)·(1 − p_{k+1}(s)) (no last factor when k is the number of reels), so the return to
 * player is a closed-form sum over the paytable, computed here exactly as a fraction of integers.
 *
 * Paytable: the lower symbols pay 2–3× for two in a row and the lowest 1× alone on reel 1, so wins come often (at
 * least about one spin in four); three or more in a row pay by the symbol's value.
 *
 * Band by construction: the three-or-more pays are scaled so the return is at most the band's middle, then the lowest
 * symbol's three-in-a-row pay (the "filler", probability ≤ (9/32)³ < 3 %, the band's width) is raised one step at
 * a time until the return reaches the band's floor: the result lies in [RTP_BAND.low, RTP_BAND.high].
 */
import { fnv1a, mulberry32 } from './seeded-random';

/** The return-to-player band every slot title lies in, in percent. */
export const RTP_BAND = { low: 94, mid: 95.5, high: 97 } as const;
/** Stops on every reel strip. */
export const STRIP_LENGTH = 32;

/** A slot symbol as the screen shows it: id (stored in rounds), English name, glyph. */
export interface SlotSymbolView {
  id: string;
  name: string;
  glyph: string;
}
/** A paytable row: `count` equal symbols in a row from reel 1 pay `multiplier` × stake. */
export interface PaytableRow {
  symbol: string;
  count: number;
  multiplier: number;
}
/** An exact probability or return: numerator / denominator, both integers. */
export interface Fraction {
  numerator: number;
  denominator: number;
}
/** One title's slot: reels, theme, symbols (most valuable first), strips, paytable and exact return to player. */
export interface SlotConfig {
  reels: 3 | 5;
  theme: string;
  symbols: SlotSymbolView[];
  strips: string[][];
  paytable: PaytableRow[];
  rtp: Fraction;
  /** The return to player in percent, rounded to two decimals (what the info panel shows). */
  rtpPercent: number;
}

const s = (id: string, name: string, glyph: string): SlotSymbolView => ({ id, name, glyph });
/** Themed symbol sets, seven symbols each, most valuable first. */
export const SLOT_THEMES: Readonly<Record<string, readonly SlotSymbolView[]>> = {
  fruit: [s('SEVEN', 'Seven', '7️⃣'), s('BAR', 'Bar', 'BAR'), s('BELL', 'Bell', '🔔'), s('GRAPES', 'Grapes', '🍇'),
    s('ORANGE', 'Orange', '🍊'), s('LEMON', 'Lemon', '🍋'), s('CHERRY', 'Cherry', '🍒')],
  ocean: [s('TRIDENT', 'Trident', '🔱'), s('WHALE', 'Whale', '🐋'), s('OCTOPUS', 'Octopus', '🐙'), s('DOLPHIN', 'Dolphin', '🐬'),
    s('FISH', 'Fish', '🐟'), s('CRAB', 'Crab', '🦀'), s('SHELL', 'Shell', '🐚')],
  jewels: [s('DIAMOND', 'Diamond', '💎'), s('CROWN', 'Crown', '👑'), s('RING', 'Ring', '💍'), s('MONEYBAG', 'Money bag', '💰'),
    s('COIN', 'Coin', '🪙'), s('KEY', 'Key', '🔑'), s('STAR', 'Star', '⭐')],
  asia: [s('DRAGON', 'Dragon', '🐉'), s('TIGER', 'Tiger', '🐅'), s('PANDA', 'Panda', '🐼'), s('LANTERN', 'Lantern', '🏮'),
    s('KOI', 'Koi', '🎏'), s('BAMBOO', 'Bamboo', '🎋'), s('PEACH', 'Peach', '🍑')],
  space: [s('ROCKET', 'Rocket', '🚀'), s('PLANET', 'Planet', '🪐'), s('ALIEN', 'Alien', '👽'), s('COMET', 'Comet', '☄️'),
    s('SATELLITE', 'Satellite', '🛰️'), s('MOON', 'Moon', '🌙'), s('STAR', 'Star', '🌟')],
  safari: [s('LION', 'Lion', '🦁'), s('ELEPHANT', 'Elephant', '🐘'), s('RHINO', 'Rhino', '🦏'), s('ZEBRA', 'Zebra', '🦓'),
    s('GIRAFFE', 'Giraffe', '🦒'), s('MONKEY', 'Monkey', '🐒'), s('PAW', 'Paw', '🐾')],
  candy: [s('CAKE', 'Cake', '🎂'), s('LOLLIPOP', 'Lollipop', '🍭'), s('DONUT', 'Donut', '🍩'), s('CANDY', 'Candy', '🍬'),
    s('COOKIE', 'Cookie', '🍪'), s('CHOCOLATE', 'Chocolate', '🍫'), s('ICECREAM', 'Ice cream', '🍦')],
};

/** Words of a title's name that pick its theme (first match wins); other titles get a theme by their game id. */
const THEME_WORDS: readonly [RegExp, string][] = [
  [/pirate|koi|pearl|voyage|frozen/i, 'ocean'],
  [/jewel|gem|crystal|emerald|royal|crown|riches|treasure/i, 'jewels'],
  [/dragon|jade|sakura|samurai|panda|lantern|temple|tiger|empire/i, 'asia'],
  [/cosmic|galaxy|neon|midnight|thunder|nights/i, 'space'],
  [/safari|buffalo|wolves|wild|viking|legends/i, 'safari'],
  [/candy|carnival|sunny|magic|bonanza/i, 'candy'],
  [/fruit|lucky|golden|fortune|blazing/i, 'fruit'],
];
const THEME_ORDER = Object.keys(SLOT_THEMES);

/** Base three-in-a-row pays by symbol rank (most valuable first), before scaling; four and five in a row pay ×4 and ×15 of it. */
const BASE_THREE = [400, 150, 60, 30, 20, 12, 8];

/** How many stops of each symbol (by rank) a reel has: 1, 2, … 7 plus four more spread over ranks 2–7 (the lowest ≤ 9). */
function stopCounts(rand: () => number): number[] {
  const counts = [1, 2, 3, 4, 5, 6, 7];
  for (let extra = 0; extra < STRIP_LENGTH - 28; extra++) {
    let rank = 1 + Math.floor(rand() * 6);
    if (rank === 6 && (counts[6] as number) >= 9) rank = 5;
    counts[rank] = (counts[rank] as number) + 1;
  }
  return counts;
}

/** A strip from its counts, shuffled by the title's PRNG. */
function stripOf(symbols: readonly SlotSymbolView[], counts: readonly number[], rand: () => number): string[] {
  const strip = symbols.flatMap((symbol, rank) => Array.from({ length: counts[rank] as number }, () => symbol.id));
  for (let i = strip.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [strip[i], strip[j]] = [strip[j] as string, strip[i] as string];
  }
  return strip;
}

/**
 * The number of stop combinations (out of Π strip lengths) whose payline is a run of exactly `count` × `symbol`
 * from reel 1: Π_{i<count} c_i · (L_count − c_count) · Π_{i>count} L_i.
 */
export function runWays(strips: readonly (readonly string[])[], symbol: string, count: number): number {
  let ways = 1;
  for (let i = 0; i < strips.length; i++) {
    const strip = strips[i] as readonly string[];
    const on = strip.filter((x) => x === symbol).length;
    ways *= i < count ? on : i === count ? strip.length - on : strip.length;
  }
  return ways;
}

/** The exact return to player of strips and a paytable (closed form; see the module's docstring). */
export function slotRtp(strips: readonly (readonly string[])[], paytable: readonly PaytableRow[]): Fraction {
  const denominator = strips.reduce((d, strip) => d * strip.length, 1);
  const numerator = paytable.reduce((n, row) => n + row.multiplier * runWays(strips, row.symbol, row.count), 0);
  return { numerator, denominator };
}

/** Payout multiplier of a payline under a paytable: the row of the longest run from reel 1, else 0. */
export function paylineMultiplier(paytable: readonly PaytableRow[], line: readonly string[]): number {
  const first = line[0];
  if (first === undefined) return 0;
  let run = 1;
  while (run < line.length && line[run] === first) run++;
  return paytable.find((p) => p.symbol === first && p.count === run)?.multiplier ?? 0;
}

/** The theme of a title: by a word of its name, else by its game id. */
export function slotThemeOf(gameId: string, gameName = ''): string {
  const byName = THEME_WORDS.find(([pattern]) => pattern.test(gameName));
  return byName ? byName[1] : (THEME_ORDER[fnv1a(`theme:${gameId}`) % THEME_ORDER.length] as string);
}

/**
 * The slot configuration of a title (see the module's docstring): reels 3 or 5 and the strips from a PRNG seeded
 * by `gameId`, the theme from `gameName` (else the id). Throws only if the construction broke its own band, which
 * tests/unit/games/slot-config.test.ts checks never happens.
 */
export function slotConfigOf(gameId: string, gameName = ''): SlotConfig {
  const rand = mulberry32(fnv1a(`slot:${gameId}`));
  const reels: 3 | 5 = rand() < 0.5 ? 3 : 5;
  const theme = slotThemeOf(gameId, gameName);
  const symbols = (SLOT_THEMES[theme] ?? SLOT_THEMES.fruit) as readonly SlotSymbolView[];
  const strips = Array.from({ length: reels }, () => stripOf(symbols, stopCounts(rand), rand));
  const jitter = BASE_THREE.map((pay) => Math.max(2, Math.round(pay * (0.8 + 0.4 * rand()))));
  const high: PaytableRow[] = symbols.flatMap((symbol, rank) => {
    const three = jitter[rank] as number;
    return reels === 3 ? [{ symbol: symbol.id, count: 3, multiplier: three }]
      : [{ symbol: symbol.id, count: 5, multiplier: three * 15 }, { symbol: symbol.id, count: 4, multiplier: three * 4 },
        { symbol: symbol.id, count: 3, multiplier: three }];
  });
  const id = (rank: number) => symbols[rank]?.id as string;
  // Small pays that make wins frequent, kept as they are: two in a row of the lower symbols, the lowest one alone.
  const low: PaytableRow[] = reels === 3
    ? [{ symbol: id(4), count: 2, multiplier: 2 }, { symbol: id(5), count: 2, multiplier: 2 }, { symbol: id(6), count: 2, multiplier: 3 },
      { symbol: id(6), count: 1, multiplier: 1 }]
    : [...[3, 4, 5, 6].map((rank) => ({ symbol: id(rank), count: 2, multiplier: 2 })), { symbol: id(6), count: 1, multiplier: 1 }];
  const lowRtp = slotRtp(strips, low);
  const highRtp = slotRtp(strips, high);
  // Scale the other pays towards the band's middle (floors keep the sum at or below it), then top up the filler.
  const factor = ((RTP_BAND.mid / 100) * lowRtp.denominator - lowRtp.numerator) / highRtp.numerator;
  const filler = high.findIndex((row) => row.symbol === id(6) && row.count === 3);
  const scaled = high.map((row) => ({ ...row, multiplier: Math.floor(row.multiplier * factor) }));
  const others = [...low, ...scaled.filter((row, i) => i !== filler && row.multiplier > 0)];
  const fillerRow = scaled[filler] as PaytableRow;
  const rest = slotRtp(strips, others);
  const fillerWays = runWays(strips, fillerRow.symbol, 3);
  const short = RTP_BAND.low * rest.denominator - 100 * rest.numerator;
  fillerRow.multiplier = Math.max(1, Math.ceil(short / (100 * fillerWays)));
  const paytable = [...others, fillerRow].sort((a, b) => b.multiplier - a.multiplier || b.count - a.count);
  const rtp = slotRtp(strips, paytable);
  if (100 * rtp.numerator < RTP_BAND.low * rtp.denominator || 100 * rtp.numerator > RTP_BAND.high * rtp.denominator) {
    throw new Error(`slot ${gameId}: return to player outside its band`);
  }
  return { reels, theme, symbols: symbols.map((x) => ({ ...x })), strips, paytable, rtp, rtpPercent: Math.round((10_000 * rtp.numerator) / rtp.denominator) / 100 };
}

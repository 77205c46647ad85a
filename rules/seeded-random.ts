/**
 * Seeded, deterministic chance for what must come out the same on every run and on both sides: the demo catalogue's
 * generated names and flags (worker/db/seed/demo.ts), each demo title's configuration (./slotConfig.ts,
 * ./demoGames.ts) and the report tools' generated data (scripts/report-data.ts). Never for a game's outcome, which
 * comes from the provably fair stream (./fair.ts) or the platform CSPRNG. No imports, so Node loads it directly.
 */

/** 32-bit FNV-1a of a string: the seeds are keyed by it. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of uniform floats in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

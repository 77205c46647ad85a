/** Uniform integer in [0, max) from the platform CSPRNG (rejection sampling keeps it unbiased). */
export function randomInt(max: number): number {
  if (!Number.isInteger(max) || max <= 0 || max > 2 ** 32) throw new Error('randomInt needs 0 < max <= 2^32');
  const limit = Math.floor(2 ** 32 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/** Uniform integer in [min, max] (both included). */
export function between(min: number, max: number): number {
  return min + randomInt(max - min + 1);
}

import { wireToMinor } from '../../contract/money';

/**
 * Pure rules of the wallet screens (issue 13; player-shell §3 template flags, §4 Balance, §9): amount input,
 * preset amounts, the template switches, and which key names a status. Tested as tables.
 */

/**
 * The amount a player typed → integer minor units, or null when it is not an amount: digits with at most two
 * decimals, "." or "," as the decimal sign (phones offer either), no sign, no grouping.
 */
export function parseAmountInput(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,12}(?:\.\d{0,2})?$/.test(trimmed)) return null;
  try {
    const minor = wireToMinor(trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed);
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

/** Whether an amount is within a method's limits (inclusive). */
export function amountWithin(minor: number | null, min: number, max: number): minor is number {
  return minor !== null && minor >= min && minor <= max;
}

/**
 * The new deposit template's quick amounts: round steps from the minimum up to the maximum, at most six — the
 * minimum, then 1, 2, 5 × powers of ten above it, in whole currency units.
 */
export function depositPresets(minMinor: number, maxMinor: number): number[] {
  const presets = new Set<number>([minMinor]);
  for (let power = 100; presets.size < 6 && power <= maxMinor; power *= 10) {
    for (const step of [1, 2, 5]) {
      const value = step * power;
      if (value > minMinor && value <= maxMinor && presets.size < 6) presets.add(value);
    }
  }
  return [...presets].sort((a, b) => a - b);
}

/** Which member-centre template a site uses (player-shell §3: `mem_cen` "1" selects the new one). */
export function memberCentreTemplate(memCen: unknown): 'new' | 'classic' {
  return memCen === 1 || memCen === '1' ? 'new' : 'classic';
}

/** Which deposit template a site uses (player-shell §3: `dep_func` "1" selects the new deposit/detail template). */
export function depositTemplate(depFunc: unknown): 'new' | 'classic' {
  return depFunc === 1 || depFunc === '1' ? 'new' : 'classic';
}

/** The locale key of a withdrawal status. */
export function withdrawalStatusKey(status: 'pending' | 'approved' | 'paid' | 'rejected' | 'failed') {
  return `wallet.status.${status}` as const;
}

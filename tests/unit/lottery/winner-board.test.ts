import { describe, expect, it, vi } from 'vitest';
import { autoScrolls, scrollDurationMs, WINNER_LIMIT } from '../../../src/lib/winnerBoard';
import { debounce, LANGUAGE_DEBOUNCE_MS } from '../../../src/lib/debounce';

describe('"The winner board scrolls automatically only when there are more than 3 entries" (§9 winner board 20 entries)', () => {
  it.each([
    [0, false, false],
    [3, false, false],
    [4, false, true],
    [20, false, true],
    [20, true, false],
  ])('%i entries, reduced motion %s → scrolls %s', (entries, reduced, scrolls) => {
    expect(autoScrolls(entries, reduced)).toBe(scrolls);
  });

  it('asks for 20 entries and scrolls a longer board for longer, at the same speed', () => {
    expect(WINNER_LIMIT).toBe(20);
    expect(scrollDurationMs(20)).toBe(2 * scrollDurationMs(10));
  });
});

describe('"Vendors are re-fetched on language change (250 ms debounce)"', () => {
  it('runs once, 250 ms after the last change of a burst', () => {
    vi.useFakeTimers();
    const fetchVendors = vi.fn();
    const onLanguage = debounce(fetchVendors, LANGUAGE_DEBOUNCE_MS);
    onLanguage('FR');
    vi.advanceTimersByTime(200);
    onLanguage('JA');
    vi.advanceTimersByTime(249);
    expect(fetchVendors).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchVendors).toHaveBeenCalledExactlyOnceWith('JA');
    onLanguage('EN');
    onLanguage.cancel();
    vi.advanceTimersByTime(1000);
    expect(fetchVendors).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dayFigures, dayOf, daysOf, dayStartMs, EMPTY_COUNTS, gameTotals, rangeTotals } from '../../../rules/reports';
import { csvHref, presetRange } from '../../../src/console/reports/report-view';

describe('report days and figures (docs/back-office.md "Reports")', () => {
  it('days are UTC days; a day that is not real is NaN', () => {
    expect(dayOf(Date.UTC(2026, 1, 28, 23, 59, 59, 999))).toBe('2026-02-28');
    expect(dayOf(Date.UTC(2026, 2, 1))).toBe('2026-03-01');
    expect(dayStartMs('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(dayStartMs('2026-02-29')).toBeNaN();
    expect(dayStartMs('2026-3-1')).toBeNaN();
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysOf('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysOf('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('GGR = bets − wins, NGR = GGR − bonus cost; a range sums its days and averages its active players', () => {
    const a = dayFigures('2026-01-01', { ...EMPTY_COUNTS, betMinor: 10_000, winMinor: 9_000, bonusCostMinor: 300, activePlayers: 3, registrations: 2 });
    const b = dayFigures('2026-01-02', { ...EMPTY_COUNTS, betMinor: 500, winMinor: 2_500, bonusCostMinor: -100, activePlayers: 2 });
    expect([a.ggrMinor, a.ngrMinor, b.ggrMinor, b.ngrMinor]).toEqual([1_000, 700, -2_000, -1_900]);
    expect(rangeTotals([a, b])).toMatchObject({ betMinor: 10_500, winMinor: 11_500, ggrMinor: -1_000, ngrMinor: -1_200, registrations: 2, activePlayersPerDay: 2.5, activePlayersPeak: 3 });
    expect(rangeTotals([])).toMatchObject({ betMinor: 0, activePlayersPerDay: 0, activePlayersPeak: 0 });
  });

  it('game totals per kind or vendor, biggest bets first', () => {
    const rows = [
      { day: '2026-01-01', gameKind: 'slot', vendor: 'A', rounds: 3, betMinor: 300, winMinor: 100, players: 2 },
      { day: '2026-01-01', gameKind: 'crash', vendor: 'A', rounds: 1, betMinor: 900, winMinor: 0, players: 1 },
      { day: '2026-01-02', gameKind: 'slot', vendor: 'B', rounds: 1, betMinor: 100, winMinor: 500, players: 1 },
    ];
    expect(gameTotals(rows, 'gameKind', 2)).toEqual([
      { key: 'crash', rounds: 1, betMinor: 900, winMinor: 0, ggrMinor: 900, playersPerDay: 0.5 },
      { key: 'slot', rounds: 4, betMinor: 400, winMinor: 600, ggrMinor: -200, playersPerDay: 1.5 },
    ]);
    expect(gameTotals(rows, 'vendor', 2).map((v) => [v.key, v.betMinor])).toEqual([['A', 1_200], ['B', 100]]);
  });

  it('the page presets end today (UTC) and the CSV links carry the range', () => {
    const now = Date.UTC(2026, 10, 29, 1, 0);
    expect(presetRange('today', now)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('last31', now)).toEqual({ from: '2026-10-30', to: '2026-11-29' });
    expect(presetRange('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(csvHref({ from: '2026-11-01', to: '2026-11-29' }, 'games')).toBe('/console/api/reports/csv?from=2026-11-01&to=2026-11-29&table=games');
  });
});

import { describe, expect, it } from 'vitest';
import { applySiteSettings, formatSiteSettings, parseProtectionSiteCommand } from '../../../scripts/protection-site-command';
import { parseProtectionCommand } from '../../../scripts/protection-commands';
import { csvCell, csvMoney, defaultStatementPeriod, realityCheckWait, statementFileName } from '../../../rules/statement';

const DEFAULTS = { realityCheckDefault: 60, realityCheckOffAllowed: false, helpLinks: [] };

describe('the operator\'s protection-site command (docs/player-protection.md "Reality checks", "Responsible gambling page")', () => {
  it('parses the reality check default, whether "off" is allowed and https help links', () => {
    expect(parseProtectionCommand(['protection-site', 'DEMO', 'reality-default=30', 'reality-off=allowed', 'help=Help Line|https://help.example/x', 'help=Other|https://other.example'])).toEqual({
      kind: 'site', merchant: 'DEMO', realityCheckDefault: 30, realityCheckOffAllowed: true,
      helpLinks: [{ name: 'Help Line', url: 'https://help.example/x' }, { name: 'Other', url: 'https://other.example/' }],
    });
    expect(parseProtectionSiteCommand(['protection-site', 'DEMO', 'help=none'])).toEqual({ kind: 'site', merchant: 'DEMO', helpLinks: [] });
    expect(parseProtectionSiteCommand(['protection-site', 'DEMO'])).toEqual({ kind: 'site', merchant: 'DEMO' });
  });

  it('refuses other intervals, plain http, script and host-less links, and unknown settings', () => {
    for (const bad of ['reality-default=20', 'reality-off=maybe', 'help=X|http://help.example', 'help=X|javascript:alert(1)', 'help=X|https://localhost', 'help=|https://a.example', 'help=https://a.example', 'colour=red']) {
      expect(() => parseProtectionSiteCommand(['protection-site', 'DEMO', bad]), bad).toThrow();
    }
    expect(() => parseProtectionSiteCommand(['protection-site', 'no such'])).toThrow();
  });

  it('keeps what the command does not change, and refuses a default of "off" where players may not turn it off', () => {
    expect(applySiteSettings(DEFAULTS, { kind: 'site', merchant: 'DEMO', realityCheckDefault: 15 })).toEqual({ ...DEFAULTS, realityCheckDefault: 15 });
    expect(() => applySiteSettings(DEFAULTS, { kind: 'site', merchant: 'DEMO', realityCheckDefault: 0 })).toThrow();
    expect(applySiteSettings(DEFAULTS, { kind: 'site', merchant: 'DEMO', realityCheckDefault: 0, realityCheckOffAllowed: true }).realityCheckDefault).toBe(0);
    expect(formatSiteSettings('DEMO', DEFAULTS)).toContain('default every 60 min, players may not turn them off');
  });
});

describe('statement rules (docs/player-protection.md "Statements")', () => {
  it('writes CSV cells safely and money as plain decimals', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvMoney(-1250)).toBe('-12.50');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(123456)).toBe('1234.56');
  });

  it('names the file by its period and defaults to the first of last month until today', () => {
    expect(statementFileName({ from: '2026-10-01', to: '2026-11-28' })).toBe('statement-2026-10-01-2026-11-28.csv');
    expect(defaultStatementPeriod(Date.UTC(2026, 0, 15, 12))).toEqual({ from: '2025-12-01', to: '2026-01-15' });
  });

  it('waits for a reality check by the server\'s clock, never below zero, and not at all when off', () => {
    expect(realityCheckWait({ dueAt: 10_000, now: 4_000 })).toBe(6_000);
    expect(realityCheckWait({ dueAt: 1_000, now: 4_000 })).toBe(0);
    expect(realityCheckWait({ dueAt: null, now: 4_000 })).toBeNull();
  });
});

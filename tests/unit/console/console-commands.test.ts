import { describe, expect, it } from 'vitest';
import { parseConsoleCommand } from '../../../scripts/console-commands';
import { UsageError } from '../../../scripts/operator-commands';
import { CONSOLE_PERMISSIONS, CONSOLE_ROLES, roleMay, roleNeedsTotp } from '../../../rules/console-roles';

describe('console roles (rules/console-roles.ts)', () => {
  it('lets support, admin and owner use the chat, only owner and admin read the audit log, everyone their session', () => {
    expect(CONSOLE_ROLES.filter((r) => roleMay(r, 'chat.answer'))).toEqual(['owner', 'admin', 'support']);
    expect(CONSOLE_ROLES.filter((r) => roleMay(r, 'audit.read'))).toEqual(['owner', 'admin']);
    expect(CONSOLE_ROLES.every((r) => roleMay(r, 'session'))).toBe(true);
    expect(roleMay('root', 'session')).toBe(false);
    expect(CONSOLE_ROLES.filter(roleNeedsTotp)).toEqual(['owner', 'admin', 'finance']);
    expect(Object.keys(CONSOLE_PERMISSIONS)).toContain('chat.read');
  });
});

describe('console operator commands (scripts/console-commands.ts)', () => {
  it('reads console-operator with role, sites, TOTP reset and reason', () => {
    expect(parseConsoleCommand(['console-operator', 'DEMO', 'Olivia', 'Olivia O', '--role', 'Owner', '--sites', 'DEMO2, DEMO3', '--reset-totp', '--reason', 'new'])).toEqual({
      kind: 'console-operator', merchant: 'DEMO', username: 'olivia', displayName: 'Olivia O', role: 'owner', sites: ['DEMO2', 'DEMO3'], resetTotp: true, reason: 'new',
    });
    expect(parseConsoleCommand(['console-operator', 'DEMO', 'ann', 'Ann'])).toMatchObject({ role: null, sites: null, resetTotp: false });
  });

  it.each([
    [['console-operator', 'DEMO', 'bad name!', 'Ann']],
    [['console-operator', 'DEMO', 'ann', 'Ann', '--role', 'boss']],
    [['console-operator', 'DEMO', 'ann', 'Ann', '--sites', 'a;b']],
    [['console-operator', 'DEMO', 'ann', 'Ann', '--role']],
    [['console-operator', 'DEMO', 'ann']],
    [['audit', 'DEMO', '--colour', 'red']],
    [['audit']],
  ])('refuses %j', (args) => {
    expect(() => parseConsoleCommand(args)).toThrow(UsageError);
  });

  it('reads audit filters and --csv, and leaves other commands alone', () => {
    expect(parseConsoleCommand(['audit', 'DEMO', '--action', 'chat.*', '--from', '2026-01-01', '--csv'])).toEqual({
      kind: 'audit', merchant: 'DEMO', filters: { action: 'chat.*', from: '2026-01-01' }, csv: true,
    });
    expect(parseConsoleCommand(['list'])).toBeNull();
  });
});

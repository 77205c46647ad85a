/**
 * The operator console's roles and what each may do (docs/back-office.md "Roles and sites"). Pure: the worker's
 * console realm checks every call against this table on the server (worker/console/access.ts); a browser may read
 * it to hide what the operator cannot use, never to decide.
 */

/** The roles of a console operator, from the most to the least powerful. */
export const CONSOLE_ROLES = ['owner', 'admin', 'finance', 'support', 'content'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Roles that must sign in with a second factor (TOTP): they can move money or change who may. */
export const TOTP_REQUIRED_ROLES: readonly ConsoleRole[] = ['owner', 'admin', 'finance'];

const ALL: readonly ConsoleRole[] = CONSOLE_ROLES;

/**
 * Which role may do what. `session`: the operator's own session and second factor (every role); `chat.read`:
 * list conversations; `chat.answer`: open, answer and close a conversation; `audit.read`: search and export the
 * audit log of a site; `players.*`: find and read players, act on accounts (suspend, close, reopen, reset, message,
 * notes), ask for and approve manual balance adjustments (approval by a second operator); `money.*`: deposits and
 * the withdrawal queue; `content.*`: banners, notices, popups, promotions, help (evidence: promotion applications'
 * images); `settings.*`: site settings; `reports.read`: the figures; `protection.*`: a player's limits, breaks and
 * exclusions, and setting an exclusion on the player's request; `operators.manage`: the site's operators.
 */
export const CONSOLE_PERMISSIONS = {
  session: ALL,
  'chat.read': ['owner', 'admin', 'support'],
  'chat.answer': ['owner', 'admin', 'support'],
  'audit.read': ['owner', 'admin'],
  // The back office (docs/back-office.md): players, money, content, site settings, reports, protection.
  'players.read': ['owner', 'admin', 'finance', 'support'],
  'players.act': ['owner', 'admin', 'support'],
  'players.adjust': ['owner', 'admin', 'finance'],
  'players.adjust.approve': ['owner', 'finance'],
  'money.read': ['owner', 'admin', 'finance'],
  'money.withdrawals': ['owner', 'admin', 'finance'],
  'content.read': ['owner', 'admin', 'content'],
  'content.write': ['owner', 'admin', 'content'],
  'content.evidence': ['owner', 'admin', 'finance', 'content'],
  'settings.read': ['owner', 'admin'],
  'settings.write': ['owner', 'admin'],
  'reports.read': ['owner', 'admin', 'finance'],
  'protection.read': ['owner', 'admin', 'support'],
  'protection.exclude': ['owner', 'admin', 'support'],
  'operators.manage': ['owner'],
} as const satisfies Record<string, readonly ConsoleRole[]>;
export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

/** Whether `role` may use `permission` (an unknown role may use nothing). */
export function roleMay(role: string, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** Whether the role needs a second factor to sign in. */
export function roleNeedsTotp(role: string): boolean {
  return (TOTP_REQUIRED_ROLES as readonly string[]).includes(role);
}

/** A role name as given (trimmed, lower case), or null when it is not one of CONSOLE_ROLES. */
export function parseConsoleRole(value: string): ConsoleRole | null {
  const role = value.trim().toLowerCase();
  return (CONSOLE_ROLES as readonly string[]).includes(role) ? (role as ConsoleRole) : null;
}

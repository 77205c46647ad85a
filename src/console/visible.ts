/**
 * Which areas of the back office an operator sees (docs/back-office.md "The back office app"): those whose
 * permission the role has (rules/console-roles.ts CONSOLE_PERMISSIONS) and, on a site in upstream mode, only those
 * that exist there (`ConsoleArea.upstream`). This hides menus only: the server checks every call again.
 */
import { roleMay } from '../../rules/console-roles';
import type { ConsoleArea } from './registry';

/** The areas `role` may use, in their order; on an upstream site only the upstream ones. No role: none. */
export function visibleAreas(areas: readonly ConsoleArea[], role: string | null | undefined, upstream: boolean): ConsoleArea[] {
  if (!role) return [];
  return areas.filter((area) => roleMay(role, area.permission) && (!upstream || area.upstream));
}

import type { CallDef } from '../call';
import { consoleContentCalls } from './console-content';
import { consoleReportCalls } from './console-reports';
import { consoleMoneyCalls } from './console-money';
import { supportCalls } from './console-support';
import { consolePlayerCalls } from './console-players';
import { consoleCashierCalls } from './console-cashier';
import { consoleSiteCalls } from './console-site';

/**
 * The back office areas' calls (docs/back-office.md), each area's in its own module
 * `contract/calls/console-<area>.ts` as a record of `defineCall`s with a `console` permission; listed here so
 * `consoleCallList()` (the OpenAPI document and the console API tests) sees them. An area adds one import and one
 * entry.
 */
export const CONSOLE_AREA_CALLS: Record<string, CallDef>[] = [
  consoleContentCalls,
  consoleReportCalls,
  consoleMoneyCalls,
  supportCalls,
  consolePlayerCalls,
  consoleCashierCalls,
  consoleSiteCalls,
];

/**
 * Every area of the back office, in menu order (src/console/registry.ts ConsoleArea). An area adds one import and one
 * entry here.
 */
import type { ConsoleArea } from './registry';
import { auditArea } from './audit';
import { CONTENT_AREAS } from './content';
import { reportsArea } from './reports';
import { moneyArea } from './money';
import { supportArea } from './support';
import { playersArea } from './players';
import { CASHIER_AREAS } from './cashier';
import { siteArea } from './site';

export const CONSOLE_AREAS: ConsoleArea[] = [
  playersArea,
  supportArea,
  moneyArea,
  ...CONTENT_AREAS,
  reportsArea,
  ...CASHIER_AREAS,
  siteArea,
  auditArea,
];

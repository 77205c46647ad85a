/**
 * Every area of the back office, in menu order (src/console/registry.ts ConsoleArea). An area adds one import and one
 * entry here.
 */
import type { ConsoleArea } from './registry';
import { auditArea } from './audit';
import { CONTENT_AREAS } from './content';
import { reportsArea } from './reports';

import { moneyArea } from './money';

export const CONSOLE_AREAS: ConsoleArea[] = [
  moneyArea,
  ...CONTENT_AREAS,
  reportsArea,
  auditArea,
];

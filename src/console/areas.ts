/**
 * Every area of the back office, in menu order (src/console/registry.ts ConsoleArea). An area adds one import and one
 * entry here.
 */
import type { ConsoleArea } from './registry';
import { auditArea } from './audit';
import { supportArea } from './support';

export const CONSOLE_AREAS: ConsoleArea[] = [
  auditArea,
  supportArea,
];

/**
 * Every area of the back office, in menu order (src/console/registry.ts ConsoleArea). An area adds one import and one
 * entry here.
 */
import type { ConsoleArea } from './registry';
import { auditArea } from './audit';
import { playersArea } from './players';

export const CONSOLE_AREAS: ConsoleArea[] = [
  playersArea,
  auditArea,
];

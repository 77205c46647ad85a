/**
 * The back office's Reports area (docs/back-office.md "Reports"): one page, `/console/reports`, for operators with
 * `reports.read` (owner, admin, finance). Built-in mode only: in upstream mode the platform keeps players and money.
 */
import type { ConsoleArea } from '../registry';
import { ReportsPage } from './ReportsPage';

export const reportsArea: ConsoleArea = {
  name: 'reports',
  permission: 'reports.read',
  upstream: false,
  pages: [{ path: 'reports', label: 'Reports', element: <ReportsPage /> }],
};

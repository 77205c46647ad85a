/**
 * The back office's Site area (docs/back-office.md "Site"): one page, `/console/site`, for operators with
 * `settings.read` (owner, admin; changes need `settings.write`, checked again by the server): the site's switches,
 * maintenance and its texts, restricted regions, brand and theme, and domains — the operator command's changes, each
 * with a reason kept in the audit log. Shown in upstream mode too: PlayDeck keeps the sites and their switches.
 */
import type { ConsoleArea } from '../registry';
import { SitePage } from './SitePage';

export const siteArea: ConsoleArea = {
  name: 'site',
  permission: 'settings.read',
  upstream: true,
  pages: [{ path: 'site', label: 'Site', element: <SitePage /> }],
};

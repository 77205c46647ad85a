import type { ConsoleArea } from '../registry';
import { announcementResource } from './AnnouncementViews';
import { helpResource } from './HelpViews';
import { applicationsResource } from './Applications';

/**
 * The Content area of the back office (docs/back-office.md "Content"): banners, notices, popups, promotions and help
 * (content.read to see, content.write to change — the server checks every call), and beside it the promotion
 * applications with their evidence images (content.evidence, which finance has too). Built-in mode only: in
 * upstream mode the platform serves the content (`upstream: false`).
 */
export const contentArea: ConsoleArea = {
  name: 'content',
  permission: 'content.read',
  upstream: false,
  resources: [
    announcementResource('banners'), announcementResource('notices'), announcementResource('popups'), announcementResource('promotions'),
    helpResource,
  ],
};

/** Promotion applications and their evidence images: their own menu entry for every role with content.evidence (finance too). */
export const evidenceArea: ConsoleArea = { name: 'applications', permission: 'content.evidence', upstream: false, resources: [applicationsResource] };

/** The content areas, in menu order (src/console/areas.ts spreads them). */
export const CONTENT_AREAS: ConsoleArea[] = [contentArea, evidenceArea];

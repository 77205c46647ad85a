import type { AnnouncementGroups } from '../../../contract/calls/content-schemas';
import { listAnnouncements, type AnnouncementFilter } from '../../db/queries/announcements';

/**
 * Who reads the announcement list and what they ask for (platform-contract.md §2 `MCSFE_getListAnnouncements`):
 * the site, the list's filters (types, group, execution, linkage type) and the member, if any (null: a visitor).
 * One object, so a lookup that grows a parameter (the reader's language, say) adds a field, not a position.
 */
export interface AnnouncementListRequest {
  merchantCode: string;
  filter: AnnouncementFilter;
  /** The signed-in member (their `read` and application state are joined), or null for a visitor. */
  memberId: number | null;
  /** The reader's language (an upper-case code): texts in it where the operator gave one, else the default text. */
  language: string;
}

/**
 * The announcement list's answer (platform-contract.md §2; accounts §2 Announcement popup, Home announcement bar and
 * banners, Promotions list): the site's published announcements of the requested types (db/queries/announcements.ts
 * listAnnouncements: within their window, promotions also before their start, content sanitised), grouped as the
 * platform answers them — `banners` (B), `player` (A, PL), `popup` (PU), `promotion` (PR); `hot` stays empty (the
 * built-in API has no hot announcements). A visitor (memberId null) gets `read: false` everywhere. Called by the
 * announcement routes (worker/api/announcements.ts) and, in built-in mode, by the edge's fills of home's banners and
 * notices and of the promotions pages (docs/edge.md "Where a fill's data comes from"). `now`: epoch ms (tests).
 */
export async function announcementList(db: D1Database, request: AnnouncementListRequest, now = Date.now()): Promise<AnnouncementGroups> {
  const items = await listAnnouncements(db, request.merchantCode, request.filter, request.memberId, request.language, now);
  return {
    banners: items.filter((a) => a.type === 'B'),
    player: items.filter((a) => a.type === 'A' || a.type === 'PL'),
    popup: items.filter((a) => a.type === 'PU'),
    promotion: items.filter((a) => a.type === 'PR'),
    hot: [],
  };
}

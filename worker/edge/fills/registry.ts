import type { Language } from '../../../rules/i18n';
import type { ContentFill } from './content';
import { contentFill } from './content';
import type { ApiFetch, DirectSource } from './api';
import { listFill } from './list';
import { appFill } from './app';
import { homeFill } from './home';
import { registerFill } from './register';

/** What a fill gets for one page view (pages/pages.ts builds it). */
export interface FillRequest {
  url: URL;
  language: Language;
  merchantCode: string;
  /** Visitor answers kept per isolate for SITE_CACHE_SECONDS (fills/api.ts withAnswerCache). */
  kept: ApiFetch;
  /** Asked on every request; the last good answer stands in for a failed call. */
  everyTime: ApiFetch;
  /**
   * Built-in mode: the database the fills with a direct source read (fills/api.ts directValue), with the kept
   * answers' lifetime (SITE_CACHE_SECONDS, ms); null in upstream mode (every fill fetches).
   */
  direct: DirectSource | null;
  /** The capabilities written into `<html data-capabilities>`. */
  capabilities: readonly string[];
  /** Module ids of the site switches that are on. */
  switches: readonly string[];
  userAgent: string;
}

/** One page's fill: its data and its rendering; null: nothing to write (the page stays as built). */
export type Fill = (request: FillRequest) => Promise<ContentFill | null>;

/** `direct` read on every request (the operator's texts: an edit shows at once), its last good value still kept. */
const everyTime = (direct: DirectSource | null): DirectSource | null => (direct ? { ...direct, cacheMs: 0 } : null);

/**
 * The registry: route id (rules/routes.ts) → the fill the edge writes into that page (docs/design.md "The edge
 * renders each island once"). Home's operator content (banners, notices) is written beside its fill
 * (fills/home-content.ts). The operator's texts (help, promotions) and the lottery's count-downs are read on every
 * request; the rest through the kept answers.
 */
export const FILLS: Readonly<Record<string, Fill>> = {
  home: (r) => homeFill(r.url, r.language, r.merchantCode, r.kept, r.direct),
  gameList: (r) => listFill('gameList', r.url, r.language, r.merchantCode, r.kept, r.direct, r.capabilities),
  lottery: (r) => listFill('lottery', r.url, r.language, r.merchantCode, r.everyTime, everyTime(r.direct), r.capabilities),
  register: (r) => registerFill(r.url, r.language, r.merchantCode, r.kept, r.direct, r.switches),
  app: (r) => appFill(r.url, r.language, r.merchantCode, r.kept, r.direct, r.userAgent),
  help: (r) => contentFill('help', r.url, r.language, r.merchantCode, r.everyTime, everyTime(r.direct)),
  helpDetail: (r) => contentFill('helpDetail', r.url, r.language, r.merchantCode, r.everyTime, everyTime(r.direct)),
  activity: (r) => contentFill('activity', r.url, r.language, r.merchantCode, r.everyTime, everyTime(r.direct)),
  activityDetail: (r) => contentFill('activityDetail', r.url, r.language, r.merchantCode, r.everyTime, everyTime(r.direct)),
};

/** The fill of page `pageId`, or null when the edge writes nothing into it. */
export function fillFor(pageId: string): Fill | null {
  return Object.hasOwn(FILLS, pageId) ? FILLS[pageId]! : null;
}

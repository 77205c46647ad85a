import { systemCalls, systemStatusValue } from '../../../contract/calls/system';
import {
  detectDevice, downloadLinks, needsSafari, opensInSameTab, PROFILE_NOTICE_MS, showsLegacyIosHint, type Device, type Resource,
} from '../../../rules/download';
import type { Language } from '../../../rules/i18n';
import type { ContentFill } from './content';
import { safeDownloadUrl } from '../../../rules/download';
import { directValue, fingerprintOf, valueOf, visitorHeaders, type ApiFetch, type DirectSource } from './api';
import { listResources } from '../../db/queries/settings';
import { decodeAttribute, escapeHtml } from './content-html';

/**
 * /m/app, the app download page (player-shell §2 /m/app and Download prompts, §4 Download bar, §8), written by the
 * edge into the pre-rendered page: the site's Android, iOS and iOS-profile links from the status resources, as plain
 * links (they work without script), with the notes the player's phone needs — 'Please use Safari for download App.'
 * on iOS outside Safari, the legacy-iOS hint for iOS 11 or lower and 12.0 to 12.1 — read from the request's
 * User-Agent, the same reading the browser makes (rules/download.ts detectDevice), so nothing appears or moves
 * when script runs. The page's own script adds the 4-second notice before a profile download (src/views/App.astro).
 */

/** Interface texts of the links, read from the placeholder's `data-*` attributes (translated at build time). */
export interface AppLinkTexts {
  android: string;
  ios: string;
  profile: string;
  profileHint: string;
  useSafari: string;
  legacyIos: string;
  none: string;
  newTab: string;
}

const TEXT_NAMES: readonly (keyof AppLinkTexts)[] = ['android', 'ios', 'profile', 'profileHint', 'useSafari', 'legacyIos', 'none', 'newTab'];

/** The status resources whose address the page may link to. */
function linkable(resources: readonly Resource[]): Resource[] {
  return resources.flatMap((r) => {
    const url = safeDownloadUrl(r.url);
    return url ? [{ ...r, url }] : [];
  });
}

/** One download link: same tab for .apk/.ipa, else a new tab that says so to assistive technology. */
function link(url: string, label: string, texts: AppLinkTexts, extra = ''): string {
  const sameTab = opensInSameTab(url);
  return `<a class="btn btn-primary btn-download" href="${escapeHtml(url)}"${sameTab ? '' : ' target="_blank" rel="noopener noreferrer"'}${extra}>`
    + `${escapeHtml(label)}${sameTab ? '' : `<span class="visually-hidden"> (${escapeHtml(texts.newTab)})</span>`}</a>`;
}

/**
 * The links' markup (the page shows every link, player-shell §2 /m/app): the phone's notes, then Android, iOS and the
 * profile with its hint; a site without links says so. The profile link carries `data-profile-link` (the notice's
 * length in ms: the page's script shows the notice, then opens the profile) and, on iOS outside Safari,
 * `data-safari-only` (the script shows only the Safari notice).
 */
export function appLinksMarkup(resources: readonly Resource[], device: Device, texts: AppLinkTexts): string {
  const links = downloadLinks(linkable(resources));
  const blocked = device.os === 'ios' && needsSafari(device);
  const profileMarks = ` data-profile-link="${PROFILE_NOTICE_MS}"${blocked ? ' data-safari-only' : ''}`;
  const note = (text: string) => `<p class="download-warning" role="note">${escapeHtml(text)}</p>`;
  const items = [
    links.android ? `<li>${link(links.android, texts.android, texts)}</li>` : '',
    links.ios ? `<li>${link(links.ios, texts.ios, texts)}</li>` : '',
    links.profile ? `<li>${link(links.profile, texts.profile, texts, profileMarks)}<p class="download-note">${escapeHtml(texts.profileHint)}</p></li>` : '',
  ].join('');
  return (blocked ? note(texts.useSafari) : '')
    + (device.os === 'ios' && showsLegacyIosHint(device.iosVersion) ? note(texts.legacyIos) : '')
    + (items === '' ? `<p class="muted">${escapeHtml(texts.none)}</p>` : `<ul class="download-links">${items}</ul>`);
}

/** The resources of a status answer's `value`, lenient on everything else (items without a type or address are left out). */
export function resourcesOf(value: unknown): Resource[] | null {
  const info = (value as { info?: { resources?: unknown } } | null)?.info;
  if (!info || !Array.isArray(info.resources)) return null;
  return info.resources.flatMap((r: unknown) => {
    const { resourceType, url, labelNameEn } = (r ?? {}) as Record<string, unknown>;
    return typeof resourceType === 'string' && typeof url === 'string'
      ? [{ resourceType, url, labelNameEn: typeof labelNameEn === 'string' ? labelNameEn : '' }]
      : [];
  });
}

/**
 * The status answer's resources as their own value (what the app page reads of the status call): the direct read is
 * kept under this name and shaped by this part of the call's schema.
 */
const STATUS_RESOURCES = { name: `${systemCalls.systemStatus.name}.resources`, value: systemStatusValue.shape.info.shape.resources };

/**
 * The site's status resources through the status call the browser makes (platform-contract.md §2, GET
 * /wps/v2/system/status, device MOBILE, as a visitor in `language`), sent through the worker itself so upstream
 * mode reads the platform; null when the call failed. In built-in mode (`direct`) the query the status service reads
 * them with (db/queries/settings.ts listResources; services/content/system-status.ts systemStatus, which the route
 * calls), without the rest of the status: the visitor's IP and region, the customer-service paths and the switch tree
 * are no part of the page, and a value kept per isolate must not hold one visitor's address.
 */
async function statusResources(
  api: ApiFetch, direct: DirectSource | null, url: URL, language: Language, merchantCode: string,
): Promise<Resource[] | null> {
  if (direct) return directValue(direct, STATUS_RESOURCES, merchantCode, (db) => listResources(db, merchantCode));
  const statusUrl = new URL(systemCalls.systemStatus.path, url.origin);
  statusUrl.search = new URLSearchParams({ device: 'MOBILE', originalDomain: url.hostname, url: url.host }).toString();
  return resourcesOf(await valueOf(api, statusUrl, visitorHeaders(merchantCode, language, 'COMM3')));
}

/**
 * The fill of /m/app (see the module's comment): `[data-fill=app-links]` gets the links for the request's site
 * (kept for the kept answers' lifetime, read directly in built-in mode: statusResources) and the notes for its
 * User-Agent; the fingerprint covers both (the answer varies by User-Agent). Null when the call
 * failed: the page keeps its pre-rendered text (an error with a link that loads the page again).
 */
export async function appFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null, userAgent: string,
): Promise<ContentFill | null> {
  const resources = await statusResources(api, direct, url, language, merchantCode);
  if (!resources) return null;
  const device = detectDevice(userAgent, false);
  const shown = linkable(resources);
  const facts = [downloadLinks(shown), device.os, needsSafari(device), showsLegacyIosHint(device.iosVersion)];
  return {
    fingerprint: fingerprintOf(facts),
    vary: 'User-Agent',
    apply: (rewriter) => rewriter.on('[data-fill="app-links"]', {
      element: (element) => {
        const texts = Object.fromEntries(TEXT_NAMES.map((name) => {
          const attribute = `data-${name.toLowerCase()}`;
          const text = decodeAttribute(element.getAttribute(attribute) ?? '');
          element.removeAttribute(attribute);
          return [name, text];
        }));
        element.setInnerContent(appLinksMarkup(shown, device, texts as unknown as AppLinkTexts), { html: true });
        element.setAttribute('data-filled', '');
      },
    }),
  };
}

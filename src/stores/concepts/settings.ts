import { atom, computed, onMount } from 'nanostores';
import { getConsolidatedSettings, getSystemStatus, type SystemStatusValue } from '../../api/system';
import { ApiRequestError } from '../../api/client';
import { systemStatusValue } from '../../../contract/calls/system';
import { STATUS_STORAGE_KEY, statusNeedsReload, statusQuery } from '../../lib/status';
import { hasOwnSwitches, hasOwnTemplates, readSiteSettings, type SiteSettings } from '../../lib/siteSettings';
import { pageSwitches, writePageSwitches } from '../../lib/switchGate';
import { flattenWhitelabel } from '../../../rules/whitelabel';
import './session'; // connects the API client to the session (src/api imports no store)

export type { SiteSettings };

/**
 * Site settings (player-shell §1 white-label flags: switches, promotions, templates, currency), fetched once per
 * page when first needed and read tolerantly (src/lib/siteSettings.ts: the platform's consolidated answer lacks the
 * switches, which then come from the status answer and the page); null until known or after a failure.
 */
export const $settings = atom<SiteSettings | null>(null);

/**
 * True when the settings could not be loaded or their answer did not fit (screens that need them show their error
 * state with "try again": retrySettings); false while loading or once known.
 */
export const $settingsFailed = atom(false);

/**
 * System status (player-shell §3, §4 App status): read from the local cache `status` first, then refreshed in the
 * background; null until either is known.
 */
export const $status = atom<SystemStatusValue | null>(null);

/**
 * True when the status could not be loaded (or did not fit, hasStatusShape) and no cached status stands in:
 * screens built on it show their error state with "try again" (retryStatus).
 */
export const $statusFailed = atom(false);

/** The status answer's whitelabel tree flattened to modId → on/off (rules/whitelabel.ts); {} until known. */
export const $statusSwitches = computed($status, (status) => flattenWhitelabel(status?.info.whitelabel));

/** Session storage flag: the page already reloaded once for a gate, so a disagreeing edge cannot loop it. */
const GATE_RELOAD_KEY = 'statusReload';

/**
 * The cached status, when it has today's shape (an older cache, e.g. a flat whitelabel map, is ignored). The
 * browser carries no zod (contract/schema-stub.ts), so the parts the pages read are checked here by hand.
 */
function readCachedStatus(): SystemStatusValue | null {
  try {
    const raw = localStorage.getItem(STATUS_STORAGE_KEY);
    const parsed = raw ? systemStatusValue.safeParse(JSON.parse(raw)) : null;
    return parsed?.success && hasStatusShape(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The status fields the pages rely on (the whitelabel tree, customer service, templates, register rules,
 * resources, the gates): what `systemStatusValue` requires of them, checked without zod.
 */
export function hasStatusShape(value: unknown): value is SystemStatusValue {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value) || !isObject(value.info)) return false;
  const { info } = value;
  return Array.isArray(info.whitelabel) && Array.isArray(info.customerService) && Array.isArray(info.resources)
    && isObject(info.mobileTemplate) && isObject(info.register) && isObject(info.paths)
    && typeof value.maintenance === 'boolean' && typeof value.regionRestriction === 'boolean';
}

/** Reloads the page once for a gate (the edge then answers the gate page); the flag stops a loop. */
function reloadOnceForGate(): void {
  if (sessionStorage.getItem(GATE_RELOAD_KEY)) return;
  sessionStorage.setItem(GATE_RELOAD_KEY, '1');
  window.location.reload();
}

/** The status for the settings' missing parts: the one known, else a fresh one (null when that fails too). */
async function statusForSettings(): Promise<SystemStatusValue | null> {
  const known = $status.get() ?? readCachedStatus();
  if (known) return known;
  await refreshStatus();
  return $status.get();
}

/**
 * Fetches the consolidated settings (GET /wps/system/settings/consolidated, platform-contract.md §3), reads them
 * tolerantly (src/lib/siteSettings.ts readSiteSettings) and writes their switches into the page
 * (src/lib/switchGate.ts). An answer without switches or templates (the platform's) completes them from the status
 * answer (§2 `info.whitelabel`, `info.mobileTemplate`) and the page's switches. A failed call or an answer that does
 * not fit sets $settingsFailed and keeps the last settings (entries needing a switch follow the page's switches).
 */
export async function refreshSettings(): Promise<void> {
  $settingsFailed.set(false);
  try {
    const answer: unknown = await getConsolidatedSettings();
    const status = hasOwnSwitches(answer) && hasOwnTemplates(answer) ? null : await statusForSettings();
    const settings = readSiteSettings(answer, {
      whitelabel: status?.info.whitelabel, mobileTemplate: status?.info.mobileTemplate, pageSwitches: pageSwitches(),
    });
    if (!settings) {
      console.warn('site settings: the consolidated answer does not fit its contract schema');
      $settingsFailed.set(true);
      return;
    }
    $settings.set(settings);
    writePageSwitches(settings.switches);
  } catch {
    // offline or refused: keep the last answer
    $settingsFailed.set(true);
  }
}

/** Asks for the settings again (the "try again" of a screen in its error state). */
export function retrySettings(): Promise<void> {
  return refreshSettings();
}

/**
 * Fetches the status (GET /wps/v2/system/status with the mobile client's query, platform-contract.md §2) and
 * caches it under `status`. When the fresh status says maintenance or region restriction on a normal page, the
 * page reloads once so the edge answers with the gate page. `domain_not_available` (no site on this domain) also
 * reloads once: the edge answers such a domain with its dedicated "site not configured" page.
 */
export async function refreshStatus(): Promise<void> {
  $statusFailed.set(false);
  try {
    const status: unknown = await getSystemStatus(statusQuery(window.location));
    if (!hasStatusShape(status)) {
      console.warn('system status: the answer does not fit its contract schema');
      if (!$status.get()) $statusFailed.set(true);
      return;
    }
    $status.set(status);
    try {
      localStorage.setItem(STATUS_STORAGE_KEY, JSON.stringify(status));
    } catch {
      // storage full or unavailable: the fresh answer is still used
    }
    const route = document.body.dataset.route ?? '';
    if (statusNeedsReload(status, route)) reloadOnceForGate();
    else sessionStorage.removeItem(GATE_RELOAD_KEY);
  } catch (error) {
    if (error instanceof ApiRequestError && error.errorCode === 'domain_not_available') reloadOnceForGate();
    // otherwise keep the cached status; without one the screens built on it show their error state
    if (!$status.get()) $statusFailed.set(true);
  }
}

/** Asks for the status again (the "try again" of a screen in its error state). */
export function retryStatus(): Promise<void> {
  return refreshStatus();
}

onMount($settings, () => {
  if (typeof window === 'undefined') return;
  void refreshSettings();
});

onMount($status, () => {
  if (typeof window === 'undefined') return;
  const cached = readCachedStatus();
  if (cached) $status.set(cached);
  void refreshStatus();
});

import { atom, computed, onMount } from 'nanostores';
import { getConsolidatedSettings, getSystemStatus, type ConsolidatedSettingsValue, type SystemStatusValue } from '../api/system';
import { ApiRequestError } from '../api/client';
import { systemStatusValue } from '../contract/calls/system';
import { STATUS_STORAGE_KEY, statusNeedsReload, statusQuery } from '../lib/status';
import { writePageSwitches } from '../lib/switchGate';
import { flattenWhitelabel } from '../lib/whitelabel';

/**
 * Site settings (consolidated settings: switches, promotions, templates), fetched once per page when first
 * needed; null until the answer arrives (player-shell §1 white-label flags).
 */
export const $settings = atom<ConsolidatedSettingsValue | null>(null);

/**
 * System status (player-shell §3, §4 App status): read from the local cache `status` first, then refreshed in the
 * background; null until either is known.
 */
export const $status = atom<SystemStatusValue | null>(null);

/** The status answer's whitelabel tree flattened to modId → on/off (src/lib/whitelabel.ts); {} until known. */
export const $statusSwitches = computed($status, (status) => flattenWhitelabel(status?.info.whitelabel));

/** Session storage flag: the page already reloaded once for a gate, so a disagreeing edge cannot loop it. */
const GATE_RELOAD_KEY = 'statusReload';

/**
 * The cached status, when it has today's shape (an older cache, e.g. a flat whitelabel map, is ignored). The
 * browser carries no zod (src/contract/schema-stub.ts), so the parts the pages read are checked here by hand.
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

/**
 * Fetches the consolidated settings and writes their switches into the page (src/lib/switchGate.ts); a failure
 * keeps what we had (entries needing a switch stay hidden).
 */
export async function refreshSettings(): Promise<void> {
  try {
    const settings = await getConsolidatedSettings();
    $settings.set(settings);
    writePageSwitches(settings.switches);
  } catch {
    // offline or refused: keep the last answer
  }
}

/**
 * Fetches the status (GET /wps/v2/system/status with the mobile client's query, platform-contract.md §2) and
 * caches it under `status`. When the fresh status says maintenance or region restriction on a normal page, the
 * page reloads once so the edge answers with the gate page. `domain_not_available` (no site on this domain) also
 * reloads once: the edge answers such a domain with its dedicated "site not configured" page.
 */
export async function refreshStatus(): Promise<void> {
  try {
    const status = await getSystemStatus(statusQuery(window.location));
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
    // otherwise keep the cached status
  }
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

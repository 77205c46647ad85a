import { atom, onMount } from 'nanostores';
import { getConsolidatedSettings, getSystemStatus } from '../api/calls';
import type { ConsolidatedSettingsValue, SystemStatusValue } from '../api/types';
import { STATUS_STORAGE_KEY, statusNeedsReload } from '../lib/status';
import { writePageSwitches } from '../lib/switchGate';

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

/** Session storage flag: the page already reloaded once for a gate, so a disagreeing edge cannot loop it. */
const GATE_RELOAD_KEY = 'statusReload';

function readCachedStatus(): SystemStatusValue | null {
  try {
    const raw = localStorage.getItem(STATUS_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as SystemStatusValue) : null;
    return value && typeof value === 'object' && value.info ? value : null;
  } catch {
    return null;
  }
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
 * Fetches the status and caches it. When the fresh status says maintenance or region restriction on a normal
 * page, the page reloads once so the edge answers with the gate page.
 */
export async function refreshStatus(): Promise<void> {
  try {
    const status = await getSystemStatus();
    $status.set(status);
    try {
      localStorage.setItem(STATUS_STORAGE_KEY, JSON.stringify(status));
    } catch {
      // storage full or unavailable: the fresh answer is still used
    }
    const route = document.body.dataset.route ?? '';
    if (statusNeedsReload(status, route) && !sessionStorage.getItem(GATE_RELOAD_KEY)) {
      sessionStorage.setItem(GATE_RELOAD_KEY, '1');
      window.location.reload();
    } else if (!statusNeedsReload(status, route)) {
      sessionStorage.removeItem(GATE_RELOAD_KEY);
    }
  } catch {
    // keep the cached status
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

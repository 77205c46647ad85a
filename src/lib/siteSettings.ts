import { flattenWhitelabel } from '../../rules/whitelabel';
import type { WhitelabelNode } from '../../contract/calls/system';

/**
 * The site settings the pages read (player-shell §1 white-label flags, §3 templates), in one shape whichever API
 * answered. The consolidated-settings call (platform-contract.md §3: shape not found) answers the platform's
 * `{ merchantCode, currency, promotion, mobileTemplate }`; PlayDeck's built-in API adds `name`, `currencySymbol`,
 * `theme` and a flat `switches` map (contract/calls/system.ts consolidatedSettingsValue). What the answer lacks
 * is taken from the calls the platform has and from the page:
 * - switches: the answer's `switches`, else the status answer's whitelabel tree (§2 `info.whitelabel`, flattened
 *   to modId → on/off) over the switches the edge wrote into the page (`<html data-switches>`, the site's own
 *   settings: a module the platform's tree does not name keeps the site's setting);
 * - templates: the answer's `mobileTemplate`, else the status answer's (§2 `info.mobileTemplate`), "1" → 1;
 * - promotions: the answer's `promotion` entries that read as a flag (`{ enabled }`, a boolean or "1"/"0");
 * - currency symbol: the answer's, else the narrow symbol of its currency code (Intl), else "".
 */
export interface SiteSettings {
  merchantCode: string;
  /** The site's display name ("" when the platform does not say). */
  name: string;
  /** ISO 4217 code of the site's currency. */
  currency: string;
  currencySymbol: string;
  /** Module id → on/off (accounts §3 site switches). */
  switches: Readonly<Record<string, boolean>>;
  /** Promotion key (REFERRAL, MISSION, LOGIN, …) → on/off. */
  promotions: Readonly<Record<string, { enabled: boolean }>>;
  /** Template flags: `mem_cen` 1 = the new member centre, `dep_func` 1 = the new deposit template. */
  templates: { mem_cen: 0 | 1; dep_func: 0 | 1 };
}

/** What the browser knows besides the consolidated answer: the status answer's parts and the page's switches. */
export interface SettingsFallback {
  /** The status answer's `info.whitelabel` tree (§2), when known. */
  whitelabel?: unknown;
  /** The status answer's `info.mobileTemplate` (§2), when known. */
  mobileTemplate?: unknown;
  /** The switches the edge wrote into the page (src/lib/switchGate.ts pageSwitches), when any. */
  pageSwitches?: Readonly<Record<string, boolean>> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A flag as the platform writes it: true, 1, "1" (or `{ enabled: true }` for promotions); null when unreadable. */
function readFlag(value: unknown): boolean | null {
  if (isRecord(value)) return typeof value.enabled === 'boolean' ? value.enabled : readFlag(value.enabled);
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  return null;
}

/** The flat switch map of a `switches` value, or null when it is not a map of booleans. */
function readSwitchMap(value: unknown): Record<string, boolean> | null {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, on]) => typeof on === 'boolean') ? (Object.fromEntries(entries) as Record<string, boolean>) : null;
}

/** `{ mem_cen, dep_func }` of a mobileTemplate value (strings "1"/"0" or numbers), or null when it is not an object. */
function readTemplates(value: unknown): SiteSettings['templates'] | null {
  if (!isRecord(value)) return null;
  return { mem_cen: readFlag(value.mem_cen) === true ? 1 : 0, dep_func: readFlag(value.dep_func) === true ? 1 : 0 };
}

/** The narrow symbol of an ISO 4217 code ("$" for USD), or "" for a code Intl does not know. */
export function currencySymbolOf(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? '';
  } catch {
    return '';
  }
}

/** True when the answer carries its own switches (the built-in API's); else the status answer is needed for them. */
export function hasOwnSwitches(value: unknown): boolean {
  return isRecord(value) && readSwitchMap(value.switches) !== null;
}

/** True when the answer carries its own template flags; else the status answer's are used. */
export function hasOwnTemplates(value: unknown): boolean {
  return isRecord(value) && isRecord(value.mobileTemplate);
}

/**
 * Reads a consolidated-settings answer (see SiteSettings) with what the browser knows besides. Null when the answer
 * does not fit even a tolerant read: not an object, or no string `merchantCode` and `currency` (the fields the
 * platform's and the built-in answers both carry); the screens then show their error state. Pure.
 */
export function readSiteSettings(value: unknown, fallback: SettingsFallback = {}): SiteSettings | null {
  if (!isRecord(value) || typeof value.merchantCode !== 'string' || typeof value.currency !== 'string') return null;
  const own = readSwitchMap(value.switches);
  const tree = Array.isArray(fallback.whitelabel) ? flattenWhitelabel(fallback.whitelabel as WhitelabelNode[]) : {};
  const switches = own ?? { ...(fallback.pageSwitches ?? {}), ...tree };
  const promotions: Record<string, { enabled: boolean }> = {};
  if (isRecord(value.promotion)) {
    for (const [key, entry] of Object.entries(value.promotion)) {
      const on = readFlag(entry);
      if (on !== null) promotions[key] = { enabled: on };
    }
  }
  const templates = readTemplates(value.mobileTemplate) ?? readTemplates(fallback.mobileTemplate) ?? { mem_cen: 0, dep_func: 0 };
  return {
    merchantCode: value.merchantCode,
    name: typeof value.name === 'string' ? value.name : '',
    currency: value.currency,
    currencySymbol: typeof value.currencySymbol === 'string' ? value.currencySymbol : currencySymbolOf(value.currency),
    switches,
    promotions,
    templates,
  };
}

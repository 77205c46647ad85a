/**
 * Site switches (accounts §3) known before any script runs. One build serves every site, so the pre-rendered HTML
 * cannot know a site's switches; the edge writes the switches that are on into `<html data-switches="…">`
 * (worker/edge/pages/site.ts). Parts of a page gated by one of GATED_SWITCHES are pre-rendered with
 * `data-switch="<id>"`, and src/styles/switches.css hides them while that switch is off: the page has its
 * final layout at first paint (no layout shift when the settings call answers). After hydration the islands
 * read the same attribute (pageSwitches) until the consolidated settings arrive; their answer is fresher (the
 * edge may cache a site's switches for SITE_CACHE_SECONDS), so it is written back into the attribute
 * (writePageSwitches) and the stylesheet follows it.
 */

/** Switches whose parts are pre-rendered and shown or hidden by the stylesheet. */
export const GATED_SWITCHES = ['MOBILEVERCODELOGIN3', 'FREEPLAY3', 'FACEBOOKLOGIN3', 'GOOGLELOGIN3'] as const;
/** One of GATED_SWITCHES. */
export type GatedSwitch = (typeof GATED_SWITCHES)[number];

/** The attribute that shows an element only while switch `id` is on (before the settings call answers too). */
export function gatedBy(id: GatedSwitch): { 'data-switch': GatedSwitch } {
  return { 'data-switch': id };
}

/**
 * Reads the switches the edge wrote into a `data-switches` value: each listed module id is on; unlisted ones are
 * off. Null when there is no such value (the page did not come through the edge).
 */
export function parseSwitchList(value: string | null | undefined): Record<string, boolean> | null {
  if (value === null || value === undefined) return null;
  const ids = value.split(/\s+/).filter((id) => /^[A-Z0-9_]{1,40}$/.test(id));
  return Object.fromEntries(ids.map((id) => [id, true]));
}

/** The switches of this page's site as the edge wrote them, or null (not in a browser, or no edge markup). */
export function pageSwitches(): Record<string, boolean> | null {
  if (typeof document === 'undefined') return null;
  return parseSwitchList(document.documentElement.getAttribute('data-switches'));
}

/** Writes the switches that are on into `<html data-switches>` (from the settings call), so the stylesheet follows them. */
export function writePageSwitches(switches: Readonly<Record<string, boolean>>): void {
  if (typeof document === 'undefined') return;
  const ids = Object.keys(switches).filter((id) => switches[id] === true).sort();
  document.documentElement.setAttribute('data-switches', ids.join(' '));
}

/**
 * The site's own colour for screens drawn elsewhere (the live-chat launch call's `headerColor`, accounts §2
 * Message centre "Live chat"; platform-contract.md §3 chat): the brand colour the edge writes per site
 * (`--brand-primary`, worker/edge/pages/brand.ts), else the theme's accent (`--accent`, src/styles/global.css)
 * for a site without one. Returns a `#rgb`–`#rrggbbaa` hex string, or undefined where neither is a hex colour
 * (no document, or a colour written another way): the call then goes without it.
 */
export function siteHeaderColour(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const style = getComputedStyle(document.documentElement);
  for (const name of ['--brand-primary', '--accent']) {
    const value = style.getPropertyValue(name).trim();
    if (/^#[0-9a-fA-F]{3,8}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * Where a deployment answers (docs/deployment.md "Domains"): generated on every `npm run deploy` from the sites'
 * domains (merchant_domains, which `npm run operator -- site …` maintains), never written into wrangler.jsonc.
 *
 * Two forms, both passed to `wrangler deploy` on its command line (which replaces the configuration's routes):
 *   - custom domains (default, `--domain <host>` per host): Cloudflare creates the host's DNS record and
 *     certificate and the Worker is the whole origin. What an operator whose zone is on Cloudflare expects of a
 *     site that has no other server; the zone (e.g. example.com for play.example.com) must be on the same account.
 *   - zone routes (`--zone-routes`, `--route <host>/*` per host): for hosts that already have a proxied DNS record
 *     (an existing origin behind the name) the operator wants to keep; the Worker then answers every path.
 * Hosts a public deployment cannot answer on are left out with the reason (unroutableReason): local names, IP
 * addresses, reserved test names and workers.dev hosts (the preview's workers.dev address comes with
 * `workers_dev`, not with a route).
 */
import type { SiteDomain } from '../worker/db/queries/site-domains.ts';

/** `custom-domain`: `--domain host`; `zone-route`: `--route host/*` (see above). */
export type RouteMode = 'custom-domain' | 'zone-route';

/** The routes of one deployment: the hosts routed, those left out and why, and wrangler's arguments. */
export interface RoutePlan {
  mode: RouteMode;
  routed: SiteDomain[];
  skipped: (SiteDomain & { reason: string })[];
  /** `--domain h` or `--route h/*` per routed host, in host order. */
  args: string[];
}

/** Top-level names no public deployment answers on (RFC 6761, RFC 6762). */
const RESERVED_SUFFIXES = ['localhost', 'local', 'test', 'invalid', 'example', 'internal'];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Why `host` cannot be a route of a public deployment, or null when it can: it must be a lower-case DNS name of at
 * least two labels (letters, digits, inner hyphens; at most 253 characters) whose last label is not numeric, not a
 * reserved name (localhost, .local, .test, .invalid, .example, .internal) and not under workers.dev.
 */
export function unroutableReason(host: string): string | null {
  if (host !== host.toLowerCase()) return 'not lower-case';
  if (host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return 'an IP address';
  const labels = host.split('.');
  const last = labels.at(-1) ?? '';
  if (RESERVED_SUFFIXES.includes(last)) return `a reserved name (.${last}) for local use`;
  if (labels.length < 2) return 'not a public name (one label)';
  if (host.length > 253 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(last)) return 'not a valid host name';
  if (host.endsWith('.workers.dev')) return 'a workers.dev address (served through workers_dev, not a route)';
  return null;
}

/** The routes of `domains` in `mode` (see above); each host once, by host name. */
export function planRoutes(domains: readonly SiteDomain[], mode: RouteMode): RoutePlan {
  const routed: SiteDomain[] = [];
  const skipped: RoutePlan['skipped'] = [];
  const seen = new Set<string>();
  for (const domain of [...domains].sort((a, b) => a.host.localeCompare(b.host))) {
    if (seen.has(domain.host)) continue;
    seen.add(domain.host);
    const reason = unroutableReason(domain.host);
    if (reason) skipped.push({ ...domain, reason });
    else routed.push(domain);
  }
  const args = routed.flatMap(({ host }) => (mode === 'custom-domain' ? ['--domain', host] : ['--route', `${host}/*`]));
  return { mode, routed, skipped, args };
}

/** The plan as lines for the operator: each routed host with its site, then each host left out with the reason. */
export function describeRoutes(plan: RoutePlan): string[] {
  const form = plan.mode === 'custom-domain' ? 'custom domain' : 'zone route';
  const lines = plan.routed.map(({ host, merchantCode }) => `  ${form} ${plan.mode === 'custom-domain' ? host : `${host}/*`}  (site ${merchantCode})`);
  if (plan.routed.length === 0) lines.push('  none: no site has a public domain (npm run operator -- site … --domain <host>; docs/deployment.md "Domains")');
  for (const { host, merchantCode, reason } of plan.skipped) lines.push(`  left out ${host} (site ${merchantCode}): ${reason}`);
  return lines;
}

/**
 * The addresses to print after a deployment: https://<host>/ of each routed host, then the workers.dev addresses
 * wrangler's output names (a preview with workers_dev).
 */
export function deployedUrls(plan: RoutePlan, wranglerOutput: string): string[] {
  const urls = plan.routed.map(({ host }) => `https://${host}/`);
  for (const match of wranglerOutput.matchAll(/https:\/\/[a-z0-9.-]+\.workers\.dev\b/g)) {
    const url = `${match[0]}/`;
    if (!urls.includes(url)) urls.push(url);
  }
  return urls;
}

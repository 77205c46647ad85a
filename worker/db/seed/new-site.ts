/**
 * The rows of a site made by `npm run operator -- site create` (docs/sites.md "What create sets"), built with the
 * demo seed's own builders (site-rows.ts, payments.ts). Pure: the command (scripts/site-commands.ts) validates the
 * options and writes the rows as one batch (worker/db/queries/site-lifecycle.ts). Imports only its siblings, so
 * Node loads it under type stripping.
 */
import { demoPaymentSetup } from './payments.ts';
import {
  CATEGORY_ORDER, NEW_SITE_SWITCHES, NEW_SITE_TEMPLATES, PROMOTION_KINDS, identityProviderRowSet, offerRowSets, paymentRowSets, siteRowSets,
  type OfferedVendor, type RowSet, type SiteDefinition,
} from './site-rows.ts';

/** A new site as the operator asked for it (create's options, validated: upper-case code, lower-case hosts). */
export interface NewSiteOptions {
  code: string;
  name: string;
  /** Host names routed to the site (at least one). */
  domain: string[];
  /** ISO 4217 code, upper case; `symbol` overrides the runtime's symbol for it. */
  currency: string;
  symbol?: string | undefined;
  theme: 'dark' | 'light';
  /** Default language: a code of contract/languageCodes.ts. */
  language: string;
  description?: string | undefined;
  /** `demo`: the built-in demo payment method (no real money) and withdrawals through it; `none`: neither. */
  payments: 'demo' | 'none';
}

/** The symbol of a currency as pages show it (`₱` for PHP, `$` for USD), from the runtime's currency data. */
export function currencySymbol(code: string): string {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
    .formatToParts(1).find((p) => p.type === 'currency');
  return part?.value ?? code;
}

/**
 * The rows of a new site: the merchant with the spec's defaults (balances 0, NEW_SITE_SWITCHES, every promotion
 * kind running, NEW_SITE_TEMPLATES, the default registration fields, no brand colours), its domains, the identity
 * providers without client ids, the offered `vendors` ([] for no catalogue) with the categories they have games in
 * (CATEGORY_ORDER first, any other after, alphabetically), and with `payments: demo` the demo payment method and
 * withdrawals through it. No links and no customer-service entries: none was given, and a placeholder would show
 * players a dead link.
 */
export function newSiteRowSets(site: NewSiteOptions, vendors: readonly OfferedVendor[], now: number): RowSet[] {
  const definition: SiteDefinition = {
    code: site.code, name: site.name, currency: site.currency, currencySymbol: site.symbol ?? currencySymbol(site.currency),
    theme: site.theme, defaultLanguage: site.language, welcomeBonusMinor: 0, trialBalanceMinor: 0, description: site.description ?? '',
    createdAt: now, hosts: site.domain, switches: NEW_SITE_SWITCHES,
    promotions: Object.fromEntries(PROMOTION_KINDS.map((kind) => [kind, 1 as const])), templates: NEW_SITE_TEMPLATES,
    resources: [], customerService: {}, registrationOverrides: {},
  };
  const present = new Set(vendors.flatMap((v) => v.gameTypes));
  const known: readonly string[] = CATEGORY_ORDER;
  const categories = [...known.filter((c) => present.has(c)), ...[...present].filter((c) => !known.includes(c)).sort()];
  return [
    ...siteRowSets([definition]),
    identityProviderRowSet([site.code]),
    ...offerRowSets(site.code, vendors, categories),
    ...(site.payments === 'demo' ? paymentRowSets([demoPaymentSetup(site.code)]) : []),
  ];
}

import { z } from 'zod';
import { defineCall } from '../call';

/**
 * The back office's Site area (docs/back-office.md "Site"): the site's switches (modules on/off), maintenance on/off
 * and its text per language, restricted regions, brand and theme (`site set`'s keys; the currency is read-only),
 * and its domains — the same changes as the operator command (`npm run operator -- switch | maintenance |
 * maintenance-text | regions | domain | site set`, docs/sites.md), each with a reason and an audit row. Shown in
 * built-in and upstream mode (PlayDeck keeps the sites and switches). Every change answers the site's settings
 * as they are now; visitors see it within 30 s (each worker isolate caches host → merchant answers for 30 s).
 * Values are checked by the server (worker/services/sites/site-values.ts): 400 with a stable errorCode.
 */

/** Why the operator changes it, for the audit log (required). */
const reason = z.string().trim().min(1, 'Give a reason').max(500);

/** The site's settings as the Site area shows them. */
export const consoleSiteView = z.object({
  id: z.literal('site'),
  code: z.string(),
  /**
   * `site set`'s keys as text, as the command takes them: name, theme (dark|light), currency (read-only here),
   * symbol, language, description, primaryColor and accentColor (`#rrggbb` or none), welcomeBonus and trialBalance
   * (decimal currency units), memberCentreTemplate and depositTemplate (new|old), promotions (REFERRAL,MISSION,LOGIN
   * or none).
   */
  settings: z.record(z.string(), z.string()),
  maintenance: z.boolean(),
  /** The operator's maintenance texts: language (upper-case code, or `*` for every language without its own). */
  maintenanceTexts: z.array(z.object({ language: z.string(), text: z.string() })),
  /** Restricted regions (ISO 3166-1 alpha-2): visitors from them get the restricted page (451). */
  regions: z.array(z.string()),
  /** Host names routed to the site. */
  domains: z.array(z.string()),
  /** Every known switch (module id, accounts §9) and whether it is on. */
  switches: z.array(z.object({ moduleId: z.string(), on: z.boolean() })),
});

/** A path's module id (letters, digits, _). */
export const consoleSiteModuleParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,40}$/) });
export const consoleSiteSwitchBody = z.object({ on: z.boolean(), reason });
export const consoleSiteMaintenanceBody = z.object({ on: z.boolean(), reason });
/** `language`: a language code or `all`; `text` null (or `none`) removes the text: the built-in one again. */
export const consoleSiteMaintenanceTextBody = z.object({ language: z.string().trim().min(1).max(8), text: z.string().max(2000).nullable(), reason });
export const consoleSiteRegionsBody = z.object({ regions: z.array(z.string().max(8)).max(300), reason });
/** `site set`'s keys (text as the command takes them), at least one; `currency` is refused. */
export const consoleSiteSettingsBody = z.object({ values: z.record(z.string().max(40), z.string().max(600)), reason });
export const consoleSiteDomainBody = z.object({ host: z.string().trim().min(1).max(260), reason });

const write = (name: string, path: string, body: z.ZodType, summary: string) => defineCall({
  name, method: 'POST', path, auth: 'none', console: 'settings.write', body, value: consoleSiteView, summary,
});

export const consoleSiteCalls = {
  consoleSite: defineCall({
    name: 'consoleSite', method: 'GET', path: '/console/api/site', auth: 'none', console: 'settings.read', value: consoleSiteView,
    summary: 'The site\'s switches, maintenance, regions, domains, brand and theme (docs/back-office.md "Site").',
  }),
  consoleSiteSwitch: write('consoleSiteSwitch', '/console/api/site/switches/{id}', consoleSiteSwitchBody,
    'Turns a switch on or off; 400 `site_switch_unknown`.'),
  consoleSiteMaintenance: write('consoleSiteMaintenance', '/console/api/site/maintenance', consoleSiteMaintenanceBody,
    'Turns maintenance on (pages answer 503 with the maintenance page) or off.'),
  consoleSiteMaintenanceText: write('consoleSiteMaintenanceText', '/console/api/site/maintenance-text', consoleSiteMaintenanceTextBody,
    'Sets or removes the maintenance text of a language; 400 `site_language_invalid`, `site_maintenance_text_invalid`.'),
  consoleSiteRegions: write('consoleSiteRegions', '/console/api/site/regions', consoleSiteRegionsBody,
    'Stores the restricted regions; 400 `site_regions_invalid`.'),
  consoleSiteSettings: write('consoleSiteSettings', '/console/api/site/settings', consoleSiteSettingsBody,
    'Changes brand and theme keys; 400 `site_setting_unknown`, `site_setting_invalid`, `site_currency_read_only`.'),
  consoleSiteDomainAdd: write('consoleSiteDomainAdd', '/console/api/site/domains', consoleSiteDomainBody,
    'Routes a host to the site; 400 `site_host_invalid`, 409 `site_domain_taken` (another site\'s host).'),
  consoleSiteDomainRemove: write('consoleSiteDomainRemove', '/console/api/site/domains/remove', consoleSiteDomainBody,
    'Stops routing a host to the site; 404 `site_domain_not_found`, 409 `site_domain_current` (the host this back office is open on).'),
} as const;

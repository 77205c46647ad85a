import { Hono } from 'hono';
import type { Context } from 'hono';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import {
  addDomain, changeMaintenance, changeMaintenanceText, changeRegions, changeSiteSettings, changeSwitch, readSiteSettings, removeDomain,
  SiteChangeRefusal, type SiteActor,
} from '../services/sites/site-admin';
import { SiteValueError } from '../services/sites/site-values';
import { hostOf } from '../middleware/merchant';
import {
  consoleSiteDomainBody, consoleSiteMaintenanceBody, consoleSiteMaintenanceTextBody, consoleSiteModuleParam, consoleSiteRegionsBody,
  consoleSiteSettingsBody, consoleSiteSwitchBody,
} from '../../contract/calls/console-site';
import { can, type ConsoleEnv } from './access';

/**
 * The back office's Site area (docs/back-office.md "Site"; calls in contract/calls/console-site.ts), under
 * /console/api/site, in built-in and upstream mode (PlayDeck keeps the sites and their switches):
 * - GET `/` (settings.read): the site's switches, maintenance and its texts, regions, domains, brand and theme.
 * - POST `/switches/<moduleId>` `{ on, reason }`, `/maintenance` `{ on, reason }`, `/maintenance-text`
 *   `{ language, text|null, reason }`, `/regions` `{ regions, reason }`, `/settings` `{ values, reason }`,
 *   `/domains` `{ host, reason }`, `/domains/remove` `{ host, reason }` (settings.write): the operator command's
 *   changes through the same service (worker/services/sites/site-admin.ts), each in one batch with its audit row;
 *   every answer is the site's settings as they are now.
 * Site scope: every read and change is on the host's site (`c.var.merchant.code`), the only one an operator's
 * session on this host may touch. Errors: 400 `request_param_err` (shape, a missing reason), 400 with the value's
 * errorCode (`site_switch_unknown`, `site_host_invalid`, `site_regions_invalid`, `site_language_invalid`,
 * `site_maintenance_text_invalid`, `site_setting_unknown`, `site_setting_invalid`, `site_currency_read_only`), 404
 * `site_domain_not_found`, 409 `site_domain_taken`, 409 `site_domain_current` (removing the host this back office
 * is open on would shut the operator out of it). Visitors see a change within 30 s (host → merchant cache).
 */

const actor = (c: Context<ConsoleEnv>): SiteActor => ({
  merchantCode: c.var.merchant.code, operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp,
});

/** The service's refusals as API answers. */
function refusal(error: unknown): never {
  if (error instanceof SiteValueError) throw new ApiError(400, error.errorCode, error.message);
  if (error instanceof SiteChangeRefusal) throw new ApiError(error.status, error.errorCode, error.message, error.value);
  throw error;
}

/** Runs a change, then answers the site's settings as they are now. */
async function changed(c: Context<ConsoleEnv>, change: () => Promise<unknown>) {
  await change().catch(refusal);
  const view = await readSiteSettings(c.env.DB, c.var.merchant.code);
  if (!view) throw new ApiError(404, 'site_not_found', 'No such site');
  return ok(c, view);
}

export const siteConsole = new Hono<ConsoleEnv>()
  .get('/', can('settings.read'), async (c) => {
    const view = await readSiteSettings(c.env.DB, c.var.merchant.code);
    if (!view) throw new ApiError(404, 'site_not_found', 'No such site');
    return ok(c, view);
  })
  .post('/switches/:id', can('settings.write'), valid('param', consoleSiteModuleParam), valid('json', consoleSiteSwitchBody), async (c) => {
    const { on, reason } = c.req.valid('json');
    return changed(c, () => changeSwitch(c.env.DB, actor(c), c.req.valid('param').id, on, reason));
  })
  .post('/maintenance', can('settings.write'), valid('json', consoleSiteMaintenanceBody), async (c) => {
    const { on, reason } = c.req.valid('json');
    return changed(c, () => changeMaintenance(c.env.DB, actor(c), on, reason));
  })
  .post('/maintenance-text', can('settings.write'), valid('json', consoleSiteMaintenanceTextBody), async (c) => {
    const { language, text, reason } = c.req.valid('json');
    return changed(c, () => changeMaintenanceText(c.env.DB, actor(c), language, text, reason));
  })
  .post('/regions', can('settings.write'), valid('json', consoleSiteRegionsBody), async (c) => {
    const { regions, reason } = c.req.valid('json');
    return changed(c, () => changeRegions(c.env.DB, actor(c), regions, reason));
  })
  .post('/settings', can('settings.write'), valid('json', consoleSiteSettingsBody), async (c) => {
    const { values, reason } = c.req.valid('json');
    return changed(c, () => changeSiteSettings(c.env.DB, actor(c), values, reason));
  })
  .post('/domains', can('settings.write'), valid('json', consoleSiteDomainBody), async (c) => {
    const { host, reason } = c.req.valid('json');
    return changed(c, () => addDomain(c.env.DB, actor(c), host, reason));
  })
  .post('/domains/remove', can('settings.write'), valid('json', consoleSiteDomainBody), async (c) => {
    const { host, reason } = c.req.valid('json');
    const here = hostOf(c.req.url);
    if (host.trim().toLowerCase() === here) throw new ApiError(409, 'site_domain_current', 'This back office is open on that host: remove it from another of the site\'s hosts');
    return changed(c, () => removeDomain(c.env.DB, actor(c), host, reason));
  });

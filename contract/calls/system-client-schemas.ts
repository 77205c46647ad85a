import { z } from 'zod';

/**
 * Schema pieces of the system calls the platform's mobile client makes that PlayDeck answers from site data
 * (platform-contract.md §7.6: templates, location, collect, download setting; the customer-service script's answer
 * is a bare '' and needs no schema). The calls themselves are in system.ts (systemCalls); both the worker
 * (validation) and the browser (answer types) import these.
 */

/**
 * A platform on/off flag as the platform writes it: the STRING "1" or "0" (§2 mobileTemplate, whitelabel; also the
 * templates' `mobileTemplate` here). system.ts uses it for the whitelabel tree, the status answer and the settings.
 */
export const flagString = z.enum(['1', '0']);

/**
 * The site's templates (platform-contract.md §7.6 "GET /wps/system/templates", COMM3; the exact body is not found,
 * PlayDeck's in the platform's style). The client keeps it as `templates` in local storage and reads
 * `parameters.desktop_app_feature` (1 → it links the site's own manifest, /wps/system/manifest.json, and adds
 * `parameters.apple_touch_icon`), `parameters.pwa` (a JSON text it would build a manifest from; '' = none, the
 * client then keeps the linked one). `mobileTemplate` carries the same "1"/"0" strings as the status answer.
 */
export const templatesValue = z.object({
  mobileTemplate: z.object({ mem_cen: flagString, dep_func: flagString }),
  parameters: z.object({
    desktop_app_feature: z.union([z.literal(0), z.literal(1)]),
    apple_touch_icon: z.string(),
    pwa: z.string(),
  }),
});

/** Answer type of the templates call. */
export type TemplatesValue = z.output<typeof templatesValue>;

/**
 * The visitor's location as the edge sees it (§7.6 "GET /wps/system/location", COMM3; body not found, PlayDeck's):
 * `ip` (the client IP, as `location.ip` of the status answer), `country` (ISO 3166 alpha-2 from `CF-IPCountry`,
 * upper case, '' when unknown) and `regionRestriction` (the same rule as the status answer and the page gate).
 */
export const locationValue = z.object({ ip: z.string(), country: z.string(), regionRestriction: z.boolean() });

/** Answer type of the location call. */
export type LocationValue = z.output<typeof locationValue>;

/** Largest beacon body the collect call reads (bytes); a larger one is dropped unread, still answered success. */
export const COLLECT_BODY_MAX = 8 * 1024;

/**
 * The beacon the client sends to the collect call (§7.6: `navigator.sendBeacon` with a `text/plain` body of
 * `{ merchant, value }`, `value` a "name:number,…" timing line). Documented only: the worker never parses it.
 */
export const collectBody = z.object({ merchant: z.string().max(40).optional(), value: z.string().max(2000).optional() });

/** Query of the download-setting call (§7.6): `domain`, the host the client runs on without `www.` (not needed). */
export const downloadSettingQuery = z.object({ domain: z.string().max(255).optional() });

/**
 * One text of the download setting in several languages, as the client reads it (§7.6): a list of
 * `{ codes, text }`, `codes` the interface language codes (`EN`, `VI`, …) the `text` is for. The client picks the entry
 * whose codes hold its current language, else the one for `EN`, else nothing ('').
 */
export const downloadSettingText = z.object({
  value: z.array(z.object({ codes: z.array(z.string()), text: z.string() })),
});

/** Type of one multi-language text of the download setting. */
export type DownloadSettingText = z.output<typeof downloadSettingText>;

/**
 * The app download setting (§7.6 `WPSCORE_getDownloadSetting`). The client's layout reads
 * `const { app_desc, login_prompt_text } = value` and passes `app_desc?.value` and `login_prompt_text?.value` through
 * its language picker (see downloadSettingText): so each is an object `{ value: [{ codes, text }] }`, or null (or
 * absent) for "none", which the client turns into '' and shows no app description / no login prompt text. A plain
 * string is not read (the client needs the list). `app_desc` is the app's name (`codes: ['EN']`, the client's
 * fallback for every language, since the name is not translated) when the site has a download link, null when it
 * has none (the client then has no app to describe); `login_prompt_text` is null (PlayDeck keeps no such text: the
 * prompt stays off). `android`, `ios`, `profile` are the site's links from its status resources ('' = none) and
 * `icon` the app icon (the AppDownloadIcon resource, else the site's icon): PlayDeck's own fields, which the client
 * does not read (it takes the links from the status resources).
 */
export const downloadSettingValue = z.object({
  app_desc: downloadSettingText.nullish(),
  login_prompt_text: downloadSettingText.nullish(),
  android: z.string(),
  ios: z.string(),
  profile: z.string(),
  icon: z.string(),
});

/** Answer type of the download-setting call. */
export type DownloadSettingValue = z.output<typeof downloadSettingValue>;

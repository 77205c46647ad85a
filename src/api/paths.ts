/**
 * Every platform API path the site calls, in one place (player-shell §7, accounts §7). Paths the specs
 * give are used as given; the rest are PlayDeck's choice under /wps/.
 */
export const API = {
  systemStatus: '/wps/system/status',
  consolidatedSettings: '/wps/system/settings/consolidated',
  captcha: '/wps/captcha',
  countries: '/wps/system/country',
} as const;

/** Session storage key of the session info (player-shell §3). */
export const SESSION_STORAGE_KEY = 'MC_SESSION_INFO';

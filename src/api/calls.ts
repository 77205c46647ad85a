import { apiRequest, withQuery } from './client';
import { API } from './paths';
import type { ConsolidatedSettingsValue, CountryListValue, SystemStatusValue } from './types';

/** One typed function per platform call (player-shell §7, accounts §7). Values in minor units / epoch ms. */

/** GET system status (player-shell §3 System status). */
export const getSystemStatus = () => apiRequest<SystemStatusValue>('GET', API.systemStatus);

/** GET consolidated settings: site switches, promotion and template flags of this site. */
export const getConsolidatedSettings = () => apiRequest<ConsolidatedSettingsValue>('GET', API.consolidatedSettings);

/** URL of a fresh captcha image; `nonce` forces a reload on tap (accounts §2). */
export const captchaImageUrl = (moduleId: string, nonce: number) => withQuery(API.captcha, { moduleId, t: nonce });


/** GET dialling codes (accounts §7 "system country"): digits without '+'. */
export const getCountryList = () => apiRequest<CountryListValue>('GET', API.countries);


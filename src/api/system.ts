import { callApi } from './client';
import { systemCalls, type ConsolidatedSettingsValue, type CountryListValue, type SystemStatusValue } from '../../contract/calls/system';
import type { QueryIn, ValueOf } from '../../contract/call';

export type { ConsolidatedSettingsValue, CountryListValue, SystemStatusValue };

/** Query of the status call (platform-contract.md §2): `device=MOBILE`, `track`, `originalDomain`, `url` (host). */
export type StatusQuery = QueryIn<typeof systemCalls.systemStatus>;

/**
 * GET /wps/v2/system/status (platform-contract.md §2 "system status", COMM3) with the mobile client's query and a
 * `cache-control: no-cache` request header. Throws ApiRequestError `domain_not_available` when no site serves
 * this domain.
 */
export const getSystemStatus = (query: StatusQuery) =>
  callApi(systemCalls.systemStatus, { query, headers: { 'cache-control': 'no-cache' } });

/** GET /wps/system/whitelabel (§2, COMM3): the switch tree (flatten it with rules/whitelabel.ts). */
export const getWhitelabel = () => callApi(systemCalls.whitelabel);

/** GET /wps/system/domainRoute?device= (§2, COMM3): type "3" paths are the customer-service link (plain). */
export const getDomainRoute = (device = 'MOBILE') => callApi(systemCalls.domainRoute, { query: { device } });

/** GET /wps/captcha (§3, CAPTCHA3): the base64 PNG of a fresh challenge (the cookie binds it to this browser). */
export const getCaptcha = (): Promise<ValueOf<typeof systemCalls.captcha>> => callApi(systemCalls.captcha);

/** GET /wps/system/country (§3 "system country", COMM3): dialling codes, digits without '+'. */
export const getCountryList = () => callApi(systemCalls.systemCountry);

/** GET /wps/system/settings/consolidated (§3, COMM3): site switches, promotion and template flags. */
export const getConsolidatedSettings = () => callApi(systemCalls.consolidatedSettings);

/**
 * Shapes of the platform API's `value`s, shared by the worker (which produces them) and the browser
 * client (which reads them). Money is integer minor units; time is epoch milliseconds.
 */

/** System status (player-shell §3 "System status response"). */
export interface SystemStatusValue {
  info: {
    customerService: { csType: string; path: string }[];
    domainRoute: { merchantCode: string; host: string };
    mobileTemplate: { mem_cen: 0 | 1; dep_func: 0 | 1 };
    paths: { home: string; login: string; register: string };
    /** Registration switches USERNAMEREG3, MOBILENUMREG3, REGMOBVERF3, MOBILENUMPASSREG3. */
    register: Record<string, boolean>;
    resources: { resourceType: string; url: string; labelNameEn: string }[];
    /** Every site switch by module id. */
    whitelabel: Record<string, boolean>;
    mainDomain: string;
    imageCDNs: string[];
  };
  location: { ip: string };
  maintenance: boolean;
  /** The visitor's country (CF-IPCountry) is one the merchant restricts. */
  regionRestriction: boolean;
}

/** Consolidated settings: switches, promotion and template flags of the site. */
export interface ConsolidatedSettingsValue {
  merchantCode: string;
  name: string;
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  switches: Record<string, boolean>;
  /** Always has REFERRAL, MISSION and LOGIN. */
  promotions: Record<string, { enabled: boolean }>;
  templates: { mem_cen: 0 | 1; dep_func: 0 | 1 };
}

/** Dialling-code list (GET /wps/system/country); dialingCode is digits without '+'. */
export interface CountryListValue {
  list: { countryCode: string; dialingCode: string; name: string }[];
}

export interface WinnerBoardEntry {
  vo: { gameName: string; customerName: string; winAmount: number; gameType: string; nodeId: number; wonAt: number };
}

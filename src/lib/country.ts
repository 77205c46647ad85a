/**
 * Language-to-country map (accounts §3): "CN to CN, EN to US, JA to JP, TH to TH, VI to VN, MY to MM, ES to ES,
 * HI to IN, ID to ID, KM to KH, KO and KR to KR, MS to MY, PT and PT-BR to BR, TA to IN, TW to TW, UR to PK,
 * TY to TLG." Used to preselect a country (for example the dialling code) from the interface language.
 */
export const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  CN: 'CN', EN: 'US', JA: 'JP', TH: 'TH', VI: 'VN', MY: 'MM', ES: 'ES', HI: 'IN', ID: 'ID', KM: 'KH', KO: 'KR',
  KR: 'KR', MS: 'MY', PT: 'BR', 'PT-BR': 'BR', TA: 'IN', TW: 'TW', UR: 'PK', TY: 'TLG',
};

/** The country code of a language code (case-insensitive), or null for a language the map does not name. */
export function countryForLanguage(language: string): string | null {
  return LANGUAGE_COUNTRY[language.trim().toUpperCase()] ?? null;
}

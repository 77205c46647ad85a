/**
 * The Site area's shapes and texts (contract/calls/console-site.ts consoleSiteView; docs/back-office.md "Site"):
 * what the page shows and the order it shows `site set`'s keys in.
 */

/** The site's settings as GET /console/api/site answers them. */
export interface SiteView {
  id: 'site';
  code: string;
  settings: Record<string, string>;
  maintenance: boolean;
  maintenanceTexts: { language: string; text: string }[];
  regions: string[];
  domains: string[];
  switches: { moduleId: string; on: boolean }[];
}

/** A change to post: the call's path under /console/api/, its body without the reason, and what the dialog says. */
export interface PendingChange {
  title: string;
  path: string;
  body: Record<string, unknown>;
}

/** `site set`'s keys the page edits, with their labels and the choices of those that have a few. */
export const SETTING_FIELDS: { key: string; label: string; choices?: string[]; help?: string }[] = [
  { key: 'name', label: 'Site name' },
  { key: 'description', label: 'Description', help: 'Plain text, used in page descriptions' },
  { key: 'theme', label: 'Theme', choices: ['dark', 'light'] },
  { key: 'primaryColor', label: 'Primary colour', help: '#rrggbb, or none for the theme\'s own' },
  { key: 'accentColor', label: 'Accent colour', help: '#rrggbb, or none for the theme\'s own' },
  { key: 'language', label: 'Default language' },
  { key: 'symbol', label: 'Currency symbol' },
  { key: 'welcomeBonus', label: 'Welcome bonus', help: 'Currency units, e.g. 10 or 12.50' },
  { key: 'trialBalance', label: 'Trial balance', help: 'Currency units' },
  { key: 'memberCentreTemplate', label: 'Member centre template', choices: ['new', 'old'] },
  { key: 'depositTemplate', label: 'Deposit template', choices: ['new', 'old'] },
  { key: 'promotions', label: 'Promotions running', help: 'REFERRAL, MISSION, LOGIN separated by commas, or none' },
];

/** The keys whose value differs from the stored one (what a save sends). */
export function changedSettings(stored: Record<string, string>, edited: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(edited).filter(([key, value]) => key !== 'currency' && value !== stored[key]));
}

/** `US, fr ,` → ['US', 'FR'] (the server checks and sorts them). */
export function regionList(text: string): string[] {
  return text.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
}

/** The maintenance text's language as the page names it. */
export const languageLabel = (language: string) => (language === '*' ? 'Every language without its own' : language);

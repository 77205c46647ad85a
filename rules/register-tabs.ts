/**
 * Registration screen rules (accounts §2 Registration screen, §3 site switches and Registration payload, §4
 * "Registration method" and "Affiliate code"): which tabs show, which fields each tab shows and requires, the
 * invitation code from the URL, and how the player's environment names the registerMethod. Pure.
 */
import { NATIVE_APP_UA_TOKEN } from './download';
import { isRegisterField, type FieldRule, type RegisterField, type ShownField } from './validation';

/** A registration tab: by username, or by mobile number. */
export type RegisterTab = 'username' | 'mobile';

/** The registration switches of the site (accounts §3). */
export interface RegisterSwitches {
  USERNAMEREG3?: boolean | undefined;
  MOBILENUMREG3?: boolean | undefined;
  REGMOBVERF3?: boolean | undefined;
  MOBILENUMPASSREG3?: boolean | undefined;
}

/**
 * Tabs on screen and the one open first: both switches on → both tabs, username first; only mobile → mobile
 * ("mobile is the default only when mobile is on and username is off"); only username → username; none → none.
 */
export function registerTabs(switches: RegisterSwitches): { tabs: RegisterTab[]; initial: RegisterTab | null } {
  const tabs: RegisterTab[] = [];
  if (switches.USERNAMEREG3) tabs.push('username');
  if (switches.MOBILENUMREG3) tabs.push('mobile');
  return { tabs, initial: tabs[0] ?? null };
}

/** One field's server setting (GET /wps/system/setting/register), in display order, with its rule when sent. */
export interface FieldSetting extends Partial<FieldRule> {
  field: string;
  enabled: boolean;
  required: boolean;
}

/** The settings map of the registration-settings call (field → rule) as a list in display order. */
export function settingsList(map: Readonly<Record<string, { enabled: boolean; required: boolean } & Partial<FieldRule>>>): FieldSetting[] {
  return Object.entries(map).map(([field, rule]) => ({ ...rule, field }));
}

function ruleOf(setting: FieldSetting): FieldRule | undefined {
  const { acceptedPattern, patternId, minLength, maxLength } = setting;
  if (acceptedPattern === undefined || patternId === undefined || minLength === undefined || maxLength === undefined) return undefined;
  return { acceptedPattern, patternId, minLength, maxLength };
}

/** How a tab overrides a field's setting: always shown and required, shown but optional, or never shown. */
type Override = 'required' | 'optional' | 'hidden';

/**
 * The tab's overrides, as the server reads the settings (worker/services/accounts/registration-rules.ts):
 * - username tab: username and password are required; SMS codes belong to the mobile tab;
 * - mobile tab: dialling code and number are required; the SMS code when REGMOBVERF3 is on; the password fields
 *   only when MOBILENUMPASSREG3 is on (else the account logs in by SMS code); a username is optional when
 *   REGMOBVERF3 proves the number, else required (no account is named after a number nobody proved).
 * With the invitation code verified from the URL, its field stays hidden and the code is sent as it is.
 */
function overrides(tab: RegisterTab, switches: RegisterSwitches, affiliateVerified: boolean): Partial<Record<RegisterField, Override>> {
  const common: Partial<Record<RegisterField, Override>> = affiliateVerified ? { affiliateCode: 'hidden' } : {};
  if (tab === 'username') return { ...common, username: 'required', password: 'required', verificationCode: 'hidden' };
  return {
    ...common,
    countryDialingCode: 'required',
    mobileNum: 'required',
    // An unproven number must not name the account (issue 10, finding 3; worker/services/accounts/registration-rules.ts).
    username: switches.REGMOBVERF3 ? 'optional' : 'required',
    verificationCode: switches.REGMOBVERF3 ? 'required' : 'hidden',
    ...(switches.MOBILENUMPASSREG3 ? { password: 'required' as const } : { password: 'hidden' as const, confirmPassword: 'hidden' as const }),
  };
}

/**
 * Fields a tab shows, in the settings' display order, each with its required flag (accounts §2 "Fields shown
 * depend on server-provided registration settings"; §5). Confirm password and captcha are required once shown.
 * The dialling code sits right before the mobile number, since both are one phone. A username the mobile tab
 * shows only when the site's setting enables it.
 */
export function fieldsForTab(
  tab: RegisterTab,
  settings: readonly FieldSetting[],
  switches: RegisterSwitches,
  affiliateVerified = false,
): ShownField[] {
  const rules = overrides(tab, switches, affiliateVerified);
  const shown: ShownField[] = [];
  for (const setting of settings) {
    const field = setting.field;
    if (!isRegisterField(field)) continue;
    const override = rules[field];
    if (override === 'hidden' || (override === 'optional' && !setting.enabled)) continue;
    if (override === undefined && !setting.enabled) continue;
    const required = override === 'required' || (override === undefined && (setting.required || field === 'confirmPassword' || field === 'captcha'));
    const rule = ruleOf(setting);
    shown.push(rule ? { field, required, rule } : { field, required });
  }
  const dial = shown.findIndex((s) => s.field === 'countryDialingCode');
  const mobile = shown.findIndex((s) => s.field === 'mobileNum');
  if (dial >= 0 && mobile >= 0 && dial !== mobile - 1) {
    const [entry] = shown.splice(dial, 1);
    if (entry) shown.splice(shown.findIndex((s) => s.field === 'mobileNum'), 0, entry);
  }
  return withPhoneProof(tab, shown, switches);
}

/**
 * How the form treats a typed number (issue 10, finding 3: a number is bound only when a code proves it; the form
 * says plainly when no code is sent). With REGMOBVERF3 on, the username tab gets the SMS code field right after
 * the number, required once a number is typed (the server checks the code and binds the number). With it off, no
 * code is sent on either tab and the number carries a note: on a password-less mobile account the first SMS login
 * proves it (form.mobileNoCodeLogin); otherwise it is kept for contact only (form.mobileNoCodeContact).
 */
function withPhoneProof(tab: RegisterTab, shown: ShownField[], switches: RegisterSwitches): ShownField[] {
  const at = shown.findIndex((s) => s.field === 'mobileNum');
  const mobile = shown[at];
  if (!mobile) return shown;
  if (!switches.REGMOBVERF3) {
    const note = tab === 'mobile' && !switches.MOBILENUMPASSREG3 ? 'form.mobileNoCodeLogin' : 'form.mobileNoCodeContact';
    shown[at] = { ...mobile, note };
    return shown;
  }
  if (tab === 'username' && !shown.some((s) => s.field === 'verificationCode')) {
    shown.splice(at + 1, 0, { field: 'verificationCode', required: false, requiredWith: 'mobileNum' });
  }
  return shown;
}

/** The invitation code a link carries (accounts §2 "the affiliate check based on the URL"): ?affiliateCode= or ?code=. */
export function affiliateFromQuery(search: string): string {
  const query = new URLSearchParams(search);
  return (query.get('affiliateCode') ?? query.get('code') ?? '').trim();
}

/** What the page knows about its environment. */
export interface RegisterEnvironment {
  userAgent: string;
  /** matchMedia('(display-mode: standalone)') matches: an installed web app. */
  standaloneDisplay: boolean;
  /** iOS Safari's navigator.standalone: opened from a home-screen web clip. */
  iosStandalone: boolean;
}

/**
 * registerMethod of the payload (accounts §3: APP, H5, WEBCLIP or PWA): the native app's web view (its user-agent
 * marker) → APP; an iOS home-screen web clip → WEBCLIP; an installed web app → PWA; a browser tab → H5.
 */
export function registerMethod(env: RegisterEnvironment): 'APP' | 'H5' | 'WEBCLIP' | 'PWA' {
  if (env.userAgent.includes(NATIVE_APP_UA_TOKEN)) return 'APP';
  if (env.iosStandalone) return 'WEBCLIP';
  if (env.standaloneDisplay) return 'PWA';
  return 'H5';
}

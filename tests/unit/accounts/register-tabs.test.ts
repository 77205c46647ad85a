import { describe, expect, it } from 'vitest';
import { affiliateFromQuery, fieldsForTab, registerMethod, registerTabs, type FieldSetting } from '../../../rules/register-tabs';

// Rows quote accounts §2 "A tab switch … shown only when both are enabled. When only mobile is enabled, mobile is the
// default" and §4 "mobile is the default only when mobile is on and username is off".
describe('registration tabs follow USERNAMEREG3 and MOBILENUMREG3', () => {
  it.each([
    [{ USERNAMEREG3: true, MOBILENUMREG3: true }, ['username', 'mobile'], 'username'],
    [{ USERNAMEREG3: false, MOBILENUMREG3: true }, ['mobile'], 'mobile'],
    [{ USERNAMEREG3: true, MOBILENUMREG3: false }, ['username'], 'username'],
    [{}, [], null],
  ])('%j → tabs %j, first %s', (switches, tabs, initial) => {
    expect(registerTabs(switches)).toEqual({ tabs, initial });
  });
});

/** The demo site's settings (worker/db/seed/demo-data.ts), in its display order. */
const demo: FieldSetting[] = [
  ['countryDialingCode', 1, 0], ['username', 1, 1], ['password', 1, 1], ['confirmPassword', 1, 1], ['paymentPassword', 0, 0],
  ['affiliateCode', 1, 0], ['recommenderId', 0, 0], ['nickname', 1, 0], ['payeeName', 0, 0], ['email', 1, 0], ['mobileNum', 1, 0],
  ['idNumber', 0, 0], ['qqNum', 0, 0], ['facebook', 0, 0], ['wechat', 0, 0], ['line', 0, 0], ['whatsapp', 0, 0], ['zalo', 0, 0],
  ['captcha', 1, 1], ['verificationCode', 0, 0],
].map(([field, enabled, required]) => ({ field: String(field), enabled: enabled === 1, required: required === 1 }));

const show = (list: { field: string; required: boolean }[]) => list.map((s) => `${s.field}${s.required ? '*' : ''}`);

// Rows quote accounts §2 "Fields shown depend on server-provided registration settings", §3 REGMOBVERF3 and
// MOBILENUMPASSREG3, §5 "Confirm password is required", "Captcha text is required when shown".
describe('fields per tab (* = required)', () => {
  it.each([
    ['username tab: the enabled fields, username and password required, no SMS code', 'username', {},
      ['username*', 'password*', 'confirmPassword*', 'affiliateCode', 'nickname', 'email', 'countryDialingCode', 'mobileNum', 'captcha*']],
    ['mobile tab without REGMOBVERF3 or MOBILENUMPASSREG3: the phone required, no password, the username required (the number is unproven)', 'mobile', {},
      ['username*', 'affiliateCode', 'nickname', 'email', 'countryDialingCode*', 'mobileNum*', 'captcha*']],
    ['mobile tab with REGMOBVERF3: the SMS code is required', 'mobile', { REGMOBVERF3: true },
      ['username', 'affiliateCode', 'nickname', 'email', 'countryDialingCode*', 'mobileNum*', 'captcha*', 'verificationCode*']],
    ['username tab with REGMOBVERF3: the SMS code follows the number (required once a number is typed)', 'username', { REGMOBVERF3: true },
      ['username*', 'password*', 'confirmPassword*', 'affiliateCode', 'nickname', 'email', 'countryDialingCode', 'mobileNum', 'verificationCode', 'captcha*']],
    ['mobile tab with MOBILENUMPASSREG3: the password fields are back', 'mobile', { MOBILENUMPASSREG3: true },
      ['username*', 'password*', 'confirmPassword*', 'affiliateCode', 'nickname', 'email', 'countryDialingCode*', 'mobileNum*', 'captcha*']],
  ] as const)('%s', (_rule, tab, switches, expected) => {
    expect(show(fieldsForTab(tab, demo, switches))).toEqual(expected);
  });

  // Issue 10, finding 3: a number is bound only when a code proves it, and the form says plainly when no code is sent.
  it.each([
    ['username tab, REGMOBVERF3 off: kept for contact only', 'username', {}, 'form.mobileNoCodeContact'],
    ['mobile tab, REGMOBVERF3 and MOBILENUMPASSREG3 off: the first SMS login proves it', 'mobile', {}, 'form.mobileNoCodeLogin'],
    ['mobile tab, REGMOBVERF3 off, MOBILENUMPASSREG3 on: kept for contact only', 'mobile', { MOBILENUMPASSREG3: true }, 'form.mobileNoCodeContact'],
    ['username tab, REGMOBVERF3 on: a code is sent, no note', 'username', { REGMOBVERF3: true }, undefined],
    ['mobile tab, REGMOBVERF3 on: a code is sent, no note', 'mobile', { REGMOBVERF3: true }, undefined],
  ] as const)('the number\'s note — %s', (_rule, tab, switches, note) => {
    expect(fieldsForTab(tab, demo, switches).find((s) => s.field === 'mobileNum')?.note).toBe(note);
  });

  it('the username tab\'s SMS code is required only once a number is typed', () => {
    const code = fieldsForTab('username', demo, { REGMOBVERF3: true }).find((s) => s.field === 'verificationCode');
    expect(code).toEqual({ field: 'verificationCode', required: false, requiredWith: 'mobileNum' });
  });

  it('a disabled field is left out and a required setting is kept', () => {
    const settings = demo.map((s) => (s.field === 'email' ? { ...s, enabled: false } : s.field === 'qqNum' ? { ...s, enabled: true, required: true } : s));
    const fields = show(fieldsForTab('username', settings, {}));
    expect(fields).not.toContain('email');
    expect(fields).toContain('qqNum*');
  });

  it('a phone-only mobile tab leaves the username out when the site disables it', () => {
    const settings = demo.map((s) => (s.field === 'username' ? { ...s, enabled: false } : s));
    expect(show(fieldsForTab('mobile', settings, {}))).not.toContain('username');
  });

  it('"The invitation-code field is shown only when the setting is enabled and the affiliate check based on the URL failed"', () => {
    expect(show(fieldsForTab('username', demo, {}, true))).not.toContain('affiliateCode');
    expect(show(fieldsForTab('username', demo, {}, false))).toContain('affiliateCode');
  });

  it('keeps the dialling code right before the mobile number whatever the operator order', () => {
    const settings = [...demo.filter((s) => s.field !== 'countryDialingCode'), { field: 'countryDialingCode', enabled: true, required: false }];
    const fields = fieldsForTab('mobile', settings, {}).map((s) => s.field);
    expect(fields.indexOf('countryDialingCode')).toBe(fields.indexOf('mobileNum') - 1);
  });

  it('ignores settings for fields it does not know', () => {
    expect(fieldsForTab('username', [{ field: 'shoeSize', enabled: true, required: true }], {}).map((s) => s.field)).toEqual([]);
  });
});

// Rows quote accounts §2 "the affiliate check based on the URL".
describe('invitation code from the link', () => {
  it.each([
    ['?affiliateCode=DEMOAGENT', 'DEMOAGENT'],
    ['?code=AGENT7', 'AGENT7'],
    ['?affiliateCode=%20A1%20&code=B2', 'A1'],
    ['?lang=TH', ''],
    ['', ''],
  ])('%j → %j', (search, code) => {
    expect(affiliateFromQuery(search)).toBe(code);
  });
});

// Rows quote accounts §3 "registerMethod (APP, H5, WEBCLIP or PWA)".
describe('registerMethod from the environment', () => {
  const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36';
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
  it.each([
    ['a browser tab is H5', { userAgent: phone, standaloneDisplay: false, iosStandalone: false }, 'H5'],
    ['an installed web app (display-mode standalone) is PWA', { userAgent: phone, standaloneDisplay: true, iosStandalone: false }, 'PWA'],
    ['an iOS home-screen web clip (navigator.standalone) is WEBCLIP', { userAgent: iphone, standaloneDisplay: true, iosStandalone: true }, 'WEBCLIP'],
    ["the native app's web view (user-agent marker) is APP", { userAgent: `${phone} PlayDeckApp/2.1`, standaloneDisplay: false, iosStandalone: false }, 'APP'],
  ] as const)('%s', (_rule, env, method) => {
    expect(registerMethod(env)).toBe(method);
  });
});

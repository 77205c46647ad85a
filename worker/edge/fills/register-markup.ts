import { SOCIAL_LOGIN_CAPABILITIES } from '../../../contract/capabilities';
import type { Language } from '../../../rules/i18n';
import { SOCIAL_SWITCH, socialLoginUrl } from '../../../rules/login-methods';
import { REGISTER_INPUTS, registerFieldId, type TextField } from '../../../rules/registerInputs';
import type { RegisterTab } from '../../../rules/register-tabs';
import type { RegisterField, ShownField } from '../../../rules/validation';

/**
 * The registration form of /m/register as markup (accounts §2 Registration screen), written by the edge into the
 * page's island (worker/edge/fills/register.ts). It is exactly what the island (src/islands/RegisterForm.tsx) renders
 * on hydration from the same settings and switches, text nodes and escaping included
 * (tests/unit/register-markup.test.tsx renders both), so React adopts it without a mismatch and nothing moves when
 * the island takes over. All values start empty; the captcha image's box is there without its image (the island
 * fetches it when it hydrates). Interface texts come from the pre-rendered page (translated at build time).
 */

/** Text or attribute value escaped as React's server renderer does. */
function e(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);
}

/** Interface texts of the form in the page's language, written by src/views/registerTexts.ts. */
export interface RegisterTexts {
  /** The page's language (the data block names it). */
  language: Language;
  /** Every `form.*`, `register.*`, `social.*` message and a few others, by key. */
  messages: Record<string, string>;
}

/** What the form shows: the site's tabs, the open one, and its fields (rules/register-tabs.ts fieldsForTab). */
export interface RegisterMarkupInput {
  tabs: readonly RegisterTab[];
  tab: RegisterTab;
  shown: readonly ShownField[];
}

const EYE = '<svg class="icon-svg" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" '
  + 'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">'
  + '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"></path></svg>';

/** Attributes as React writes them: `name="value"` in order, booleans as their string, undefined left out. */
function attributes(list: readonly (readonly [string, string | number | boolean | undefined])[]): string {
  return list.filter(([, v]) => v !== undefined).map(([name, v]) => ` ${name}="${e(String(v))}"`).join('');
}

/** The frame around one input (src/components/FieldFrame.tsx), without an error (none before the player acts). */
function frame(id: string, label: string, inner: string, options: { hint?: string; className?: string; row?: boolean }): string {
  return `<div class="field${options.className ? ` ${options.className}` : ''}"><label for="${id}">${label}</label>`
    + `<div${options.row ? ' class="field-row"' : ''}>${inner}</div>`
    + (options.hint ? `<p class="field-hint" id="${id}-hint">${e(options.hint)}</p>` : '') + `</div>`;
}

/** One text field (src/components/FormField.tsx through RegisterFields). */
function textField(field: TextField, required: boolean, note: string | undefined, m: Record<string, string>): string {
  const { label, hintKey, type, revealable, ...input } = REGISTER_INPUTS[field];
  const id = registerFieldId(field);
  const hint = [hintKey, note].filter((key) => key !== undefined).map((key) => m[key] ?? '').join(' ');
  const react: Record<string, string> = { autoComplete: 'autoComplete', autoCapitalize: 'autoCapitalize', spellCheck: 'spellCheck', inputMode: 'inputMode', maxLength: 'maxLength' };
  const own = Object.entries(input).map(([name, value]) => [react[name] ?? name, value] as const);
  const labelText = e(m[label] ?? '') + (required ? '' : `<span class="field-optional"> (<!-- -->${e(m['form.optional'] ?? '')}<!-- -->)</span>`);
  const inputTag = `<input${attributes([...own, ['id', id], ['type', type ?? 'text'], ['aria-describedby', hint ? `${id}-hint` : undefined], ['name', field], ['value', '']])}/>`;
  const reveal = revealable
    ? `<button type="button" class="field-reveal" aria-pressed="false" aria-label="${e(m['form.showPassword'] ?? '')}" aria-controls="${id}" title="${e(m['form.showPassword'] ?? '')}">${EYE}</button>`
    : '';
  return frame(id, labelText, inputTag + reveal, { ...(hint ? { hint } : {}), ...(revealable ? { row: true } : {}) });
}

/** The dialling-code picker (src/components/CountryCodePicker.tsx) before its country list is loaded. */
function dialPicker(m: Record<string, string>): string {
  const id = registerFieldId('countryDialingCode');
  return `<div class="field dial-field"><label for="${id}">${e(m['form.countryDialingCode'] ?? '')}</label>`
    + `<select id="${id}" name="countryDialingCode" autoComplete="tel-country-code" disabled=""><option value="" selected="">${e(m['common.loading'] ?? '')}</option></select></div>`;
}

/** The captcha field (src/components/CaptchaField.tsx) with its image box empty until the island fetches the image. */
function captchaField(m: Record<string, string>): string {
  const id = registerFieldId('captcha');
  const input = `<input id="${id}" type="text" inputMode="text" autoComplete="off" autoCapitalize="off" spellCheck="false" maxLength="16" name="captcha" value=""/>`;
  const image = `<button type="button" class="captcha-image" aria-label="${e(m['form.captchaImage'] ?? '')}"></button>`;
  return frame(id, e(m['form.captcha'] ?? ''), input + image, { className: 'captcha-field', row: true });
}

/** The SMS code field (src/components/SmsCodeField.tsx) with its get-code button. */
function smsField(m: Record<string, string>): string {
  const id = registerFieldId('verificationCode');
  const input = `<input id="${id}" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength="8" name="verificationCode" value=""/>`;
  const button = `<button type="button" class="btn sms-send" aria-busy="false">${e(m['forget.getCode'] ?? '')}</button>`;
  return frame(id, e(m['forget.code'] ?? ''), input + button, { className: 'sms-field', row: true });
}

/** The fields of one tab in order (src/components/RegisterFields.tsx): the dialling code paired with the number. */
function fields(shown: readonly ShownField[], m: Record<string, string>): string {
  return shown.map(({ field, required, note }, i) => {
    if (field === 'countryDialingCode') return shown[i + 1]?.field === 'mobileNum' ? '' : dialPicker(m);
    const text = (f: TextField) => textField(f, required, note, m);
    if (field === 'mobileNum' && shown[i - 1]?.field === 'countryDialingCode') return `<div class="field-pair">${dialPicker(m)}${text('mobileNum')}</div>`;
    if (field === 'captcha') return captchaField(m);
    if (field === 'verificationCode') return smsField(m);
    return text(field as Exclude<RegisterField, 'captcha' | 'countryDialingCode' | 'verificationCode'>);
  }).join('');
}

/** The whole form (src/islands/RegisterForm.tsx) as it first renders: nothing typed, "I agree" ticked, no policy open. */
export function registerFormMarkup(input: RegisterMarkupInput, texts: RegisterTexts): string {
  const m = texts.messages;
  const t = (key: string) => e(m[key] ?? '');
  const tabbed = input.tabs.length > 1;
  const tabs = tabbed
    ? `<div class="tab-switch" role="tablist" aria-label="${t('register.method')}">` + input.tabs.map((id) => `<button id="register-tab-${id}" type="button" role="tab"`
      + ` aria-selected="${id === input.tab}" aria-controls="register-panel" tabindex="${id === input.tab ? 0 : -1}">${t(id === 'mobile' ? 'register.tabMobile' : 'register.tabUsername')}</button>`).join('') + `</div>`
    : '';
  const panel = tabbed ? ` role="tabpanel" aria-labelledby="register-tab-${input.tab}"` : '';
  const agree = `<div class="agree"><input id="reg-agree" type="checkbox" checked=""/><label for="reg-agree">${t('register.agreePrefix')}</label> `
    + `<button type="button" class="link-btn" aria-haspopup="dialog">${t('register.terms')}</button> <!-- -->${t('register.agreeJoin')}<!-- --> `
    + `<button type="button" class="link-btn" aria-haspopup="dialog">${t('register.privacy')}</button></div>`;
  const form = `<form id="register-panel" noValidate="" aria-busy="false"${panel} method="post">${fields(input.shown, m)}${agree}`
    + `<p class="form-error" role="alert"></p><button type="submit" class="btn btn-primary btn-block">${t('register.submit')}</button></form>`;
  const social = `<div class="social-login" role="group" aria-label="${t('social.loginWith')}"><p class="social-login-title" aria-hidden="true">${t('social.loginWith')}</p>`
    + `<div class="social-login-buttons">`
    + (['facebook', 'google'] as const).map((p) => `<a class="btn social-btn social-${p}" href="${e(socialLoginUrl(p))}" data-switch="${SOCIAL_SWITCH[p]}"`
      + ` data-capability="${SOCIAL_LOGIN_CAPABILITIES[p]}"><span class="social-mark" aria-hidden="true">${p === 'google' ? 'G' : 'f'}</span>${t(`social.${p}`)}</a>`).join('')
    + `</div></div>`;
  const toLogin = `<p class="form-switch">${t('register.haveAccount')}<!-- --> <a href="/m/login">${t('register.toLogin')}</a></p>`;
  const policy = `<dialog class="dialog dialog-policy" aria-labelledby="reg-policy-title" aria-modal="true"><div class="dialog-body">`
    + `<h2 id="reg-policy-title" class="dialog-title">${t('register.terms')}</h2>`
    + [1, 2, 3, 4].map((n) => `<p>${t(`register.terms.${n}`)}</p>`).join('')
    + `<div class="dialog-actions"><button type="button" class="btn btn-primary">${t('common.close')}</button></div></div></dialog>`;
  return `<div class="account-form">${tabs}${form}${social}${toLogin}${policy}</div>`;
}

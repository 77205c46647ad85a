import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../../rules/i18n';
import { fieldsForTab, registerTabs, type FieldSetting } from '../../rules/register-tabs';
import { SERVED_REGISTER_ID, servedJson, type ServedRegister } from '../../rules/served';
import { registerFormMarkup, type RegisterTexts } from '../../worker/edge/fills/register-markup';

const rule = { acceptedPattern: '^[a-z0-9]+$', patternId: 'alnum', minLength: 4, maxLength: 16 };
/** Every kind of field the form draws: text, password (reveal), optional, dialling code + number, captcha, SMS code. */
const everything: FieldSetting[] = [
  { field: 'username', enabled: true, required: true, ...rule },
  { field: 'password', enabled: true, required: true },
  { field: 'confirmPassword', enabled: true, required: true },
  { field: 'nickname', enabled: true, required: false },
  { field: 'email', enabled: true, required: false },
  { field: 'countryDialingCode', enabled: true, required: false },
  { field: 'mobileNum', enabled: true, required: false },
  { field: 'affiliateCode', enabled: true, required: false },
  { field: 'payeeName', enabled: true, required: true },
  { field: 'captcha', enabled: true, required: true },
  { field: 'whatsapp', enabled: false, required: false },
];
const minimal: FieldSetting[] = [
  { field: 'username', enabled: true, required: true },
  { field: 'password', enabled: true, required: true },
  { field: 'countryDialingCode', enabled: false, required: false },
  { field: 'captcha', enabled: false, required: false },
];

/**
 * Renders the island (src/islands/RegisterForm.tsx) as React does on hydration, in a page that carries the edge's
 * data block and the site's switches, and the edge's markup from the same data: they must be the same string.
 */
async function bothRenders(language: Language, fields: FieldSetting[], on: string[]) {
  vi.resetModules();
  const { renderInLanguage } = await import('../../src/views/locale');
  return renderInLanguage(language, async () => {
    const { registerTexts } = await import('../../src/views/registerTexts');
    const texts = JSON.parse(registerTexts()) as RegisterTexts;
    const served: ServedRegister = { language, fields };
    const block = servedJson(served);
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === SERVED_REGISTER_ID ? { textContent: block } : null),
      documentElement: { getAttribute: (name: string) => (name === 'data-switches' ? on.join(' ') : null), lang: '' },
    });
    try {
      const { $language } = await import('../../src/stores/concepts/language');
      $language.set(language);
      const { default: RegisterForm } = await import('../../src/islands/RegisterForm');
      const island = renderToString(createElement(RegisterForm)).replace(/<link [^>]*>/g, '');
      const switches = Object.fromEntries(on.map((id) => [id, true]));
      const { tabs } = registerTabs(switches);
      const edge = registerFormMarkup({ tabs, tab: tabs[0]!, shown: fieldsForTab(tabs[0]!, fields, switches) }, texts);
      return { island, edge };
    } finally {
      vi.unstubAllGlobals();
    }
  });
}

describe('the edge writes the registration form the island hydrates over', () => {
  it.each([
    ['EN', everything, ['USERNAMEREG3']],
    ['EN', everything, ['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3']],
    ['AR', everything, ['MOBILENUMREG3']],
    ['FR', everything, ['MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3']],
    ['FA', minimal, ['USERNAMEREG3', 'GOOGLELOGIN3']],
    ['HI', minimal, ['USERNAMEREG3', 'MOBILENUMREG3']],
  ] as const)('%s: the same markup (%#)', async (language, fields, on) => {
    const { island, edge } = await bothRenders(language, [...fields], [...on]);
    expect(island).not.toContain('form-loading');
    expect(edge).toBe(island);
  });

  it('shows the captcha box, the optional marks and the paired phone fields the settings ask for', async () => {
    const { edge } = await bothRenders('EN', everything, ['USERNAMEREG3']);
    expect(edge).toContain('class="captcha-image"');
    expect(edge).toContain('<div class="field-pair">');
    expect(edge).toContain('(<!-- -->optional<!-- -->)');
    expect(edge).not.toContain('whatsapp');
  });
});

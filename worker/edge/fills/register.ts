import { accountsCalls } from '../../../contract/calls/accounts';
import type { ValueOf } from '../../../contract/call';
import { createElement } from 'react';
import type { Language } from '../../../rules/i18n';
import { affiliateFromQuery, fieldsForTab, registerTabs, settingsList } from '../../../rules/register-tabs';
import { SERVED_REGISTER_ID, servedJson, type ServedRegister } from '../../../rules/served';
import type { ContentFill } from './content';
import { directValue, fingerprintOf, valueOf, visitorHeaders, type ApiFetch, type DirectSource } from './api';
import { registerSettings } from '../../services/accounts/registration-settings';
import { writeList } from './list';
import { renderViewKept } from './render';
import RegisterFormView, { STILL_REGISTER_ACTIONS, STILL_REGISTER_PARTS } from '../../../src/components/RegisterFormView';
import { REGISTER_FIELDS, type RegisterValues } from '../../../rules/validation';

/** Every field empty (src/stores/pages/register.ts registerForm's first values). */
const NOTHING_TYPED = Object.fromEntries(REGISTER_FIELDS.map((field) => [field, ''])) as RegisterValues;

/**
 * The site's registration settings for a visitor in `language`: in built-in mode (`direct`) the service the route
 * calls (worker/api/register-settings.ts), kept for the kept answers' lifetime; else the call through `api`. Null
 * when the read failed or answered another shape.
 */
async function registerSettingsOf(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ValueOf<typeof accountsCalls.registerSettings> | null> {
  const def = accountsCalls.registerSettings;
  if (direct) return directValue(direct, def, merchantCode, (db) => registerSettings(db, merchantCode));
  const answer = def.value.safeParse(await valueOf(api, new URL(def.path, url.origin), visitorHeaders(merchantCode, language, 'REG3')));
  return answer.success ? answer.data : null;
}

/**
 * /m/register with its form in the first HTML (issue 9: the page shows the real form, not "Loading…", and React
 * waits for the player's first interaction). The edge asks for the registration settings through `api`, the
 * worker's own API (the platform's in upstream mode), for the page's merchant as a visitor in the page's language
 * (the island's call: GET /wps/system/setting/register, ModuleId REG3; in built-in mode, `direct`, the service the
 * route calls: services/accounts/registration-settings.ts registerSettings), and writes into `[data-fill=register]`:
 * - the settings as a data block (rules/served.ts) that `$registerSetup` takes as its first value;
 * - the form for those settings and the site's switches (the ones the edge writes into `<html data-switches>`,
 *   which the island reads on hydration too) into the island: its view (src/components/RegisterFormView.tsx) rendered
 *   as the island first renders it (fills/render.ts), which then hydrates on interaction instead of at load.
 * Nothing is written (the island loads at once and fetches the settings itself, as before) when the call fails,
 * when the site offers no registration tab (the island says registration is closed), or when the address carries
 * an invitation code (`?affiliateCode=` / `?code=`: the form depends on the code's check, which the island makes).
 */
export async function registerFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null, enabledSwitches: readonly string[],
): Promise<ContentFill | null> {
  if (affiliateFromQuery(url.search) !== '') return null;
  const switches = Object.fromEntries(enabledSwitches.map((id) => [id, true]));
  const { tabs, initial } = registerTabs(switches);
  if (!initial) return null;
  const settings = await registerSettingsOf(url, language, merchantCode, api, direct);
  if (!settings) return null;
  const fields = settingsList(settings);
  const shown = fieldsForTab(initial, fields, switches);
  const fingerprint = fingerprintOf([fields, enabledSwitches]);
  // The island's first render over the data block (src/islands/RegisterForm.tsx): switches unknown before hydration
  // (the stylesheet gates the social buttons), the site's first tab, nothing typed, "I agree" unticked, nothing loaded.
  const form = () => createElement(RegisterFormView, {
    switches: null, tabs, tab: initial, shown, loadFailed: false, values: NOTHING_TYPED, errors: {}, formError: null, busy: false,
    agreed: false, captchaNonce: 0, policy: null, parts: STILL_REGISTER_PARTS, actions: STILL_REGISTER_ACTIONS,
  });
  return {
    fingerprint,
    apply: (rewriter) => writeList(
      rewriter, 'register',
      (locale) => {
        const served: ServedRegister = { language: locale.language, fields };
        return `<script type="application/json" id="${SERVED_REGISTER_ID}">${servedJson(served)}</script>`;
      },
      (locale) => renderViewKept(`register|${fingerprint}|${JSON.stringify(locale)}`, locale, form),
    ),
  };
}

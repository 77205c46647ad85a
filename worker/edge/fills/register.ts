import { accountsCalls } from '../../../contract/calls/accounts';
import type { Language } from '../../../rules/i18n';
import { affiliateFromQuery, fieldsForTab, registerTabs, settingsList } from '../../../rules/register-tabs';
import { SERVED_REGISTER_ID, servedJson, type ServedRegister } from '../../../rules/served';
import type { ContentFill } from './content';
import { fingerprintOf, valueOf, visitorHeaders, type ApiFetch } from './api';
import { writeList } from './list';
import { registerFormMarkup, type RegisterTexts } from './register-markup';

/**
 * /m/register with its form in the first HTML (issue 9: the page shows the real form, not "Loading…", and React
 * waits for the player's first interaction). The edge asks for the registration settings through `api`, the
 * worker's own API (the platform's in upstream mode), for the page's merchant as a visitor in the page's language
 * (the island's call: GET /wps/system/setting/register, ModuleId REG3), and writes into `[data-fill=register]`:
 * - the settings as a data block (rules/served.ts) that `$registerSetup` takes as its first value;
 * - the form for those settings and the site's switches (the ones the edge writes into `<html data-switches>`,
 *   which the island reads on hydration too) into the island (register-markup.ts), which then hydrates on
 *   interaction instead of at load.
 * Nothing is written (the island loads at once and fetches the settings itself, as before) when the call fails,
 * when the site offers no registration tab (the island says registration is closed), or when the address carries
 * an invitation code (`?affiliateCode=` / `?code=`: the form depends on the code's check, which the island makes).
 */
export async function registerFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, enabledSwitches: readonly string[],
): Promise<ContentFill | null> {
  if (affiliateFromQuery(url.search) !== '') return null;
  const switches = Object.fromEntries(enabledSwitches.map((id) => [id, true]));
  const { tabs, initial } = registerTabs(switches);
  if (!initial) return null;
  const headers = visitorHeaders(merchantCode, language, 'REG3');
  const answer = accountsCalls.registerSettings.value.safeParse(await valueOf(api, new URL(accountsCalls.registerSettings.path, url.origin), headers));
  if (!answer.success) return null;
  const fields = settingsList(answer.data);
  const shown = fieldsForTab(initial, fields, switches);
  return {
    fingerprint: fingerprintOf([fields, enabledSwitches]),
    apply: (rewriter) => writeList<RegisterTexts>(
      rewriter, 'register',
      (texts) => {
        const served: ServedRegister = { language: texts.language, fields };
        return `<script type="application/json" id="${SERVED_REGISTER_ID}">${servedJson(served)}</script>`;
      },
      (texts) => registerFormMarkup({ tabs, tab: initial, shown }, texts),
    ),
  };
}

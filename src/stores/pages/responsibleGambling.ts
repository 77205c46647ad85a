import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getHelpOrganisations, getRealityCheck, saveRealityCheckInterval, type RealityCheckData } from '../../api/protection-tools';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { serverErrorKey } from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import { isRealAccount } from '../../lib/account';
import { $session, sessionMemberType } from '../concepts/session';
import { createPage } from '../kit/page';

/** The responsible-gambling page's flow (docs/player-protection.md "Responsible gambling page"). */
export interface ResponsibleGamblingState {
  /** The site's help organisations (operator content); empty when none are set or they could not be read. */
  links: { name: string; url: string }[];
  /** The player's reality check (null without a real session or in upstream mode). */
  reality: RealityCheckData | null;
  busy: boolean;
  saved: boolean;
  error: MessageKey | null;
}

/**
 * The responsible-gambling page: the site's help organisations for everyone, and for a logged-in player their reality
 * check interval to choose (in force at once; "off" only where the site allows it). Answers that arrive after the
 * page exits are dropped.
 */
export const responsibleGamblingPage = createPage('responsibleGambling', (visit) => {
  const $page = atom<ResponsibleGamblingState>({ links: [], reality: null, busy: false, saved: false, error: null });

  async function open(): Promise<void> {
    if (!hasCapability(CAPABILITIES.protection)) return;
    const session = $session.get();
    const real = session !== null && isRealAccount(sessionMemberType(session));
    const [links, reality] = await Promise.all([
      getHelpOrganisations().then((v) => v.links).catch(() => []),
      real ? getRealityCheck().catch(() => null) : Promise.resolve(null),
    ]);
    if (!visit.exited) $page.set({ ...$page.get(), links, reality });
  }

  async function chooseInterval(minutes: 0 | 15 | 30 | 60): Promise<void> {
    // The choice shows at once; an error puts the previous one back.
    const before = $page.get().reality;
    $page.set({ ...$page.get(), busy: true, saved: false, error: null, reality: before && { ...before, intervalMinutes: minutes } });
    try {
      const reality = await saveRealityCheckInterval(minutes);
      if (!visit.exited) $page.set({ ...$page.get(), busy: false, saved: true, reality });
    } catch (error) {
      const key = error instanceof ApiRequestError ? serverErrorKey(error.errorCode) : 'error.network';
      if (!visit.exited) $page.set({ ...$page.get(), busy: false, error: key, reality: before });
    }
  }

  return { $page, open, chooseInterval };
});

import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import {
  getHelpOrganisations, getRealityCheck, saveRealityCheckInterval, startExclusion, type RealityCheckData, type StartedExclusionData,
} from '../../api/protection-tools';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { serverErrorKey } from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import { isRealAccount } from '../../lib/account';
import { $session, forgetSessionOnPurpose, sessionMemberType, startSession } from '../concepts/session';
import { exclusionEnd, type ExclusionKind } from '../../../rules/exclusion';
import { env } from '../kit/environment';
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
 * The time-out and self-exclusion step (RTS 14): the duration chosen and awaiting its confirmation (with the end it
 * will have, null = permanent), then the started one (the player is logged out; the page shows until when).
 */
export interface ExclusionStep {
  /** Chosen, not yet confirmed: the explicit confirmation step. */
  pending: { kind: ExclusionKind; duration: string; until: number | null } | null;
  busy: boolean;
  error: MessageKey | null;
  /** Started: the player was logged out. */
  started: StartedExclusionData | null;
}

/**
 * The responsible-gambling page: the site's help organisations for everyone, and for a logged-in player their reality
 * check interval to choose (in force at once; "off" only where the site allows it) and a break or self-exclusion to
 * take, in two steps (choose, then confirm; docs/player-protection.md "Time-out and self-exclusion"). Answers that
 * arrive after the page exits are dropped, except a started exclusion: the session it ended is forgotten anyway.
 */
export const responsibleGamblingPage = createPage('responsibleGambling', (visit) => {
  const $page = atom<ResponsibleGamblingState>({ links: [], reality: null, busy: false, saved: false, error: null });
  const $exclusion = atom<ExclusionStep>({ pending: null, busy: false, error: null, started: null });

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

  /** Step 1: the player picked a break or self-exclusion; the page asks them to confirm, saying until when. */
  function chooseExclusion(kind: ExclusionKind, duration: string): void {
    $exclusion.set({ pending: { kind, duration, until: exclusionEnd(kind, duration, env().now()) }, busy: false, error: null, started: null });
  }

  /** Back out of the confirmation: nothing was sent. */
  function cancelExclusion(): void {
    $exclusion.set({ pending: null, busy: false, error: null, started: null });
  }

  /**
   * Step 2: confirmed. The server starts it and ends every session of the player (this tab's too), so the page
   * forgets the session and shows until when; an error keeps the confirmation on screen with the reason.
   */
  async function confirmExclusion(): Promise<void> {
    const step = $exclusion.get();
    if (!step.pending || step.busy) return;
    $exclusion.set({ ...step, busy: true, error: null });
    const session = $session.get();
    // The call takes the token when it starts; the session is forgotten at once, so no other call of this page sends
    // it again (a 401 of the ended session would take the player to the log-in page before they read until when).
    const request = startExclusion(step.pending.kind, step.pending.duration);
    forgetSessionOnPurpose();
    try {
      const started = await request;
      $exclusion.set({ pending: null, busy: false, error: null, started });
      if (!visit.exited) $page.set({ ...$page.get(), reality: null });
    } catch (error) {
      // Refused: nothing started and the session is still alive on the server.
      if (session) startSession(session);
      const key = error instanceof ApiRequestError ? serverErrorKey(error.errorCode) : 'error.network';
      $exclusion.set({ ...$exclusion.get(), busy: false, error: key });
    }
  }

  return { $page, $exclusion, open, chooseInterval, chooseExclusion, cancelExclusion, confirmExclusion };
});

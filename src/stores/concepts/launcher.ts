import { atom } from 'nanostores';
import { launchGame } from '../../api/catalogue';
import { ApiRequestError } from '../../api/client';
import { isMessageKey, type MessageKey } from '../../../rules/i18n';
import { planLaunch, type LaunchContext, type LaunchGame } from './launch';
import { $vendorGameTypes } from './catalogue';
import { $session, sessionMemberType } from './session';
import { showToast } from './toast';
import { env } from '../kit/environment';

/** Node id of the game being launched (its tile shows a busy state), or null. */
export const $launching = atom<number | null>(null);

/** Error toasts stay up a little longer than the default (player-shell §9: "short 3"). */
const LAUNCH_ERROR_MS = 3000;

/** The message shown for a refused launch (vendor_maintenance, free_reject, game_not_found, …). */
export function launchErrorKey(code: string): MessageKey {
  if (code === 'free_reject') return 'free_reject';
  const key = `launch.error.${code}`;
  if (isMessageKey(key)) return key;
  const general = `error.${code}`;
  return isMessageKey(general) ? general : 'launch.error.failed';
}

/**
 * Tile tap (player-shell §4 "Game launch"): follows the launch plan — login page, lottery launcher, or the
 * generic launcher call whose URL the browser then opens. A refused call shows a toast and the player stays.
 */
export async function openGame(game: LaunchGame, from: LaunchContext['from']): Promise<void> {
  if ($launching.get() !== null) return;
  const session = $session.get();
  const plan = planLaunch(game, {
    memberType: session ? sessionMemberType(session) : null,
    mapping: $vendorGameTypes.get() ?? [],
    from,
  });
  if (plan.kind !== 'generic') {
    env().navigate(plan.href);
    return;
  }
  $launching.set(game.nodeId);
  try {
    const url = await launchGame(plan, plan.freePlay);
    env().navigate(url);
  } catch (error) {
    const code = error instanceof ApiRequestError ? error.errorCode : 'internal_error';
    showToast(launchErrorKey(code), 'error', LAUNCH_ERROR_MS);
  } finally {
    $launching.set(null);
  }
}

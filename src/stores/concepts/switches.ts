import { computed } from 'nanostores';
import { pageSwitches } from '../../lib/switchGate';
import { $settings } from './settings';

/**
 * The site's switches for flows (player-shell §1 white-label flags): the consolidated settings' switches, or
 * until they arrive the ones the edge wrote into the page (src/lib/switchGate.ts); null where neither is known
 * (pre-rendering).
 */
export const $siteSwitches = computed($settings, (settings): Readonly<Record<string, boolean>> | null => settings?.switches ?? pageSwitches());

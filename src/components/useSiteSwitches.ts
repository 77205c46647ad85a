import { useStore } from '@nanostores/react';
import { pageSwitches } from '../lib/switchGate';
import { $settings } from '../stores/concepts/settings';
import { useHydrated } from './useHydrated';

/**
 * The site's switches for an island: null while pre-rendering and hydrating (the first render must match the
 * pre-rendered HTML, where gated parts are decided by the stylesheet), then the consolidated settings' switches,
 * or until they arrive the ones the edge wrote into the page (src/lib/switchGate.ts).
 */
export function useSiteSwitches(): Readonly<Record<string, boolean>> | null {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  if (!hydrated) return null;
  return settings?.switches ?? pageSwitches();
}

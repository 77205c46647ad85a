import { useState } from 'react';
import { PLACEHOLDER_TILES, placeholderVariant } from '../../rules/tiles';
import { useHydrated } from './useHydrated';

/** Variants of the loading placeholders: "random 1 to 4" once running in the browser, fixed while pre-rendered. */
export function usePlaceholderVariants(): number[] {
  const hydrated = useHydrated();
  const [random] = useState(() => Array.from({ length: PLACEHOLDER_TILES }, () => placeholderVariant()));
  return hydrated ? random : random.map((_, i) => (i % 4) + 1);
}

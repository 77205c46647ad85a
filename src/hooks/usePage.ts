import { useEffect, useState } from 'react';
import type { Page } from '../stores/kit/page';

/**
 * Opens a page store (src/stores/kit/page.ts `createPage`) when the view mounts and exits it when the view
 * unmounts: one visit per mount, the same page object across renders.
 */
export function usePage<S extends object>(open: () => Page<S>): Page<S> {
  const [page] = useState(open);
  useEffect(() => () => page.exit(), [page]);
  return page;
}

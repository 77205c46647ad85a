/**
 * Mounts the back office (src/console/App.tsx) into `#console-root` of its page (src/console/console.html).
 * Styles: MUI writes its styles as `<style>` elements through emotion; the console's CSP allows only those carrying
 * the response's nonce (worker/console/app-page.ts), which the page hands over in `<meta property="csp-nonce">`,
 * so emotion's cache stamps it on every style element it adds. No 'unsafe-inline' anywhere.
 */
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ConsoleApp } from './App';

const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const cache = createCache({ key: 'pdc', prepend: true, ...(nonce ? { nonce } : {}) });
const root = document.getElementById('console-root');
if (root) {
  createRoot(root).render(
    <CacheProvider value={cache}>
      <ConsoleApp />
    </CacheProvider>,
  );
}

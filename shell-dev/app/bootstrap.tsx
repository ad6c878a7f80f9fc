import React from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { addErrorHandler } from 'single-spa';
import { createPageQueryClient } from '@shared/platform/react';
import manifest from '../../manifest.json';
import { SHELL_NS } from './constants';
import { initShellI18n } from './i18n-setup';
import type { BundleManifest } from './plugin-host/enabled';
import { App } from './app';

// Without a handler single-spa rethrows a parcel's failure as an uncaught page error; the
// mount point shows the failure itself (STACK.md trap 6).
addErrorHandler((error) => {
  console.error(`single-spa: ${error.appOrParcelName} failed`, error);
});

const i18n = initShellI18n('en');
/** One QueryClient for the page, shared by every contribution (a read that timed out is not asked again; one that failed is logged). */
const queryClient = createPageQueryClient({ refetchOnWindowFocus: true });

/**
 * The entry script is async (index.html): it may run before the body is parsed or the platform's
 * stylesheet has arrived. Rendering waits for both, so nothing shows unstyled.
 */
async function documentReady(): Promise<void> {
  if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  const style = document.getElementById('platform-style') as HTMLLinkElement | null;
  if (style && !style.sheet) {
    await new Promise((r) => {
      style.addEventListener('load', r, { once: true });
      // A missing stylesheet must not keep the console from starting.
      style.addEventListener('error', r, { once: true });
    });
  }
}

void documentReady().then(() => {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  createRoot(rootElement).render(
    <React.StrictMode>
      <I18nextProvider i18n={i18n} defaultNS={SHELL_NS}>
        <App bundle={manifest as BundleManifest} queryClient={queryClient} />
      </I18nextProvider>
    </React.StrictMode>,
  );
});

import React from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { addErrorHandler } from 'single-spa';
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
/** One QueryClient for the page, shared by every contribution. */
const queryClient = new QueryClient();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
createRoot(rootElement).render(
  <React.StrictMode>
    <I18nextProvider i18n={i18n} defaultNS={SHELL_NS}>
      <App bundle={manifest as BundleManifest} queryClient={queryClient} />
    </I18nextProvider>
  </React.StrictMode>,
);

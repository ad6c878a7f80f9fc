import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { initShellI18n } from './i18n-setup';
import type { BundleManifest } from './plugin-host/enabled';
import type { Session } from './api/session';
import { App } from './app';

const mockTakeSession = jest.fn<Promise<Session | null>, []>();
// Hoisted above the imports by ts-jest: the app reads the session through these.
jest.mock('./api/early', () => ({ takeSession: () => mockTakeSession() }));
jest.mock('./plugin-host/start', () => ({ startPlugins: jest.fn() }));

function browserSpeaks(...languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true });
}

async function start() {
  const i18n = initShellI18n('en');
  await i18n.changeLanguage('en');
  render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <App bundle={{ exports: [] } as unknown as BundleManifest} queryClient={new QueryClient()} />
    </I18nextProvider>,
  );
}

afterEach(() => browserSpeaks('en-US', 'en'));

describe('App', () => {
  it('asks for the login in the browser\'s language before anybody is logged in, as the platform does', async () => {
    browserSpeaks('de-DE', 'de', 'en');
    mockTakeSession.mockResolvedValue(null);
    await start();
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('asks in English when the browser speaks no language of the console', async () => {
    browserSpeaks('fr-FR', 'fr');
    mockTakeSession.mockResolvedValue(null);
    await start();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says the platform could not be reached, and Retry asks again without a reload', async () => {
    mockTakeSession.mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce(null);
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent('The platform could not be reached: Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

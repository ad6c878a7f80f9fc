import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { configureClient, NetworkError, PlatformError } from '@shared/platform/fetch-client';
import { I18nextProvider } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { initShellI18n } from './i18n-setup';
import type { BundleManifest } from './plugin-host/enabled';
import type { Session } from './api/session';
import { alerts } from '@shared/ui/alerts';
import { App } from './app';

const mockTakeSession = jest.fn<Promise<Session | null>, []>();
// Hoisted above the imports by ts-jest: the app reads the session through these.
jest.mock('./api/early', () => ({ takeSession: () => mockTakeSession() }));
jest.mock('./plugin-host/start', () => ({ startPlugins: jest.fn() }));
jest.mock('./shell', () => ({ Shell: () => <div data-testid="shell-stub" /> }));
jest.mock('@shared/platform/fetch-client', () => ({ ...jest.requireActual('@shared/platform/fetch-client'), configureClient: jest.fn() }));

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
    mockTakeSession.mockRejectedValueOnce(new Error('Something else went wrong')).mockResolvedValueOnce(null);
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent('The platform could not be reached: Something else went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each([
    ['the client', new NetworkError(new TypeError('Failed to fetch'))],
    ["fetch's own error", new TypeError('Failed to fetch')],
  ])("says a start without any answer (%s) once, in the user's words, never the browser's; the cause goes to the log", async (_what, error) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockTakeSession.mockRejectedValueOnce(error).mockResolvedValueOnce(null);
    await start();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The platform cannot be reached\. Check the connection and try again\. Retry$/);
    expect(alert.textContent).not.toContain('Failed to fetch');
    expect(warn.mock.calls.some((c) => c[1] === error)).toBe(true);
    warn.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says an address that answers as no platform does (an HTML 404 page: a wrong --proxy tenant) by its status and what to do, not by its markup', async () => {
    mockTakeSession.mockRejectedValueOnce(new PlatformError(404, 'Not Found', '<html><body>Not Found</body></html>')).mockResolvedValueOnce(null);
    await start();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The platform could not be reached: this address answers 404 Not Found, not as the platform does. Check the address (with npm start -- --proxy: the tenant address), then retry.',
    );
    expect(alert.textContent).not.toContain('<html>');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it("says a platform's error by its message (a proxy's 502: the tenant cannot be reached)", async () => {
    const message = 'The tenant http://127.0.0.1:1 cannot be reached (connect ECONNREFUSED 127.0.0.1:1). Check the address given to --proxy and that the tenant is up.';
    mockTakeSession.mockRejectedValueOnce(new PlatformError(502, 'Bad Gateway', { error: 'general/Bad Gateway', message, info: '' }));
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent(`The platform could not be reached: ${message}`);
  });

  it('says a session that ended in the login card, with the user filled in and the password focused', async () => {
    mockTakeSession.mockResolvedValue({
      user: { id: 'operator', userName: 'operator', displayName: 'Operator Demo', roles: [] },
      platformUser: {},
      tenant: { name: 'demo' },
      language: 'en',
    } as unknown as Session);
    await start();
    await screen.findByTestId('shell-stub');
    const { onUnauthorized } = (configureClient as jest.Mock<void, [{ onUnauthorized?: (e: PlatformError) => void }]>).mock.calls.map(([patch]) => patch).reverse().find((p) => p.onUnauthorized)!;
    // The latest App's (the earlier tests' are unmounted).
    act(() => {
      onUnauthorized!(new PlatformError(401, 'Unauthorized', null));
      // The toast of the action that met the end (pushed before the login renders) says it once more.
      alerts.danger('Could not update firmware: Your session has ended. Please log in again.');
    });
    const card = await screen.findByTestId('login-page');
    // Said once, in the card: the ended session's toasts are gone.
    expect(alerts.list()).toEqual([]);
    // Where the eye is (it stood above the page, in the corner, away from the card).
    expect(within(card).getByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(screen.getByLabelText('Tenant')).toHaveValue('demo');
    expect(screen.getByLabelText('User')).toHaveValue('operator');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});

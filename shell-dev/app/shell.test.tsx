import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testUser } from '@shared/plugin-api/testing';
import { initShellI18n, loadShellLanguage } from './i18n-setup';
import { useRegistry } from './plugin-host/registry';
import type { PluginManifestEntry } from './plugin-host/enabled';
import type { BundleManifest } from './plugin-host/enabled';
import type { Session } from './api/session';
import { Shell } from './shell';

const session = {
  user: testUser(),
  platformUser: { id: 'admin', userName: 'admin' },
  tenant: { name: 'demo' },
  language: 'en',
} as unknown as Session;
const bundle = { shell: { name: 'Device operations', contextPath: 'shell' }, exports: [] } as unknown as BundleManifest;

describe('Shell', () => {
  it.each(['Logout', 'Switch user'])('says when %s did not end the session, instead of reloading into the same session', async (item) => {
    window.location.hash = '#/nothing-here';
    const onLogout = jest.fn(() => Promise.reject(new Error('Service Unavailable')));
    const i18n = initShellI18n('en');
    render(
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <Shell session={session} bundle={bundle} language="en" onLanguage={async () => ({})} onLogout={onLogout} queryClient={null} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByTestId('user-menu'));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: item })));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('shell-alert')).toHaveTextContent('You could not be logged out: Service Unavailable');
  });

  it.each([
    ['en', 'Software repository', 'failed to load.'],
    ['de', 'Software Repository', 'konnte nicht geladen werden.'],
  ] as const)('titles the page of a plugin that failed to load with the plugin\'s name, not an empty header (%s)', async (language, title, sentence) => {
    const repo: PluginManifestEntry = {
      id: 'software-repository',
      name: 'Software repository',
      module: 'plugin',
      contextPath: 'software-repository',
      version: '1.0.0',
      defaultEnabled: true,
      description: '',
      routes: ['/software', '/softwarerollout'],
    };
    useRegistry.setState({
      exports: [repo],
      loading: false,
      contributions: [],
      plugins: { [repo.id]: { status: 'failed', loadTimeMs: 20, reason: '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008' } },
    });
    window.location.hash = '#/softwarerollout';
    const i18n = initShellI18n(language);
    await loadShellLanguage(language);
    await i18n.changeLanguage(language);
    render(
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <Shell session={session} bundle={bundle} language={language} onLanguage={async () => ({})} onLogout={async () => undefined} queryClient={null} />
      </I18nextProvider>,
    );
    expect(await screen.findByTestId('plugin-page-failed')).toHaveTextContent(sentence);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });
});

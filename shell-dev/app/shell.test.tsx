import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testUser } from '@shared/plugin-api/testing';
import { initShellI18n } from './i18n-setup';
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
});

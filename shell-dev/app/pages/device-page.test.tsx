import React from 'react';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { PlatformContext } from '@shared/plugin-api/types';
import { initShellI18n } from '../i18n-setup';
import { useRegistry } from '../plugin-host/registry';
import type { PluginManifestEntry } from '../plugin-host/enabled';
import { DevicePage } from './device-page';

const ops: PluginManifestEntry = {
  id: 'device-operations',
  name: 'Device operations',
  module: 'plugin',
  contextPath: 'device-operations',
  version: '1.0.0',
  defaultEnabled: true,
  description: '',
  routes: ['/views/:deviceType'],
};
const device = { id: '42', name: 'NB-42', type: 'adamos_NETbox' };

function renderPage() {
  const i18n = initShellI18n('en');
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <DevicePage device={device} tab={undefined} tabs={[]} context={{ device } as unknown as PlatformContext} queryClient={null} pluginsLoading={false} />
    </I18nextProvider>,
  );
}

describe('DevicePage without tabs', () => {
  it('names the plugins that failed to load, which may provide the tabs, with a retry', () => {
    useRegistry.setState({ exports: [ops], loading: false, plugins: { [ops.id]: { status: 'failed', loadTimeMs: 15000, reason: 'timed out after 15000 ms' } } });
    renderPage();
    const note = screen.getByTestId('no-device-tabs');
    expect(note).toHaveTextContent('No tabs are available for this device.');
    expect(note).toHaveTextContent('These plugins failed to load on this page; they may provide the tabs of this device:');
    expect(note).toHaveTextContent('Device operations');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says only that there are none when every plugin loaded', () => {
    useRegistry.setState({ exports: [ops], loading: false, plugins: { [ops.id]: { status: 'loaded', loadTimeMs: 100, warnings: [] } } });
    renderPage();
    expect(screen.getByTestId('no-device-tabs')).toHaveTextContent(/^No tabs are available for this device\.$/);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { DeviceTabContribution, PlatformContext, Registered } from '@shared/plugin-api/types';
import { initShellI18n, loadShellLanguage } from '../i18n-setup';
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

describe('DevicePage with a tab the device does not show', () => {
  // The plugin refuses Device Control below the agent version it needs (device-operations' filter).
  const deviceControl: Registered<DeviceTabContribution> = {
    kind: 'device-tab',
    id: 'device-tab:device-operations/device-control',
    pluginId: 'device-operations',
    path: 'device_control',
    label: 'Device Control',
    priority: 99,
    filter: () => false,
    loader: () => new Promise(() => undefined),
  };
  const renderTab = (tab: string) => {
    useRegistry.setState({ exports: [ops], loading: false, plugins: { [ops.id]: { status: 'loaded', loadTimeMs: 100, warnings: [] } } });
    const i18n = initShellI18n('en');
    i18n.addResourceBundle('en', 'device-operations', { 'Device Control': 'Device Control' }, true, true);
    i18n.addResourceBundle('de', 'device-operations', { 'Device Control': 'Gerätesteuerung' }, true, true);
    return render(
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <DevicePage device={device} tab={tab} tabs={[deviceControl]} context={{ device } as unknown as PlatformContext} queryClient={null} pluginsLoading={false} />
      </I18nextProvider>,
    );
  };

  it('names a refused tab by its label, not its path', () => {
    renderTab('device_control');
    expect(screen.getByTestId('tab-not-available')).toHaveTextContent(/^The tab "Device Control" is not available for this device\.$/);
  });

  it('names it in German in German', async () => {
    const i18n = initShellI18n('en');
    await loadShellLanguage('de');
    await act(async () => void (await i18n.changeLanguage('de')));
    try {
      renderTab('device_control');
      expect(screen.getByTestId('tab-not-available')).toHaveTextContent(/^Die Registerkarte „Gerätesteuerung“ ist für dieses Gerät nicht verfügbar\.$/);
    } finally {
      await act(async () => void (await i18n.changeLanguage('en')));
    }
  });

  it('keeps the path of a tab no plugin registers', () => {
    renderTab('nonsense');
    expect(screen.getByTestId('tab-not-available')).toHaveTextContent(/^The tab "nonsense" is not available for this device\.$/);
  });
});

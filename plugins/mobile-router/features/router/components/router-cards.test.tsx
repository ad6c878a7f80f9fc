import React from 'react';
import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import de from '../../../locales/de.json';
import { formatDateTime } from '@shared/domain/formats';
import type { MobileRouter } from '../model/router';
import { DeviceInformationCard, MobileRouterCard, NetworkStatusCard } from './router-cards';

const router = (DeviceState: string, OnlineState: string): MobileRouter => ({
  id: '300',
  name: 'RUT955',
  NetworkStatus: { OnlineState },
  DeviceAvailability: { Available: true, DeviceState },
});

describe('MobileRouterCard states', () => {
  it.each([
    ['en', 'applying profile', 'logging in', 'Applying profile', 'Logging in'],
    ['en', 'executing_provisioning', 'online', 'Executing provisioning', 'Online'],
    ['de', 'applying profile', 'online', 'Profil wird angewendet', 'Online'],
    ['de', 'running', 'offline', 'Läuft', 'Offline'],
    ['de', 'waiting_provisioning_credentials', 'logging in', 'Warte auf Zugangsdaten für die Provisionierung', 'Anmeldung läuft'],
    ['de', 'unknown', 'unknown', 'Unbekannt', 'Unbekannt'],
  ] as const)('%s: %s / %s read %p / %p', (language, deviceState, onlineState, deviceText, onlineText) => {
    renderContribution(<MobileRouterCard router={router(deviceState, onlineState)} />, { pluginId: 'mobile-router', language, locales: language === 'de' ? de : undefined });
    expect(screen.getByTestId('device-state')).toHaveTextContent(deviceText);
    expect(screen.getByTestId('online-state')).toHaveTextContent(onlineText);
    // The value the device sent stays readable for the rules and tests.
    expect(screen.getByTestId('device-state')).toHaveAttribute('data-state', deviceState);
  });

  it('shows a value the spec does not list as the router sent it', () => {
    renderContribution(<MobileRouterCard router={router('rebooting soon', 'roaming')} />, { pluginId: 'mobile-router', language: 'de', locales: de });
    expect(screen.getByTestId('device-state')).toHaveTextContent('rebooting soon');
    expect(screen.getByTestId('online-state')).toHaveTextContent('roaming');
  });
});

describe('MobileRouterCard flags', () => {
  it('says Yes or No for a boolean and shows any other value as sent (a text "false" read Yes)', () => {
    const availability = { Available: 'false', Enabled: false, InternetAccess: true } as unknown as NonNullable<MobileRouter['DeviceAvailability']>;
    renderContribution(<MobileRouterCard router={{ id: '300', DeviceAvailability: availability }} />, { pluginId: 'mobile-router' });
    const value = (label: string) => (screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement).textContent?.trim();
    expect([value('Available'), value('Enabled'), value('Internet access')]).toEqual(['false', 'No', 'Yes']);
  });
});

describe('NetworkStatusCard', () => {
  it.each([
    ['en', 'registered (roaming)', 'Registered (roaming)'],
    ['de', 'registered (home)', 'Registriert (Heimnetz)'],
    ['de', 'limited service', 'limited service'],
  ] as const)('%s: network state %s reads %p', (language, NetworkState, text) => {
    renderContribution(<NetworkStatusCard router={{ id: '300', NetworkStatus: { NetworkState } }} />, { pluginId: 'mobile-router', language, locales: language === 'de' ? de : undefined });
    expect(screen.getByTestId('network-state')).toHaveTextContent(text);
  });
});

describe('NetworkStatusCard signal strength', () => {
  it.each([
    // Sent as text, as routers often do: a reading, not 'unknown'.
    ['20', '3', '66 %', 'Signal indicator 3 of 4'],
    // No reading: outside 0..31 (it read "159 %"), and an indicator that is no number (it read "NaN of 4").
    [50, 'strong', 'unknown', null],
    [99, 0, 'unknown', 'Signal indicator 0 of 4'],
    [0, 9, 'no antenna connected', 'Signal indicator 4 of 4'],
    // Not sent at all (a router that has not reported yet): '-' as every other missing value, not 'unknown'.
    [undefined, undefined, '-', null],
  ] as const)('strength %p, indicator %p reads %p', (SignalStrength, SignalIndicator, text, bars) => {
    renderContribution(<NetworkStatusCard router={{ id: '300', NetworkStatus: { SignalStrength, SignalIndicator } }} />, { pluginId: 'mobile-router' });
    const shown = screen.getByTestId('signal-strength');
    expect(shown.firstChild?.textContent).toBe(text);
    if (bars) expect(screen.getByRole('img')).toHaveAccessibleName(bars);
    else expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('DeviceInformationCard', () => {
  it('keeps each direction of a data usage on one line (a narrow card wrapped a unit away from its number)', () => {
    const DataUsage = { Last24Hours: { BytesReceived: 63_375_196, BytesSent: 1_373_634 } };
    renderContribution(<DeviceInformationCard router={{ id: '300', DeviceInformation: { DataUsage } }} />, { pluginId: 'mobile-router' });
    const value = screen.getByText('Data usage last 24 hours').nextElementSibling as HTMLElement;
    expect([...value.querySelectorAll('.text-nowrap')].map((e) => e.textContent)).toEqual(['↓ 60.44 MB', '↑ 1.31 MB']);
  });

  it('writes the amounts with the German decimal comma in German', () => {
    const DataUsage = { Last24Hours: { BytesReceived: 63_375_196, BytesSent: 1_373_634 } };
    renderContribution(<DeviceInformationCard router={{ id: '300', DeviceInformation: { DataUsage } }} />, { pluginId: 'mobile-router', language: 'de', locales: de });
    expect(screen.getAllByText(/MB$/).map((e) => e.textContent)).toEqual(['↓ 60,44 MB', '↑ 1,31 MB']);
  });
});

describe('MobileRouterCard monitoring', () => {
  const now = Date.parse('2026-11-28T00:00:00.000Z');
  const at = (iso: string) => formatDateTime(iso);
  const monitored = (Monitoring: NonNullable<MobileRouter['Attributes']>['Monitoring']): MobileRouter => ({ id: '300', name: 'RUT955', Attributes: { Monitoring } });

  it('says until when monitoring is active, and when the last period was (it was shown nowhere)', () => {
    const active = { Enabled: true, StartedAt: '2026-11-27T14:00:00.000Z', EndAt: '2026-11-28T05:00:00.000Z' };
    const { unmount } = renderContribution(<MobileRouterCard router={monitored(active)} now={now} />, { pluginId: 'mobile-router' });
    expect(screen.getByTestId('router-monitoring')).toHaveTextContent(`Active until ${at(active.EndAt)}`);
    unmount();
    const ended = { Enabled: true, StartedAt: '2026-11-23T00:00:00.000Z', EndAt: '2026-11-24T00:00:00.000Z' };
    renderContribution(<MobileRouterCard router={monitored(ended)} now={now} />, { pluginId: 'mobile-router', language: 'de', locales: de });
    expect(screen.getByTestId('router-monitoring')).toHaveTextContent(`Nicht aktiv (letzter Zeitraum ${at(ended.StartedAt)} bis ${at(ended.EndAt)})`);
  });

  it('says not active for a router that never reported a monitoring period', () => {
    renderContribution(<MobileRouterCard router={{ id: '300' }} now={now} />, { pluginId: 'mobile-router', language: 'de', locales: de });
    expect(screen.getByTestId('router-monitoring')).toHaveTextContent('Nicht aktiv');
  });
});

describe('DeviceInformationCard with missing values', () => {
  it("shows '-' for a CPU load or RAM utilization the router sent as null (not 'null %')", () => {
    const odd = { id: '300', DeviceInformation: { CPULoad: null, RAMUtilization: null } } as unknown as MobileRouter;
    renderContribution(<DeviceInformationCard router={odd} />, { pluginId: 'mobile-router' });
    const card = screen.getByTestId('card-device-information');
    expect(card).not.toHaveTextContent('null');
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value('CPU load')).toHaveTextContent(/^-$/);
    expect(value('RAM utilization')).toHaveTextContent(/^-$/);
  });

  it('shows a load the router sent as a number or text with its unit', () => {
    const sent = { id: '300', DeviceInformation: { CPULoad: 0, RAMUtilization: '37' } } as unknown as MobileRouter;
    renderContribution(<DeviceInformationCard router={sent} />, { pluginId: 'mobile-router' });
    expect(screen.getByText('CPU load').nextElementSibling).toHaveTextContent('0 %');
    expect(screen.getByText('RAM utilization').nextElementSibling).toHaveTextContent('37 %');
  });
});

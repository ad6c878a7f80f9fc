import { fireEvent, screen } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { getI18n } from '@shared/plugin-api/i18n';
import { renderContribution, jsonReply as reply } from '@shared/plugin-api/testing';
import { SHARED_NS } from '@shared/ui/i18n';
import sharedDe from '@shared/ui/locales/de.json';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import ConfigurationPage from './configuration-page';

function show(answer: () => Response, language: 'en' | 'de' = 'en') {
  configureClient({ fetch: (async () => answer()) as unknown as typeof fetch });
  renderContribution(<ConfigurationPage />, { language, locales: language === 'de' ? de : en });
}

describe('ConfigurationPage', () => {
  it("says the configurations could not be loaded, with the cause, in the user's language", async () => {
    // The shell loads the shared texts at start; the platform's bare "Access is denied" is said in German.
    getI18n().addResourceBundle('de', SHARED_NS, sharedDe, true, true);
    show(() => reply(403, { error: 'security/Forbidden', message: 'Access is denied' }), 'de');
    expect(await screen.findByTestId('configurations-error')).toHaveTextContent('Die Konfigurationen konnten nicht geladen werden: Ihr Benutzer hat dafür keine Berechtigung.');
    expect(screen.queryByText('Keine Konfigurationen vorhanden.')).toBeNull();
  });

  it('says "No configurations to display." for an empty answer', async () => {
    show(() => reply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 25 } }));
    expect(await screen.findByText('No configurations to display.')).toBeInTheDocument();
    expect(screen.queryByTestId('configurations-error')).toBeNull();
  });

  it('keeps a port\'s mode and the wifi network name whole when the column wraps ("HALL-" and "4" on two lines read as two values)', async () => {
    const mo = { id: '7', type: 'adamos_IoTconnector_ccm_configuration', adamos_adamos_netbox_ccm: { netbox: { netbox_serial: 'NB7' }, network: { x2: { ip: '10.10.0.5', mode: 'dhcp' }, wifi: { ip: '192.168.50.161', ssid: 'HALL-4' } } } };
    show(() => reply(200, { managedObjects: [mo], statistics: { currentPage: 1, pageSize: 25 } }));
    expect(await screen.findByText('HALL-4')).toHaveClass('text-nowrap');
    expect(screen.getByText('(dhcp)')).toHaveClass('text-nowrap');
  });

  it("links the IoTconnector's serial to the device's Info tab, the name isolated as in every list", async () => {
    const mo = { id: '7', type: 'adamos_IoTconnector_ccm_configuration', additionParents: { references: [{ managedObject: { id: '42', name: 'NB device' } }] }, adamos_adamos_netbox_ccm: { netbox: { netbox_serial: 'NB7' } } };
    show(() => reply(200, { managedObjects: [mo], statistics: { currentPage: 1, pageSize: 25 } }));
    const link = await screen.findByRole('link', { name: 'NB7' });
    expect(link).toHaveAttribute('href', '#/device/42/info');
    // A direction mark in a stored serial cannot turn the row's text around it.
    expect(screen.getByText('NB7').tagName).toBe('BDI');
  });

  it('says the next serial is being read, not "No configurations to display.", while the previous one (none found) still shows', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const query = new URL(url, 'http://x').searchParams.get('query') ?? '';
        // "zz" finds nothing; "NB7" is still on its way.
        if (query.includes('NB7')) return new Promise<Response>(() => undefined) as unknown as Response;
        return reply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 25 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<ConfigurationPage />, { locales: en });
    fireEvent.change(await screen.findByLabelText('Filter by IoTconnector serial'), { target: { value: 'zz' } });
    expect(await screen.findByText('No configurations to display.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter by IoTconnector serial'), { target: { value: 'NB7' } });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByText('No configurations to display.')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import de from '../locales/de.json';
import listsDe from '../locales/lists.de.json';
import deviceDe from '../locales/device.de.json';
import SoftwareTabPage from './software-page';
import DeviceControlPage from './device-control-page';

jest.mock('./realtime', () => ({ subscribe: () => () => undefined, realtimeClient: () => ({ subscribe: () => () => undefined, onResume: () => () => undefined }) }));

const DEVICE: Device = { id: '42', name: 'IoTconnector 42', type: 'adamos_NETbox' };
const ADMIN = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);
const writes: string[] = [];

/** A server job runs (its newest c8y_status is not completed); writes are recorded. */
function jobRunning() {
  writes.length = 0;
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${new URL(url, 'http://x').pathname}`);
      return jsonReply(200, {
        managedObjects: [{ id: '9', type: 'c8y_status', dmg_clear_pending_assignment_status: 'ongoing', dmg_assign_software_status: 'completed' }],
        statistics: { currentPage: 1, pageSize: 1 },
      });
    }) as unknown as typeof fetch,
  });
}

describe('Software tab while a server job runs', () => {
  beforeEach(() => alerts.clearAll());

  it.each([
    ['Ausstehende Zuweisungen löschen', 'Clear Pending Assignments'],
    ['Software auswählen', 'Select software'],
  ])('%s (%s) warns in German that an operation is ongoing and starts nothing', async (label) => {
    jobRunning();
    renderContribution(<SoftwareTabPage />, { language: 'de', locales: { ...de, ...listsDe, ...deviceDe }, device: DEVICE, context: { user: ADMIN } });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() =>
      expect(alerts.list()).toEqual([expect.objectContaining({ type: 'warning', text: 'Eine Operation läuft gerade - bitte später erneut versuchen.' })]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes).toEqual([]);
  });
});

describe('Device Control while a server job runs', () => {
  beforeEach(() => alerts.clearAll());

  it.each(['Konfiguration übertragen', 'Austauschprozess starten'])('%s warns that an operation is ongoing and opens no dialog', async (label) => {
    jobRunning();
    const device = { ...DEVICE, c8y_Agent: { version: '0.5.1' }, c8y_Availability: { status: 'AVAILABLE' }, c8y_RequiredAvailability: { responseInterval: 30 } };
    renderContribution(<DeviceControlPage />, { language: 'de', locales: { ...de, ...listsDe, ...deviceDe }, device, context: { user: ADMIN } });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() =>
      expect(alerts.list()).toEqual([expect.objectContaining({ type: 'warning', text: 'Eine Operation läuft gerade - bitte später erneut versuchen.' })]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

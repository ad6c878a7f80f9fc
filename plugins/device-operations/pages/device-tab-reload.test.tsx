import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import en from '../locales/device.en.json';
import ServicesTabPage from './services-page';
import SoftwareTabPage from './software-page';

jest.mock('./realtime', () => ({ subscribe: () => () => undefined }));

const DEVICE: Device = { id: '42', name: 'IoTconnector 42', type: 'adamos_NETbox', adamos_adamos_netbox_Services: [{ name: 'mdc', state: 'running' }] };
const ADMIN = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);

/** The device's own read fails (the tab's Reload); everything else answers empty. */
function deviceReadFails() {
  configureClient({
    fetch: (async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/inventory/managedObjects/42') return jsonReply(500, { error: 'inventory/failed', message: 'Service down' });
      return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
    }) as unknown as typeof fetch,
  });
}

describe('device tab Reload when the device cannot be read', () => {
  beforeEach(() => alerts.clearAll());

  it.each([
    ['Services', ServicesTabPage],
    ['Software', SoftwareTabPage],
  ])('the %s tab says so instead of keeping the old device as if reloaded', async (_name, Page) => {
    deviceReadFails();
    renderContribution(<Page />, { locales: en, device: DEVICE, context: { user: ADMIN } });
    fireEvent.click(await screen.findByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(alerts.list()).toEqual([expect.objectContaining({ type: 'danger', text: expect.stringContaining('Service down') })]));
  });
});

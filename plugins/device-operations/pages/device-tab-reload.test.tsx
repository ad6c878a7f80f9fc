import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import en from '../locales/device.en.json';
import ServicesTabPage from './services-page';
import SoftwareTabPage from './software-page';

/** The page's realtime connection: nothing is pushed; the test tells when it works again after an interruption. */
const mockResumeListeners = new Set<() => void>();
jest.mock('./realtime', () => ({
  subscribe: () => () => undefined,
  realtimeClient: () => ({
    subscribe: () => () => undefined,
    onResume: (l: () => void) => {
      mockResumeListeners.add(l);
      return () => mockResumeListeners.delete(l);
    },
  }),
}));

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

describe('device tab after an interruption of realtime', () => {
  it.each([
    ['Services', ServicesTabPage],
    ['Software', SoftwareTabPage],
  ])('the %s tab reads the device again when the connection works again (what was pushed meanwhile is lost)', async (_name, Page) => {
    let reads = 0;
    configureClient({
      fetch: (async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/inventory/managedObjects/42') {
          reads++;
          return jsonReply(200, DEVICE);
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<Page />, { locales: en, device: DEVICE, context: { user: ADMIN } });
    await screen.findByRole('button', { name: /Reload/ });
    expect(reads).toBe(0);
    await act(async () => mockResumeListeners.forEach((l) => l()));
    await waitFor(() => expect(reads).toBe(1));
  });
});

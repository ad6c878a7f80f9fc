import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import en from '../locales/device.en.json';
import mainEn from '../locales/en.json';
import listsEn from '../locales/lists.en.json';
import DeviceControlPage from './device-control-page';
import InfoTabPage from './info-page';
import ServicesTabPage from './services-page';
import SoftwareTabPage from './software-page';

/** The page's realtime connection: the test pushes on the device's channel. */
const mockChannels = new Map<string, (msg: { realtimeAction: string; data: unknown }) => void>();
jest.mock('./realtime', () => ({
  subscribe: () => () => undefined,
  realtimeClient: () => ({
    subscribe: (channel: string, l: (msg: { realtimeAction: string; data: unknown }) => void) => {
      mockChannels.set(channel, l);
      return () => mockChannels.delete(channel);
    },
    onResume: () => () => undefined,
  }),
}));

const DEVICE: Device = { id: '42', name: 'IoTconnector 42', type: 'adamos_NETbox', c8y_Notes: '', adamos_adamos_netbox_Services: [{ name: 'mdc', state: 'running' }] };
const ADMIN = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);
const NOTICE = 'This device no longer exists: another user may have deleted it. The tab shows what was read before; changes cannot be saved.';
const notFound = () => jsonReply(404, { error: 'inventory/Not Found', message: 'Finding managed object with id 42 failed : Could not find managed object with id 42!' });
const empty = () => jsonReply(200, { managedObjects: [], references: [], statistics: { currentPage: 1, pageSize: 1 } });

// In act: clearing updates the alert list that showed the test before's alerts.
beforeEach(() => act(() => alerts.clearAll()));

it('says on the tab when the platform pushes that the device was deleted, and keeps the tab', async () => {
  configureClient({ fetch: (async () => empty()) as unknown as typeof fetch });
  renderContribution(<ServicesTabPage />, { locales: en, device: DEVICE, context: { user: ADMIN } });
  await screen.findByText('mdc');
  expect(screen.queryByTestId('device-deleted')).toBeNull();
  await waitFor(() => expect(mockChannels.has('/managedobjects/42')).toBe(true));
  act(() => mockChannels.get('/managedobjects/42')!({ realtimeAction: 'DELETE', data: '42' }));
  expect(await screen.findByTestId('device-deleted')).toHaveTextContent(NOTICE);
  expect(screen.getByText('mdc')).toBeInTheDocument();
});

it('a save answered 404 reads the device again and says it was deleted; the typed notes stay', async () => {
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/inventory/managedObjects/42') return notFound();
      void init;
      return empty();
    }) as unknown as typeof fetch,
  });
  renderContribution(<InfoTabPage />, { locales: en, device: DEVICE, context: { user: ADMIN } });
  const notes = (await screen.findByLabelText('Notes')) as HTMLTextAreaElement;
  fireEvent.change(notes, { target: { value: 'typed by me' } });
  fireEvent.click(screen.getByTestId('save-device'));
  expect(await screen.findByTestId('device-deleted')).toHaveTextContent(NOTICE);
  expect(notes.value).toBe('typed by me');
});

it.each([
  ['Software', SoftwareTabPage, () => screen.findByText('mdc-collector')],
  ['Device Control', DeviceControlPage, () => screen.findByRole('button', { name: 'Start Replacement Process' })],
])('says on the %s tab when the platform pushes that the device was deleted, and keeps what the tab showed', async (_tab, Page, shown) => {
  configureClient({ fetch: (async () => jsonReply(200, { operations: [], managedObjects: [], references: [], statistics: { currentPage: 1, pageSize: 1 } })) as unknown as typeof fetch });
  const device: Device = {
    ...DEVICE,
    c8y_Agent: { version: '0.5.1' },
    c8y_Availability: { status: 'AVAILABLE' },
    adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc-collector', version: '2.5.0', type: 'APPLICATION', status: 'installed' }],
  };
  renderContribution(<Page />, { locales: { ...mainEn, ...listsEn, ...en }, device, context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_DEVICE_CONTROL_ADMIN']) } });
  await shown();
  expect(screen.queryByTestId('device-deleted')).toBeNull();
  await waitFor(() => expect(mockChannels.has('/managedobjects/42')).toBe(true));
  act(() => mockChannels.get('/managedobjects/42')!({ realtimeAction: 'DELETE', data: '42' }));
  expect(await screen.findByTestId('device-deleted')).toHaveTextContent(NOTICE);
  expect(await shown()).toBeInTheDocument();
});

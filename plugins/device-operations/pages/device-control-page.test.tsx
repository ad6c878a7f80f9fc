import { screen } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import en from '../locales/en.json';
import listsEn from '../locales/lists.en.json';
import deviceEn from '../locales/device.en.json';
import DeviceControlPage from './device-control-page';

jest.mock('./realtime', () => ({ subscribe: () => () => undefined, realtimeClient: () => ({ subscribe: () => () => undefined, onResume: () => () => undefined }) }));

const ADMIN = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_DEVICE_CONTROL_ADMIN']);
const box = (extra: Record<string, unknown> = {}) => ({
  id: '42',
  name: 'IoTconnector 42',
  type: 'adamos_NETbox',
  c8y_Agent: { version: '0.5.1' },
  c8y_Availability: { status: 'AVAILABLE' },
  c8y_RequiredAvailability: { responseInterval: 30 },
  ...extra,
});

beforeEach(() => configureClient({ fetch: (async () => jsonReply(200, { operations: [], managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } })) as unknown as typeof fetch }));

it('does not offer replacing an IoTconnector that was already replaced (the service refuses it, at the very end)', async () => {
  const { unmount } = renderContribution(<DeviceControlPage />, { locales: { ...en, ...listsEn, ...deviceEn }, device: box({ adamos_IoTconnector_ReplacedBy: { id: '77', name: 'IoTconnector 77' } }), context: { user: ADMIN } });
  const start = await screen.findByRole('button', { name: 'Start Replacement Process' });
  expect(start).toBeDisabled();
  expect(start).toHaveAttribute('title', 'This IoTconnector was already replaced by IoTconnector 77.');
  unmount();
  renderContribution(<DeviceControlPage />, { locales: { ...en, ...listsEn, ...deviceEn }, device: box(), context: { user: ADMIN } });
  expect(await screen.findByRole('button', { name: 'Start Replacement Process' })).toBeEnabled();
});

import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { leaveBlocked } from '@shared/plugin-api/leave-guard';
import type { Device } from '@shared/plugin-api/types';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import { InfoTab } from './info-tab';

const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn(), clear: jest.fn() };

/** Every read of the Info tab's own queries (owner, provisioning child) fails. */
function failingPlatform() {
  configureClient({
    fetch: (async () => reply(500, { error: 'x', message: 'Database down' })) as typeof fetch,
  });
}

/** The Info tab of device 42 ('box', owned by device_box) for a user who may read it and its owner. */
function renderBox(isAdmin: boolean, fragments: Record<string, unknown> = {}) {
  renderContribution(
    <InfoTab
      device={{ id: '42', name: 'box', type: 'adamos_NETbox', owner: 'device_box', ...fragments }}
      isAdmin={isAdmin}
      alerts={alerts}
      confirm={async () => true}
      onSaved={jest.fn()}
      onReload={async () => undefined}
    />,
    {
      context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_USER_MANAGEMENT_READ']), tenant: { name: 'demo' } },
      locales: { ...en, ...listsEn, ...deviceEn },
    },
  );
}

it('says that the owner and the provisioning data could not be loaded, rather than showing them empty', async () => {
  failingPlatform();
  renderBox(false);
  expect(await screen.findByTestId('provisioning-error')).toHaveTextContent('The provisioning data could not be loaded: Database down');
  expect(await screen.findByTestId('owner-error')).toHaveTextContent('The owner could not be loaded: Database down');

  // Reload reads them again: once the platform answers, the errors give way to the data.
  configureClient({
    fetch: (async (url: string) => {
      if (url.includes('/users/')) return reply(200, { userName: 'device_box', enabled: true });
      if (url.includes('/childAdditions')) return reply(200, { references: [{ managedObject: { id: '7' } }] });
      return reply(200, { managedObjects: [{ id: '7', type: 'adamos_IoTconnector_azure_dps_config', azure_dps_registration_id: 'nb-box' }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
  expect(await screen.findByText('nb-box')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('provisioning-error')).toBeNull());
  expect(screen.queryByTestId('owner-error')).toBeNull();
  expect(screen.getByText('Active')).toBeInTheDocument();
});

it('does not offer deactivating the owner when the owner is the signed-in user (the platform refuses it)', async () => {
  configureClient({
    fetch: (async (url: string) => {
      if (url.includes('/users/')) return reply(200, { userName: 'admin', enabled: true });
      return reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const roles = ['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_ADMIN'];
  const info = (owner: string) => (
    <InfoTab
      device={{ id: '42', name: 'box', type: 'adamos_NETbox', owner }}
      isAdmin={false}
      alerts={alerts}
      confirm={async () => true}
      onSaved={jest.fn()}
      onReload={async () => undefined}
    />
  );
  const { unmount } = renderContribution(info('admin'), { context: { user: testUser(roles), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } });
  const mine = await screen.findByRole('button', { name: 'Deactivate' });
  expect(mine).toBeDisabled();
  expect(mine).toHaveAttribute('title', 'You cannot deactivate yourself.');
  unmount();

  // Another owner stays deactivatable.
  configureClient({ fetch: (async (url: string) => (url.includes('/users/') ? reply(200, { userName: 'device_box', enabled: true }) : reply(200, { managedObjects: [], references: [] }))) as typeof fetch });
  renderContribution(info('device_box'), { context: { user: testUser(roles), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } });
  expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeEnabled();
});

it('names the push status in words, in English as in German, like the send status beside it', async () => {
  configureClient({ fetch: (async () => reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } })) as typeof fetch });
  const device = { id: '42', name: 'box', type: 'adamos_NETbox', c8y_Connection: { status: 'CONNECTED' }, c8y_Availability: { status: 'AVAILABLE' }, c8y_RequiredAvailability: { responseInterval: 30 } };
  const tab = <InfoTab device={device} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />;
  const { unmount } = renderContribution(tab, { context: { user: testUser(['ROLE_INVENTORY_READ']) }, locales: { ...en, ...listsEn, ...deviceEn } });
  expect(screen.getByTestId('send-status')).toHaveTextContent('Online');
  expect(screen.getByTestId('push-status')).toHaveTextContent(/^Connected$/);
  unmount();
  renderContribution(
    <InfoTab device={{ ...device, c8y_Connection: { status: 'DISCONNECTED' } }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ']) }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  expect(screen.getByTestId('push-status')).toHaveTextContent(/^Disconnected$/);
});

it("names the device's type as the rest of the product does, the inventory type kept as its title", async () => {
  configureClient({ fetch: (async () => reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } })) as typeof fetch });
  renderContribution(
    <InfoTab device={{ id: '42', name: 'ipc', type: 'adamos_celosx' }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  expect(screen.getByTestId('device-type')).toHaveTextContent(/^CELOS OS \(IPC x64\)$/);
  expect(screen.getByTestId('device-type').firstElementChild).toHaveAttribute('title', 'adamos_celosx');
});

it('breaks a name without spaces anywhere, inside its card (a 200-character name ran out of the Device card)', () => {
  configureClient({ fetch: (async () => reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } })) as typeof fetch });
  const name = 'LONG-' + 'X'.repeat(195);
  renderContribution(
    <InfoTab device={{ id: '42', name, type: 'adamos_NETbox' }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  expect(screen.getByText(name).style.overflowWrap).toBe('anywhere');
});

it('says why Save changes is blocked, to a screen reader too: nothing changed, or the interval is wrong', () => {
  configureClient({ fetch: (async () => reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } })) as typeof fetch });
  renderContribution(
    <InfoTab device={{ id: '42', name: 'box', type: 'adamos_NETbox', c8y_RequiredAvailability: { responseInterval: 15 } }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  const save = screen.getByTestId('save-device');
  expect(save).toHaveAttribute('aria-disabled', 'true');
  expect(save).toHaveAccessibleDescription('Nothing to save: the notes and the required interval are unchanged.');
  fireEvent.change(screen.getByLabelText('Required interval (minutes)'), { target: { value: '600000' } });
  expect(save).toHaveAccessibleDescription('Correct the required interval to save.');
  fireEvent.change(screen.getByLabelText('Required interval (minutes)'), { target: { value: '30' } });
  expect(save).not.toHaveAttribute('aria-disabled');
  expect(save).toHaveAccessibleDescription('');
});

it('says that the owner, the provisioning data and the groups are still loading, rather than showing them empty', async () => {
  // No read answers yet.
  configureClient({ fetch: (() => new Promise<Response>(() => undefined)) as unknown as typeof fetch });
  renderBox(true);
  expect(await screen.findByTestId('provisioning-loading')).toHaveTextContent('Loading…');
  expect(screen.getByTestId('owner-loading')).toHaveTextContent('Loading…');
  expect(screen.getByTestId('groups-loading')).toHaveTextContent('Loading…');
  expect(screen.queryByText('The device is in no group.')).toBeNull();
});

it('says that a device without a modem reports no mobile network data, instead of fourteen empty mobile fields', async () => {
  failingPlatform();
  renderBox(false);
  const card = () => screen.getByTestId('mobile-card');
  expect(card()).toHaveTextContent('This device reports no mobile network data.');
  expect(card()).not.toHaveTextContent('IMSI');
});

it('shows the mobile fields of a device that reports them', async () => {
  failingPlatform();
  renderBox(false, { c8y_Mobile: { imsi: '262011234567890', currentOperator: 'Telekom' } });
  expect(screen.getByTestId('mobile-card')).toHaveTextContent('IMSI262011234567890');
  expect(screen.getByTestId('mobile-card')).not.toHaveTextContent('This device reports no mobile network data.');
});

it("saves only the notes the user changed: the interval as this tab read it is not written back over another user's change", async () => {
  const puts: unknown[] = [];
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return reply(200, { id: '42', c8y_Notes: 'checked' });
      }
      return reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  renderContribution(
    <InfoTab device={{ id: '42', name: 'box', type: 'adamos_NETbox', c8y_Notes: 'old', c8y_RequiredAvailability: { responseInterval: 15 } }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'checked' } });
  await act(async () => fireEvent.click(screen.getByTestId('save-device')));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0]).toMatchObject({ c8y_Notes: 'checked' });
  expect(puts[0]).not.toHaveProperty('c8y_RequiredAvailability');
});

it('asks before leaving while the notes or the interval differ from the device, not once they are saved or typed back', async () => {
  configureClient({
    fetch: (async (url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? reply(200, { id: '42', ...JSON.parse(String(init.body)) }) : reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } })) as typeof fetch,
  });
  function Page() {
    const [device, setDevice] = useState<Device>({ id: '42', name: 'box', type: 'adamos_NETbox', c8y_Notes: 'old', c8y_RequiredAvailability: { responseInterval: 15 } });
    return <InfoTab device={device} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={(d) => setDevice((old) => ({ ...old, ...d }))} onReload={async () => undefined} />;
  }
  renderContribution(<Page />, { context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } });
  expect(leaveBlocked()).toBe(false);
  const interval = screen.getByLabelText('Required interval (minutes)');
  fireEvent.change(interval, { target: { value: '20' } });
  expect(leaveBlocked()).toBe(true);
  // Typed back to what the device holds: nothing would be lost.
  fireEvent.change(interval, { target: { value: '15' } });
  expect(leaveBlocked()).toBe(false);
  fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'checked' } });
  expect(leaveBlocked()).toBe(true);
  await act(async () => fireEvent.click(screen.getByTestId('save-device')));
  await waitFor(() => expect(alerts.success).toHaveBeenCalledWith('Device updated successfully'));
  expect(screen.getByLabelText('Notes')).toHaveValue('checked');
  expect(leaveBlocked()).toBe(false);
});

it("switches maintenance on with the device's interval as it is now, not the one this tab read (another user's change is kept)", async () => {
  const puts: unknown[] = [];
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return reply(200, { id: '42', c8y_RequiredAvailability: { responseInterval: -60 } });
      }
      // Another user set 60 minutes since this tab read 30.
      if (new URL(url, 'http://x').pathname.endsWith('/managedObjects/42')) return reply(200, { id: '42', c8y_RequiredAvailability: { responseInterval: 60 } });
      return reply(200, { managedObjects: [], references: [], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  renderContribution(
    <InfoTab device={{ id: '42', name: 'box', type: 'adamos_NETbox', c8y_RequiredAvailability: { responseInterval: 30 } }} isAdmin={false} alerts={alerts} confirm={async () => true} onSaved={jest.fn()} onReload={async () => undefined} />,
    { context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']), tenant: { name: 'demo' } }, locales: { ...en, ...listsEn, ...deviceEn } },
  );
  await act(async () => fireEvent.click(screen.getByTestId('maintenance-switch')));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0]).toMatchObject({ c8y_RequiredAvailability: { responseInterval: -60 } });
});

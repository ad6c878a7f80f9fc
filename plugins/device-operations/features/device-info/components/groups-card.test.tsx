import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import { GROUPS_CHANGED_EVENT } from '@shared/plugin-api/groups-changed';
import { GroupsCard } from './groups-card';

/** The group list (page of 2000) fails; the device's own groups are asked for by childAssetId. */
function platform() {
  configureClient({
    fetch: (async (url: string) => {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('childAssetId') === '42') return reply(200, { managedObjects: [{ id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
      return reply(500, { error: 'x', message: 'Database down' });
    }) as typeof fetch,
  });
}

it("shows the device's groups even when the group list fails, and says that it failed", async () => {
  platform();
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} onChanged={async () => undefined} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  expect(await screen.findByText('Plant Bielefeld')).toBeInTheDocument();
  // A long group name breaks anywhere instead of pushing Unassign out of the card.
  expect(screen.getByText('Plant Bielefeld').style.overflowWrap).toBe('anywhere');
  expect(await screen.findByTestId('groups-error', {}, { timeout: 10000 })).toHaveTextContent('The groups could not be loaded: Database down');
});

it('says that the device was added even when reading it again fails, and keeps the picked group when the add fails', async () => {
  let addFails = true;
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (init?.method === 'POST') return addFails ? reply(503, { error: 'x', message: 'Service down' }) : reply(201, {});
      if (u.searchParams.get('childAssetId') === '42') return reply(200, { managedObjects: [], statistics: { currentPage: 1 } });
      return reply(200, { managedObjects: [{ id: '7', name: 'Plant Pfronten', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const onChanged = jest.fn(async () => {
    throw new Error('Device could not be read');
  });
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={alerts} onChanged={onChanged} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  const select = (await screen.findByRole('combobox', { name: 'Group' })) as HTMLSelectElement;
  await screen.findByRole('option', { name: 'Plant Pfronten' });
  fireEvent.change(select, { target: { value: '7' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to group' }));
  await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith(expect.objectContaining({ message: 'Service down' })));
  expect(alerts.success).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add to group' })).toBeEnabled());
  expect(select.value).toBe('7');

  addFails = false;
  fireEvent.click(screen.getByRole('button', { name: 'Add to group' }));
  await waitFor(() => expect(alerts.success).toHaveBeenCalledWith('Device added to group'));
  expect(alerts.fail).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Device could not be read' }));
  expect(select.value).toBe('');
});

it('keeps keyboard focus on the card: after Unassign on the next Unassign, then on the group choice; after Add to group on the group choice', async () => {
  let member = [
    { id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} },
    { id: '6', name: 'Plant Pfronten', c8y_IsDeviceGroup: {} },
  ];
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (init?.method === 'DELETE') {
        member = member.filter((g) => !u.pathname.includes(`/${g.id}/`));
        return reply(204, null);
      }
      if (init?.method === 'POST') return reply(201, {});
      if (u.searchParams.get('childAssetId') === '42') return reply(200, { managedObjects: member, statistics: { currentPage: 1 } });
      return reply(200, { managedObjects: [{ id: '7', name: 'Plant Chemnitz', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={alerts} onChanged={async () => undefined} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  const first = await screen.findByRole('button', { name: 'Unassign from Plant Bielefeld' });
  first.focus();
  fireEvent.click(first);
  await waitFor(() => expect(screen.queryByText('Plant Bielefeld')).toBeNull());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unassign from Plant Pfronten' })).toHaveFocus());
  fireEvent.click(screen.getByRole('button', { name: 'Unassign from Plant Pfronten' }));
  const select = screen.getByRole('combobox', { name: 'Group' });
  await waitFor(() => expect(select).toHaveFocus());

  await screen.findByRole('option', { name: 'Plant Chemnitz' });
  fireEvent.change(select, { target: { value: '7' } });
  const add = screen.getByRole('button', { name: 'Add to group' });
  add.focus();
  fireEvent.click(add);
  await waitFor(() => expect(alerts.success).toHaveBeenCalledWith('Device added to group'));
  await waitFor(() => expect(select).toHaveFocus());
});

/** The card for device 42 as an inventory admin, with Plant Pfronten (7) picked to add to. */
async function pickPfronten() {
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={alerts} onChanged={async () => undefined} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  const select = (await screen.findByRole('combobox', { name: 'Group' })) as HTMLSelectElement;
  await screen.findByRole('option', { name: 'Plant Pfronten' });
  fireEvent.change(select, { target: { value: '7' } });
  return { alerts, select };
}

it('names a group another user deleted since the card read it, and reads the groups again instead of offering or listing it', async () => {
  // Groups 7 (offered) and 5 (the device's) exist when the card reads them; both are deleted before the user acts.
  let deleted = false;
  const posts: string[] = [];
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const notFound = (id: string) => reply(404, { error: 'inventory/Not Found', message: `Finding managed object with id ${id} failed : Could not find managed object with id ${id}!` });
      if (init?.method === 'POST') {
        posts.push(u.pathname);
        return deleted ? notFound('7') : reply(201, {});
      }
      if (init?.method === 'DELETE') return deleted ? notFound('5') : reply(204, null);
      if (/\/managedObjects\/(5|7)$/.test(u.pathname)) return deleted ? notFound(u.pathname.slice(-1)) : reply(200, { id: u.pathname.slice(-1) });
      if (u.searchParams.get('childAssetId') === '42') return reply(200, { managedObjects: deleted ? [] : [{ id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
      return reply(200, { managedObjects: deleted ? [] : [{ id: '7', name: 'Plant Pfronten', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const { alerts, select } = await pickPfronten();
  // The Groups tree lists it too: it is told to read its open levels again.
  const announced = jest.fn();
  window.addEventListener(GROUPS_CHANGED_EVENT, announced);
  deleted = true;
  fireEvent.click(screen.getByRole('button', { name: 'Add to group' }));
  await waitFor(() =>
    expect(alerts.fail).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The group "Plant Pfronten" no longer exists: another user may have deleted it. The groups have been read again.' }),
    ),
  );
  expect(posts).toHaveLength(1);
  expect(announced).toHaveBeenCalled();
  window.removeEventListener(GROUPS_CHANGED_EVENT, announced);
  await waitFor(() => expect(screen.queryByRole('option', { name: 'Plant Pfronten' })).toBeNull());
  expect(select.value).toBe('');
  // The device's own group, deleted too, left its list with the re-read.
  expect(screen.queryByText('Plant Bielefeld')).toBeNull();
  expect(alerts.success).not.toHaveBeenCalled();
});

it('keeps the server message for a 404 that is not the group (the group still answers)', async () => {
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (init?.method === 'POST') return reply(404, { error: 'inventory/Not Found', message: 'Finding managed object with id 42 failed : Could not find managed object with id 42!' });
      if (u.pathname.endsWith('/managedObjects/7')) return reply(200, { id: '7' });
      if (u.searchParams.get('childAssetId') === '42') return reply(200, { managedObjects: [], statistics: { currentPage: 1 } });
      return reply(200, { managedObjects: [{ id: '7', name: 'Plant Pfronten', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const { alerts, select } = await pickPfronten();
  fireEvent.click(screen.getByRole('button', { name: 'Add to group' }));
  await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('id 42') })));
  expect(select.value).toBe('7');
});

it('says that another user already removed the device from the group when Unassign finds no membership, instead of the platform\'s "not found"', async () => {
  // The card read group 5 as the device's; another user unassigned it before this user's click.
  let removed = false;
  configureClient({
    fetch: (async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (init?.method === 'DELETE') {
        removed = true;
        return reply(404, { error: 'inventory/Not Found', message: 'Could not find managed object reference 5/childAssets/42' });
      }
      if (/\/managedObjects\/(5|42)$/.test(u.pathname)) return reply(200, { id: u.pathname.split('/').pop() });
      if (u.searchParams.get('childAssetId') === '42') return reply(200, { managedObjects: removed ? [] : [{ id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
      return reply(200, { managedObjects: [{ id: '5', name: 'Plant Bielefeld', c8y_IsDeviceGroup: {} }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<GroupsCard device={{ id: '42', name: 'box' }} alerts={alerts} onChanged={async () => undefined} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: { ...en, ...listsEn, ...deviceEn },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Unassign from Plant Bielefeld' }));
  await waitFor(() =>
    expect(alerts.info).toHaveBeenCalledWith('The device is no longer in the group "Plant Bielefeld": another user may have removed it. The groups have been read again.'),
  );
  expect(alerts.fail).not.toHaveBeenCalled();
  expect(alerts.success).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Unassign from Plant Bielefeld' })).toBeNull());
});

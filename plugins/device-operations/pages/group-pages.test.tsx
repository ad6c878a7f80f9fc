import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution, testContext, testUser } from '@shared/plugin-api/testing';
import { ContributionProviders } from '@shared/plugin-api/parcel';
import en from '../locales/lists.en.json';
import de from '../locales/lists.de.json';
import pluginDe from '../locales/de.json';
import { GROUPS_CHANGED_EVENT } from '@shared/plugin-api/groups-changed';
import GroupPage from './group-page';
import GroupSubAssetsPage from './group-sub-assets-page';

/** The group's own read fails; its sub-assets and the server job's status answer. */
function groupReadFails() {
  configureClient({
    fetch: (async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/inventory/managedObjects/5') return jsonReply(500, { error: 'inventory/failed', message: 'Service down' });
      if (path === '/inventory/managedObjects/5/childAssets') return jsonReply(200, { references: [{ managedObject: { id: '7', name: 'IoTconnector 7', type: 'adamos_NETbox' } }], statistics: { currentPage: 1, pageSize: 10 } });
      return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
    }) as unknown as typeof fetch,
  });
}

const OPERATOR = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);

describe('group pages when the group cannot be read', () => {
  it('the sub-assets page says so (its Select Software stays off), in English and German', async () => {
    groupReadFails();
    const { unmount } = renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getByTestId('group-error')).toHaveTextContent('The group could not be loaded: Service down'));
    expect(screen.getByTestId('group-select-software')).toBeDisabled();
    unmount();
    renderContribution(<GroupSubAssetsPage />, { language: 'de', locales: de, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getByTestId('group-error')).toHaveTextContent('Die Gruppe konnte nicht geladen werden: Service down'));
  });

  it('the group page names what failed, not only the server text', async () => {
    groupReadFails();
    renderContribution(<GroupPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getByTestId('group-error')).toHaveTextContent('The group could not be loaded: Service down'));
  });
});

describe('group pages for a group another user deleted', () => {
  it.each([
    ['group page', GroupPage],
    ['sub-assets page', GroupSubAssetsPage],
  ])('the %s says the group does not exist and has the Groups tree read again (it still listed it)', async (_name, Page) => {
    configureClient({
      fetch: (async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path.startsWith('/inventory/managedObjects/5')) return jsonReply(404, { error: 'inventory/Not Found', message: 'Finding managed object with id 5 failed : Could not find managed object with id 5!' });
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const announced = jest.fn();
    window.addEventListener(GROUPS_CHANGED_EVENT, announced);
    try {
      const { queryClient } = renderContribution(<Page />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
      await waitFor(() => expect(screen.getByTestId('group-error')).toHaveTextContent('This group does not exist; another user may have deleted it.'));
      // Said once, also after every read of the page has its answer (the sub-assets' own 404 included):
      // no empty table with the server's raw text under it, no pager, no Select Software.
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(announced).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('group-error')).toHaveTextContent('This group does not exist; another user may have deleted it.');
      expect(screen.queryByTestId('sub-assets-table')).toBeNull();
      expect(screen.queryByTestId('sub-assets-error')).toBeNull();
      expect(screen.queryByTestId('group-select-software')).toBeNull();
      expect(screen.queryByText(/Could not find managed object/)).toBeNull();
    } finally {
      window.removeEventListener(GROUPS_CHANGED_EVENT, announced);
    }
  });
});

describe('group page title', () => {
  it("shows the group's name as it is, also where it reads like a text of the plugin ('Devices' stays 'Devices' in German)", async () => {
    configureClient({
      fetch: (async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Devices', c8y_IsDeviceGroup: {} });
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 25, totalElements: 0 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<GroupPage />, { language: 'de', locales: { ...de, ...pluginDe }, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getByTestId('list-heading')).toHaveTextContent(/^Devices /));
    expect(screen.getByTestId('list-heading')).not.toHaveTextContent('Geräte');
    // A name without spaces breaks anywhere instead of running past the page's edge.
    expect(screen.getByTestId('list-heading').style.overflowWrap).toBe('anywhere');
    // The way to the group's Select Software: its sub-assets page.
    expect(screen.getByTestId('sub-assets-link')).toHaveAttribute('href', '#/group/5/sub-assets');
  });
});

describe('group sub-assets', () => {
  it("names each sub-asset's type as the product does, not by its inventory type, in English and German", async () => {
    const children = [
      { id: '7', name: 'NB 7', type: 'adamos_NETbox' },
      { id: '8', name: 'IPC 8', type: 'adamos_celosx' },
      { id: '9', name: 'FX 9', type: 'adamos_iotconnectorflex' },
      { id: '10', name: 'Hall 2', type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} },
      { id: '11', name: 'Router', type: 'adamos_MobileRouter' },
      { id: '12', name: 'Sensor', type: 'c8y_MQTTDevice' },
    ];
    configureClient({
      fetch: (async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
        if (path === '/inventory/managedObjects/5/childAssets') return jsonReply(200, { references: children.map((managedObject) => ({ managedObject })), statistics: { currentPage: 1, pageSize: 10 } });
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const types = () => screen.getAllByTestId('sub-asset-type').map((c) => c.textContent);
    const { unmount } = renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getAllByTestId('sub-asset-type')).toHaveLength(6));
    // A type the product has no name for is shown as it is.
    expect(types()).toEqual(['IoTconnector', 'CELOS OS (IPC x64)', 'CELOS OS (IOT2050)', 'Group', 'Mobile router', 'c8y_MQTTDevice']);
    // A device's name links its page and is isolated, as in every list (a direction mark in a stored
    // name cannot turn the row around it); a group's name links its sub-assets.
    expect(screen.getByRole('link', { name: 'NB 7' })).toHaveAttribute('href', '#/device/7');
    expect(screen.getByText('NB 7').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'Hall 2' })).toHaveAttribute('href', '#/group/10/sub-assets');
    expect(screen.getByText('Hall 2').tagName).toBe('BDI');
    // Names without spaces break anywhere, in the heading and in the table (a 150-character name ran
    // past the page's edge); the group's name is isolated from "Sub-assets" beside it.
    expect(screen.getByText('NB 7').closest('td')!.style.overflowWrap).toBe('anywhere');
    await waitFor(() => expect(screen.getByText('Hall 1').tagName).toBe('BDI'));
    expect(screen.getByRole('heading', { level: 1 }).style.overflowWrap).toBe('anywhere');
    unmount();
    renderContribution(<GroupSubAssetsPage />, { language: 'de', locales: de, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getAllByTestId('sub-asset-type')).toHaveLength(6));
    expect(types()).toEqual(['IoTconnector', 'CELOS OS (IPC x64)', 'CELOS OS (IOT2050)', 'Gruppe', 'Mobiler Router', 'c8y_MQTTDevice']);
  });
});

describe('group sub-assets paging', () => {
  /** A group of 35 sub-assets; `hold` keeps the sub-assets read unanswered until released. */
  function groupOf35(hold?: Promise<void>) {
    const pages: string[] = [];
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
        if (u.pathname === '/inventory/managedObjects/5/childAssets') {
          const current = Number(u.searchParams.get('currentPage') ?? 1);
          pages.push(String(current));
          if (hold) await hold;
          const references = Array.from({ length: Math.max(0, Math.min(10, 35 - (current - 1) * 10)) }, (_, i) => ({
            managedObject: { id: String(100 + (current - 1) * 10 + i), name: `NB ${(current - 1) * 10 + i}`, type: 'adamos_NETbox' },
          }));
          return jsonReply(200, { references, statistics: { currentPage: current, pageSize: 10 }, ...(current * 10 < 35 ? { next: 'next' } : {}) });
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    return pages;
  }

  it('keeps its page in the address, so Back from a sub-asset returns to that page', async () => {
    const pages = groupOf35();
    const navigate = jest.fn();
    renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' }, path: '/group/5/sub-assets', query: { page: '3' }, navigate } });
    await screen.findByText('NB 20');
    expect(pages).toEqual(['3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(navigate).toHaveBeenLastCalledWith('/group/5/sub-assets?page=4');
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(navigate).toHaveBeenLastCalledWith('/group/5/sub-assets');
  });

  it('knows its last page: a group of exactly 20 offers no Next on page 2 (the platform links a next page after every full one)', async () => {
    const asked: (string | null)[] = [];
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
        if (u.pathname === '/inventory/managedObjects/5/childAssets') {
          asked.push(u.searchParams.get('withTotalPages'));
          const current = Number(u.searchParams.get('currentPage') ?? '1');
          const references = Array.from({ length: 10 }, (_, i) => ({ managedObject: { id: String(100 + (current - 1) * 10 + i), name: `NB ${(current - 1) * 10 + i}`, type: 'adamos_NETbox' } }));
          const totalPages = u.searchParams.get('withTotalPages') === 'true' ? { totalPages: 2 } : {};
          return jsonReply(200, { references, statistics: { currentPage: current, pageSize: 10, ...totalPages }, next: 'next' });
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const navigate = jest.fn();
    renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' }, path: '/group/5/sub-assets', query: { page: '2' }, navigate } });
    await screen.findByText('NB 19');
    expect(asked).toEqual(['true']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(navigate).toHaveBeenLastCalledWith('/group/5/sub-assets');
  });

  it('says it is reading the sub-assets, not an empty table', async () => {
    let release!: () => void;
    groupOf35(new Promise<void>((r) => (release = r)));
    renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
    await waitFor(() => expect(screen.getByTestId('sub-assets-table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    release();
    await screen.findByText('NB 0');
    expect(screen.getByTestId('sub-assets-table')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});

it("another group's sub-assets (the page stays mounted) do not show the previous group's messages", async () => {
  configureClient({
    fetch: (async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      const group = /^\/inventory\/managedObjects\/(\d+)$/.exec(path);
      if (group) return jsonReply(200, { id: group[1], name: `Group ${group[1]}`, c8y_IsDeviceGroup: {} });
      return jsonReply(200, { managedObjects: [], references: [], statistics: { currentPage: 1, pageSize: 10 } });
    }) as unknown as typeof fetch,
  });
  const context = (groupId: string) => testContext({ user: OPERATOR, params: { groupId }, path: `/group/${groupId}/sub-assets` });
  const { rerender, queryClient } = renderContribution(<GroupSubAssetsPage />, { locales: en, context: context('5') });
  await screen.findByText('Group 5');
  // Select Software on the empty group: the spec's warning.
  await waitFor(() => expect(screen.getByTestId('group-select-software')).toBeEnabled());
  fireEvent.click(screen.getByTestId('group-select-software'));
  await screen.findByText('No Device to assign Sofware');
  rerender(
    <ContributionProviders props={{ pluginId: 'test-plugin', contributionId: 'test', context: context('6'), queryClient }}>
      <GroupSubAssetsPage />
    </ContributionProviders>,
  );
  await screen.findByText('Group 6');
  expect(screen.queryByText('No Device to assign Sofware')).toBeNull();
});

it("while a server job runs, Select Software is off and says why on hover, in English and German", async () => {
  configureClient({
    fetch: (async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
      if (path === '/inventory/managedObjects/5/childAssets') return jsonReply(200, { references: [], statistics: { currentPage: 1, pageSize: 10 } });
      return jsonReply(200, {
        managedObjects: [{ id: '9', type: 'c8y_status', dmg_clear_pending_assignment_status: 'completed', dmg_assign_software_status: 'ongoing' }],
        statistics: { currentPage: 1, pageSize: 1 },
      });
    }) as unknown as typeof fetch,
  });
  const { unmount } = renderContribution(<GroupSubAssetsPage />, { locales: en, context: { user: OPERATOR, params: { groupId: '5' } } });
  await waitFor(() => expect(screen.getByTestId('group-select-software')).toHaveAttribute('title', 'An operation is currently ongoing - please try again later.'));
  expect(screen.getByTestId('group-select-software')).toBeDisabled();
  unmount();
  renderContribution(<GroupSubAssetsPage />, { language: 'de', locales: de, context: { user: OPERATOR, params: { groupId: '5' } } });
  await waitFor(() => expect(screen.getByTestId('group-select-software')).toHaveAttribute('title', 'Eine Operation läuft gerade - bitte später erneut versuchen.'));
});

it('Select Software on a group another user deleted since the page read it says so, not "No Device to assign Sofware"', async () => {
  let deleted = false;
  configureClient({
    fetch: (async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/inventory/managedObjects/5') {
        return deleted ? jsonReply(404, { error: 'inventory/Not Found', message: 'Could not find managed object with id 5!' }) : jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
      }
      // The group's devices: none once it is gone.
      return jsonReply(200, { managedObjects: [], references: [], statistics: { currentPage: 1, pageSize: 10 } });
    }) as unknown as typeof fetch,
  });
  const announced = jest.fn();
  window.addEventListener(GROUPS_CHANGED_EVENT, announced);
  try {
    renderContribution(<GroupSubAssetsPage />, { locales: en, context: testContext({ user: OPERATOR, params: { groupId: '5' }, path: '/group/5/sub-assets' }) });
    await screen.findByText('Hall 1');
    await waitFor(() => expect(screen.getByTestId('group-select-software')).toBeEnabled());
    deleted = true;
    fireEvent.click(screen.getByTestId('group-select-software'));
    await screen.findByText('This group does not exist; another user may have deleted it.');
    expect(screen.queryByText('No Device to assign Sofware')).toBeNull();
    expect(announced).toHaveBeenCalled();
  } finally {
    window.removeEventListener(GROUPS_CHANGED_EVENT, announced);
  }
});

it('Select Software tried again after a failure takes the failure away (no "unexpected error" beside the answer of the retry)', async () => {
  let down = true;
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/inventory/managedObjects/5') return jsonReply(200, { id: '5', name: 'Hall 1', c8y_IsDeviceGroup: {} });
      // Loading the group's devices (a query with its bygroupid) fails while the service is down.
      if (down && (u.searchParams.get('query') ?? '').includes('bygroupid(5)')) return jsonReply(503, { error: 'inventory/failed', message: 'Service down' });
      return jsonReply(200, { managedObjects: [], references: [], statistics: { currentPage: 1, pageSize: 10 } });
    }) as unknown as typeof fetch,
  });
  renderContribution(<GroupSubAssetsPage />, { locales: en, context: testContext({ user: OPERATOR, params: { groupId: '5' }, path: '/group/5/sub-assets' }) });
  await screen.findByText('Hall 1');
  await waitFor(() => expect(screen.getByTestId('group-select-software')).toBeEnabled());
  fireEvent.click(screen.getByTestId('group-select-software'));
  await screen.findByText(/An unexpected error occured/);
  down = false;
  await waitFor(() => expect(screen.getByTestId('group-select-software')).toBeEnabled());
  fireEvent.click(screen.getByTestId('group-select-software'));
  await screen.findByText('No Device to assign Sofware');
  expect(screen.queryByText(/An unexpected error occured/)).toBeNull();
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import { useState } from 'react';
import type { Device } from '@shared/plugin-api/types';
import { SoftwareTab } from './software-tab';

const device = {
  id: '42',
  type: 'adamos_NETbox',
  c8y_adamos_service_dto_AppliedDeviceProfile: { profileName: 'IoTconnector standard', profileId: '7', assignedAt: '2026-01-01T00:00:00Z' },
  adamos_adamos_netbox_SoftwarePackageList: [
    { name: 'adamos-agent', version: '0.5.1', type: 'AGENT', status: 'installed' },
    { name: 'mdc-collector', version: '2.5.0', type: 'APPLICATION', status: 'waiting for approval' },
    { name: 'hidden', version: '1', type: 'APPLICATION', status: 'installed', marked_for_deletion: true },
    ...Array.from({ length: 12 }, (_, i) => ({ name: `app-${i}`, version: 'unknown', type: 'BATCH', status: 'executed' })),
  ],
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
/** The device as the platform holds it (read before a package list is written). */
let onServer: Device;

beforeEach(() => {
  calls = [];
  onServer = device;
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if ((init.method ?? 'GET') === 'GET' && new URL(url, 'http://x').pathname.endsWith('/inventory/managedObjects/42')) return reply(200, onServer);
      // Reads find no operations yet; writes are created.
      if ((init.method ?? 'GET') === 'GET') return reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } });
      return reply(201, { id: '1', deviceId: '42', status: 'PENDING' });
    }) as typeof fetch,
  });
});

/** The demo logins' roles that matter here (shell-dev/server/core/auth.ts). */
const OPERATOR = ['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_DEVICE_CONTROL_ADMIN'];
const ADMIN = [...OPERATOR, 'ROLE_MANAGE_SOFTWARE_ADMIN'];
const VIEWER = ['ROLE_INVENTORY_READ', 'ROLE_DEVICE_CONTROL_READ'];

function renderTab(roles: string[], list = device, confirm = jest.fn(async () => true)) {
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(
    <SoftwareTab
      device={list}
      alerts={alerts}
      confirm={confirm}
      onSaved={jest.fn()}
      onReload={jest.fn(async () => undefined)}
      selectSoftwareAction={<button type="button">Select software</button>}
    />,
    { context: { user: testUser(roles) } },
  );
  return { alerts, confirm };
}

describe('SoftwareTab', () => {
  it('pages by 10, hides flagged packages and shows "unknown" as empty', () => {
    renderTab([]);
    const rows = screen.getAllByTestId('software-row');
    expect(rows).toHaveLength(10);
    expect(screen.queryByText('hidden')).toBeNull();
    expect(rows[2].children[2].textContent).toBe('');
    expect(screen.getByTestId('pager-total')).toHaveTextContent('1–10 of 14');
    fireEvent.click(screen.getByTestId('page-last'));
    expect(screen.getAllByTestId('software-row')).toHaveLength(4);
    expect(screen.getByTestId('page-2')).toHaveAttribute('aria-current', 'page');
  });

  it('offers delete only with ROLE_MANAGE_SOFTWARE_ADMIN and never for the agent', () => {
    renderTab(OPERATOR);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('offers delete to software admins except for AGENT', () => {
    renderTab(ADMIN);
    expect(screen.getByRole('button', { name: 'Delete mdc-collector' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete adamos-agent' })).toBeNull();
  });

  it('approves waiting packages with an install operation scheduled at once', async () => {
    const { confirm, alerts } = renderTab(OPERATOR);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve pending installation(s)' })));
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(alerts.success).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/devicecontrol/operations'));
    expect(post?.body).toMatchObject({ deviceId: '42', netbox_InstallSoftwarePackage: { scheduledinstallationtime: '0', name: 'mdc-collector', version: '2.5.0' } });
  });

  it('approves a package once: a second click before the device reports back sends no second install operation and says so', async () => {
    // A stand-in for the platform: created operations stay PENDING (the device has not picked them up).
    const operations: Array<Record<string, unknown>> = [];
    configureClient({
      fetch: (async (url: string, init: RequestInit) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'GET' && new URL(url, 'http://x').pathname.endsWith('/inventory/managedObjects/42')) return reply(200, two);
        if (method === 'POST') {
          const op = { ...JSON.parse(String(init.body)), id: String(operations.length + 1), status: 'PENDING' };
          operations.push(op);
          return reply(201, op);
        }
        const query = new URL(url, 'http://x').searchParams;
        const open = operations.filter(
          (o) => o.deviceId === query.get('deviceId') && o.status === query.get('status') && (!query.get('fragmentType') || query.get('fragmentType')! in o),
        );
        return reply(200, { operations: open, statistics: { currentPage: 1, pageSize: 2000 } });
      }) as typeof fetch,
    });
    // Two packages wait; one was approved in an earlier visit and is still PENDING.
    operations.push({ id: '0', deviceId: '42', status: 'EXECUTING', netbox_InstallSoftwarePackage: { scheduledinstallationtime: '0', name: 'other', version: '1.0' } });
    const two = {
      ...device,
      adamos_adamos_netbox_SoftwarePackageList: [...device.adamos_adamos_netbox_SoftwarePackageList, { name: 'other', version: '1.0', type: 'APPLICATION', status: 'waiting for approval' }],
    };
    const { confirm, alerts } = renderTab(OPERATOR, two);
    const approve = screen.getByRole('button', { name: 'Approve pending installation(s)' });
    await act(async () => fireEvent.click(approve));
    await waitFor(() => expect(alerts.success).toHaveBeenCalledWith('Installation of 1 software package(s) approved'));
    expect(confirm).toHaveBeenCalledWith('Approve installation of 1 software package(s)?');
    expect(alerts.info).toHaveBeenCalledWith('Installation of 1 software package(s) was already approved and is waiting for the device.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { netbox_InstallSoftwarePackage: { name: string } }).netbox_InstallSoftwarePackage.name)).toEqual(['mdc-collector']);
    // The device has not reported back: both packages still say waiting for approval. A second click.
    await waitFor(() => expect(approve).not.toHaveAttribute('disabled'));
    await act(async () => fireEvent.click(approve));
    await waitFor(() => expect(alerts.info).toHaveBeenLastCalledWith('Installation of 2 software package(s) was already approved and is waiting for the device.'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // It asked the platform for the device's open install operations, as the platform filters them.
    expect(calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url, 'http://x').searchParams.get('status'))).toEqual(expect.arrayContaining(['PENDING', 'EXECUTING']));
  });

  it('says which approvals were created and names the package the platform refused, with its cause', async () => {
    configureClient({
      fetch: (async (url: string, init: RequestInit) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url, body });
        if (method === 'GET' && new URL(url, 'http://x').pathname.endsWith('/inventory/managedObjects/42')) return reply(200, two);
        if (method === 'GET') return reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 2000 } });
        if (body.netbox_InstallSoftwarePackage.name === 'other') return reply(422, { error: 'devicecontrol/Invalid', message: 'The device refused the operation' });
        return reply(201, { id: '1', deviceId: '42', status: 'PENDING' });
      }) as typeof fetch,
    });
    const two = {
      ...device,
      adamos_adamos_netbox_SoftwarePackageList: [...device.adamos_adamos_netbox_SoftwarePackageList, { name: 'other', version: '1.0', type: 'APPLICATION', status: 'waiting for approval' }],
    };
    const { alerts } = renderTab(OPERATOR, two);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve pending installation(s)' })));
    await waitFor(() => expect(alerts.fail).toHaveBeenCalledTimes(1));
    expect(String(alerts.fail.mock.calls[0][0])).toContain('Installation of 1 software package(s) approved. Installation of other 1.0 could not be approved: ');
    expect(String(alerts.fail.mock.calls[0][0])).toContain('The device refused the operation');
    expect(alerts.success).not.toHaveBeenCalled();
    // Both were sent: the refusal of one did not keep the other back.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('skips the confirmation when nothing waits', async () => {
    const none = { ...device, adamos_adamos_netbox_SoftwarePackageList: device.adamos_adamos_netbox_SoftwarePackageList.filter((p) => p.status !== 'waiting for approval') };
    onServer = none;
    const { confirm, alerts } = renderTab(OPERATOR, none);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve pending installation(s)' })));
    // ...but the click is answered (after reading the device as it is now, and nothing else).
    await waitFor(() => expect(alerts.info).toHaveBeenCalledWith('No software package is waiting for approval.'));
    expect(confirm).not.toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual(['GET /inventory/managedObjects/42']);
  });

  it('shows a device without a profile as such, with no updates switch', () => {
    const { c8y_adamos_service_dto_AppliedDeviceProfile: _p, ...none } = device;
    renderTab(OPERATOR, none as typeof device);
    expect(screen.getByTestId('no-profile')).toHaveTextContent('No device profile has been applied to this device.');
    expect(screen.queryByTestId('profile-update-toggle')).toBeNull();
  });

  it('removes a deleted package from the table while Realtime is off (the held list takes the user\'s own change)', async () => {
    renderTab(ADMIN);
    fireEvent.click(screen.getByTestId('realtime-toggle'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete mdc-collector' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(screen.queryByText('mdc-collector')).toBeNull());
  });

  it.each([
    ["the next row's Delete", device, 'Delete app-0'],
    // The agent's row next to it has none.
    ["the nearest row's Delete before it", { ...device, adamos_adamos_netbox_SoftwarePackageList: [device.adamos_adamos_netbox_SoftwarePackageList[3], ...device.adamos_adamos_netbox_SoftwarePackageList.slice(0, 2)] }, 'Delete app-0'],
    ['Reload when no other row has one', { ...device, adamos_adamos_netbox_SoftwarePackageList: device.adamos_adamos_netbox_SoftwarePackageList.slice(0, 2) }, 'Reload'],
  ])('moves keyboard focus after a delete to %s (it fell to the page with the row)', async (_, list, target) => {
    renderTab(ADMIN, list);
    fireEvent.click(screen.getByTestId('realtime-toggle'));
    const del = screen.getByRole('button', { name: 'Delete mdc-collector' });
    del.focus();
    await act(async () => fireEvent.click(del));
    await waitFor(() => expect(screen.queryByText('mdc-collector')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: target })).toHaveFocus());
  });

  it('writes the package list as the device holds it when the delete is confirmed, not as this tab last heard of it', async () => {
    let answer: (yes: boolean) => void = () => undefined;
    const confirm = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    let report: (d: typeof device) => void = () => undefined;
    function Live() {
      const [current, setCurrent] = useState(device);
      report = setCurrent;
      return <SoftwareTab device={current} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={confirm} onSaved={jest.fn()} onReload={jest.fn(async () => undefined)} />;
    }
    renderContribution(<Live />, { context: { user: testUser(ADMIN) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete app-0' })));
    expect(confirm).toHaveBeenCalledTimes(1);
    // While the question is open, the device reports that mdc-collector was installed (the push
    // reaches this tab or not: the platform's copy is written).
    const reported = device.adamos_adamos_netbox_SoftwarePackageList.map((p) => (p.name === 'mdc-collector' ? { ...p, status: 'installed' } : p));
    onServer = { ...device, adamos_adamos_netbox_SoftwarePackageList: reported };
    act(() => report({ ...device, adamos_adamos_netbox_SoftwarePackageList: reported }));
    await act(async () => answer(true));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const written = (calls.find((c) => c.method === 'PUT')!.body as { adamos_adamos_netbox_SoftwarePackageList: { name: string; status: string; marked_for_deletion?: boolean }[] }).adamos_adamos_netbox_SoftwarePackageList;
    expect(written.find((p) => p.name === 'mdc-collector')?.status).toBe('installed');
    expect(written.find((p) => p.name === 'app-0')?.marked_for_deletion).toBe(true);
  });

  it("keeps what another user changed in the list that has not reached this tab, and writes nothing for a package another user already deleted", async () => {
    const list = device.adamos_adamos_netbox_SoftwarePackageList;
    // Another user deleted app-0 and a new package was assigned; this tab has heard of neither.
    onServer = { ...device, adamos_adamos_netbox_SoftwarePackageList: [...list.map((p) => (p.name === 'app-0' ? { ...p, marked_for_deletion: true } : p)), { name: 'opcua', version: '1.0', type: 'APPLICATION', status: 'assigned' }] };
    const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
    function Page() {
      const [current, setCurrent] = useState<Device>(device);
      return <SoftwareTab device={current} alerts={alerts} confirm={async () => true} onSaved={(d) => setCurrent((old) => ({ ...old, ...d }))} onReload={jest.fn(async () => undefined)} />;
    }
    renderContribution(<Page />, { context: { user: testUser(ADMIN) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete app-0' })));
    await waitFor(() => expect(alerts.info).toHaveBeenCalledWith('Software app-0  was already deleted (another user may have deleted it).'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(screen.queryByText('app-0')).toBeNull());

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete app-1' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const written = (calls.find((c) => c.method === 'PUT')!.body as { adamos_adamos_netbox_SoftwarePackageList: { name: string; marked_for_deletion?: boolean }[] }).adamos_adamos_netbox_SoftwarePackageList;
    expect(written.map((p) => p.name)).toContain('opcua');
    expect(written.find((p) => p.name === 'app-1')?.marked_for_deletion).toBe(true);
  });

  it('approves nothing another user already approved and the device installed since this tab heard of it', async () => {
    onServer = { ...device, adamos_adamos_netbox_SoftwarePackageList: device.adamos_adamos_netbox_SoftwarePackageList.map((p) => (p.name === 'mdc-collector' ? { ...p, status: 'installed' } : p)) };
    const { alerts, confirm } = renderTab(OPERATOR);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve pending installation(s)' })));
    await waitFor(() => expect(alerts.info).toHaveBeenCalledWith('No software package is waiting for approval.'));
    expect(confirm).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('reports failures through the alerts', async () => {
    configureClient({ fetch: (async () => reply(500, { error: 'x', message: 'boom' })) as unknown as typeof fetch });
    const { alerts } = renderTab(OPERATOR);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear Pending Assignments' })));
    await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' })));
  });

  it("shows Select software by the user's roles, never by the URL (admin area or not)", () => {
    renderTab(OPERATOR);
    expect(screen.getByRole('button', { name: 'Select software' })).toBeInTheDocument();
  });

  it('offers a viewer no write: disabled with the missing permission named, nothing sent on click', async () => {
    const { confirm } = renderTab(VIEWER);
    expect(screen.queryByRole('button', { name: 'Select software' })).toBeNull();
    for (const name of ['Clear Pending Assignments', 'Approve pending installation(s)']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await act(async () => fireEvent.click(button));
    }
    expect(screen.getByRole('button', { name: 'Approve pending installation(s)' })).toHaveAccessibleDescription(/Device control: admin/);
    expect(screen.getByRole('button', { name: 'Clear Pending Assignments' })).toHaveAccessibleDescription(/Inventory: admin/);
    expect(screen.getByTestId('profile-update-toggle')).toBeDisabled();
    expect(screen.getByTestId('profile-update-toggle')).toHaveAccessibleDescription(/Inventory: admin/);
    expect(confirm).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('turns the Reload icon while the device is read again (its retries can take seconds), and stops when it answers', async () => {
    let answer: () => void = () => undefined;
    const onReload = () => new Promise<void>((resolve) => (answer = resolve));
    renderContribution(<SoftwareTab device={device} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} onSaved={jest.fn()} onReload={onReload} />, {
      context: { user: testUser(OPERATOR) },
    });
    const icon = () => screen.getByRole('button', { name: 'Reload' }).querySelector('i');
    expect(icon()).not.toHaveClass('icon-spin');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
    expect(icon()).toHaveClass('icon-spin');
    await act(async () => answer());
    await waitFor(() => expect(icon()).not.toHaveClass('icon-spin'));
  });

  it('holds the table again after a Reload while Realtime is off: the reload shows, later live changes do not', async () => {
    const withPackage = (name: string) => ({ ...device, adamos_adamos_netbox_SoftwarePackageList: [{ name, version: '1', type: 'APPLICATION', status: 'installed' }] });
    let push: (d: Device) => void = () => undefined;
    function Live() {
      const [current, setCurrent] = useState<Device>(withPackage('before'));
      push = setCurrent;
      return (
        <SoftwareTab
          device={current}
          alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }}
          confirm={jest.fn(async () => true)}
          onSaved={jest.fn()}
          onReload={async () => setCurrent(withPackage('reloaded'))}
        />
      );
    }
    renderContribution(<Live />, { context: { user: testUser(OPERATOR) } });
    fireEvent.click(screen.getByTestId('realtime-toggle'));
    act(() => push(withPackage('pushed while held')));
    expect(screen.getByText('before')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
    expect(await screen.findByText('reloaded')).toBeInTheDocument();
    act(() => push(withPackage('pushed after the reload')));
    expect(screen.queryByText('pushed after the reload')).toBeNull();
    expect(screen.getByText('reloaded')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-toggle')).not.toBeChecked();
  });
});

it('keeps naming the status filter after a live update took that status from every package, and says why the table is empty', () => {
  const withStatus = (status: string): Device => ({ id: '42', type: 'adamos_NETbox', adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc', version: '2.5.0', type: 'APPLICATION', status }] });
  let push: (d: Device) => void = () => undefined;
  function Live() {
    const [current, setCurrent] = useState<Device>(withStatus('waiting for approval'));
    push = setCurrent;
    return <SoftwareTab device={current} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} onSaved={jest.fn()} onReload={jest.fn(async () => undefined)} />;
  }
  renderContribution(<Live />, { context: { user: testUser(VIEWER) } });
  const filter = screen.getByRole('combobox', { name: 'Filter by status' });
  // Clear filters is offered only while a filter is set, as on the device lists.
  expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  fireEvent.change(filter, { target: { value: 'waiting for approval' } });
  expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  expect(screen.getAllByTestId('software-row')).toHaveLength(1);
  // Approved elsewhere: the package now installs.
  act(() => push(withStatus('installing')));
  expect(screen.queryAllByTestId('software-row')).toHaveLength(0);
  expect(filter).toHaveValue('waiting for approval');
  expect((filter as HTMLSelectElement).selectedOptions[0].textContent).toBe('waiting for approval');
  expect(screen.getByTestId('software-empty')).toHaveTextContent('No software packages in this status');
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(screen.getAllByTestId('software-row')).toHaveLength(1);
  expect(document.activeElement).toBe(filter);
  act(() => push({ id: '42', type: 'adamos_NETbox' }));
  expect(screen.getByTestId('software-empty')).toHaveTextContent('No software packages available');
});

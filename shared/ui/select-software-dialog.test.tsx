import React from 'react';
import { act, cleanup as cleanupDialog, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOAD_ALL_PAGE_SIZE } from '../domain/constants';
import { configureClient } from '../platform/fetch-client';
import { SelectSoftwareDialog, type SelectSoftwareDialogProps } from './select-software-dialog';
import { PlatformContextReact } from '../plugin-api/context';
import { testContext, testUser } from '../plugin-api/testing-context';
import { renderUi } from './test-utils';

/** jsdom has no fetch Response; the client reads only these members. */
const reply = (body: unknown) =>
  ({
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => JSON.stringify(body),
  }) as unknown as Response;

const PROFILE = { id: 'p1', type: 'c8y_Profile', name: 'Base profile' };
const EXTERNAL = { id: 's1', type: 'c8y_Software', name: 'mdc', version: '2.0', url: 'https://adamosstorage.blob.core.windows.net/mdc.zip', deviceType: 'adamos_NETbox' };
const LOCAL = { id: 's2', type: 'c8y_Software', name: 'opcua', version: '1.1', url: '/inventory/binaries/7' };
/** Eleven more, so the first page is full and a second one exists. */
const MORE = Array.from({ length: 11 }, (_, i) => ({ id: `m${i}`, type: 'c8y_Software', name: `zz${i}`, version: '1', url: '/inventory/binaries/1' }));
const ALL = [PROFILE, EXTERNAL, LOCAL, ...MORE];

/** The inventory: every call recorded; the search filters on "name eq '*x*'" as the platform would. */
function fakeInventory(list: ReadonlyArray<{ name: string }> = ALL) {
  const calls: URL[] = [];
  const fetch = (async (url: string) => {
    const u = new URL(url, 'http://x');
    calls.push(u);
    const text = /name eq '\*([^*']+)\*'/.exec(u.searchParams.get('query') ?? '')?.[1];
    const matching = text ? list.filter((m) => m.name.includes(text)) : list;
    const page = Number(u.searchParams.get('currentPage') ?? 1);
    const size = Number(u.searchParams.get('pageSize'));
    const items = matching.slice((page - 1) * size, page * size);
    // Like the platform: a next link whenever the page is full.
    const next = items.length === size ? { next: `${u.pathname}?currentPage=${page + 1}` } : {};
    return reply({ managedObjects: items, statistics: { currentPage: page, pageSize: size }, ...next });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Assigning, rolling out and installing: the operator's roles. */
const OPERATOR = ['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_DEVICE_CONTROL_ADMIN'];

function open(props: Partial<SelectSoftwareDialogProps> = {}, language: 'en' | 'de' = 'en', roles = OPERATOR, list?: ReadonlyArray<{ name: string }>) {
  const api = fakeInventory(list);
  configureClient({ fetch: api.fetch, xsrfToken: () => 't' });
  const onClose = jest.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderUi(
    <PlatformContextReact.Provider value={testContext({ user: testUser(roles) })}>
      <QueryClientProvider client={qc}>
        <SelectSoftwareDialog deviceTypes={['adamos_NETbox']} deviceCount={3} queryKey={['test', 'software']} onClose={onClose} {...props} />
      </QueryClientProvider>
    </PlatformContextReact.Provider>,
    language,
  );
  return { api, onClose };
}

const rows = () => within(screen.getByTestId('software-table')).getAllByRole('row').slice(1);

afterEach(() => configureClient({ fetch: undefined }));

describe('SelectSoftwareDialog', () => {
  it('names, before OK, the devices of a mixed selection the choice cannot apply to', async () => {
    const devices = [
      { id: '1', name: 'IoTconnector NB1', type: 'adamos_NETbox' },
      { id: '2', name: 'IOT2050 FX1', type: 'adamos_iotconnectorflex' },
      { id: '3', name: 'CELOS X CX1', type: 'adamos_celosx' },
    ];
    open({ devices });
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    expect(screen.queryByTestId('software-left-out')).toBeNull();
    fireEvent.click(screen.getByTestId('software-s1'));
    expect(screen.getByTestId('software-left-out')).toHaveTextContent('mdc is for IoTconnector: 2 of the 3 devices cannot take it and will be left out.');
    expect(screen.getByTestId('software-left-out-names')).toHaveTextContent('IOT2050 FX1 (CELOS OS (IOT2050)), CELOS X CX1 (CELOS OS (IPC x64))');
    expect(screen.getByTestId('software-ok')).toBeEnabled();
    // Nothing in the selection can take it: said, and OK stays off.
    cleanupDialog();
    open({ devices: devices.slice(1), actions: ['assign', 'rollout', 'install'] });
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('software-s1'));
    expect(screen.getByTestId('software-left-out')).toHaveTextContent('mdc is for IoTconnector: none of the selected devices can take it.');
    expect(screen.getByTestId('software-ok')).toBeDisabled();
    expect(screen.getByTestId('software-ok')).toHaveAttribute('title', 'mdc is for IoTconnector: none of the selected devices can take it.');
    // Neither a rollout nor an installation would reach a device.
    expect(screen.getByTestId('software-rollout')).toBeDisabled();
    expect(screen.getByTestId('software-install')).toBeDisabled();
    expect(screen.getByTestId('software-install')).toHaveAttribute('title', 'mdc is for IoTconnector: none of the selected devices can take it.');
  });

  it('lists software and profiles of the device types with their storage', async () => {
    const { api } = open();
    await waitFor(() => expect(screen.getByText('Base profile')).toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Select software' })).toBeInTheDocument();
    expect(screen.getByText('Selected devices: 3')).toBeInTheDocument();
    expect(rows().slice(0, 3).map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['Base profile', '', 'Profile'],
      ['mdc', '2.0', 'External'],
      ['opcua', '1.1', 'Local'],
    ]);
    expect(api.calls[0].searchParams.get('query')).toContain("deviceType eq 'adamos_NETbox'");
    expect(api.calls[0].searchParams.get('pageSize')).toBe(String(LOAD_ALL_PAGE_SIZE));
  });

  it('without the storage column marks a profile in the version column', async () => {
    open({ storageColumn: false });
    await waitFor(() => expect(screen.getByText('Base profile')).toBeInTheDocument());
    expect(screen.queryByText('Storage')).not.toBeInTheDocument();
    expect(within(rows()[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', 'Base profile', 'Device profile']);
    expect(within(rows()[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', 'mdc', '2.0']);
  });

  it('pages with previous/next and goes back to page 1 on a new search', async () => {
    const { api } = open();
    await waitFor(() => expect(screen.getByTestId('software-next')).toBeEnabled());
    expect(screen.getByTestId('software-previous')).toBeDisabled();
    const asked = api.calls.length;
    fireEvent.click(screen.getByTestId('software-next'));
    // Name order (zz0, zz1, zz10, zz2, ...): the last four of the fourteen on page 2, from the list already loaded.
    await waitFor(() => expect(screen.getByText('zz9')).toBeInTheDocument());
    expect(rows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['zz6', 'zz7', 'zz8', 'zz9']);
    expect(api.calls).toHaveLength(asked);
    expect(screen.getByTestId('software-next')).toBeDisabled();
    fireEvent.change(screen.getByTestId('software-search'), { target: { value: 'opc' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.calls.at(-1)!.searchParams.get('currentPage')).toBe('1');
    expect(api.calls.at(-1)!.searchParams.get('query')).toContain("version eq '*opc*'");
  });

  it('lists versions in version order across its pages, not as the server sorts text (10.0.0 before 9.0.0)', async () => {
    // The platform's order: name, then version as text.
    const versions = Array.from({ length: 12 }, (_, i) => `${i + 1}.0.0`).sort();
    const list = versions.map((version, i) => ({ id: `v${i}`, type: 'c8y_Software', name: 'mdc', version, url: '/inventory/binaries/1' }));
    open({}, 'en', OPERATOR, list);
    const shownVersions = () => rows().map((r) => within(r).getAllByRole('cell')[2].textContent);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(shownVersions()).toEqual(['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0', '6.0.0', '7.0.0', '8.0.0', '9.0.0', '10.0.0']);
    fireEvent.click(screen.getByTestId('software-next'));
    await waitFor(() => expect(shownVersions()).toEqual(['11.0.0', '12.0.0']));
  });

  it('keeps one selection and gives it with the force flag on OK', async () => {
    const { onClose } = open();
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    expect(screen.getByTestId('software-ok')).toBeDisabled();
    // Disabled says why, on hover and as its description.
    expect(screen.getByTestId('software-ok')).toHaveAttribute('title', 'Select a software or a device profile first.');
    expect(screen.getByTestId('software-ok')).toHaveAccessibleDescription('Select a software or a device profile first.');
    fireEvent.click(screen.getByText('Base profile'));
    expect(screen.getByTestId('software-ok')).not.toHaveAttribute('title');
    fireEvent.click(screen.getByTestId('software-s1'));
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('force-installation'));
    fireEvent.click(screen.getByTestId('software-ok'));
    expect(onClose).toHaveBeenCalledWith({ action: 'assign', item: expect.objectContaining({ id: 's1', storage: 'External' }), forceInstallation: true });
  });

  it('offers rollout and install for software, not for a profile', async () => {
    const { onClose } = open({ actions: ['assign', 'rollout', 'install'] });
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    const footer = within(document.querySelector('.modal-footer') as HTMLElement).getAllByRole('button').map((b) => b.textContent);
    expect(footer).toEqual(['Cancel', 'Create Software Rollout', 'Install', 'OK']);
    fireEvent.click(screen.getByText('Base profile'));
    expect(screen.getByTestId('software-rollout')).toBeDisabled();
    expect(screen.getByTestId('software-install')).toBeDisabled();
    expect(screen.getByTestId('software-rollout')).toHaveAttribute('title', 'A device profile is assigned with OK; a rollout and an installation take a software package.');
    expect(screen.getByTestId('software-ok')).toBeEnabled();
    fireEvent.click(screen.getByText('opcua'));
    fireEvent.click(screen.getByTestId('software-install'));
    expect(onClose).toHaveBeenCalledWith({ action: 'install', item: expect.objectContaining({ id: 's2' }), forceInstallation: false });
  });

  it('keeps a choice the user may not run disabled, saying which permission is missing', async () => {
    const { onClose } = open({ actions: ['assign', 'rollout', 'install'] }, 'en', ['ROLE_INVENTORY_ADMIN']);
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    fireEvent.click(screen.getByText('opcua'));
    const install = screen.getByTestId('software-install');
    expect(install).toHaveAttribute('aria-disabled', 'true');
    expect(install).toHaveAttribute('title', 'Not permitted: your user lacks the permission “Device control: admin”.');
    fireEvent.click(install);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('software-rollout')).toBeEnabled();
  });

  it('offers only OK by default', async () => {
    open();
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    expect(screen.queryByTestId('software-rollout')).not.toBeInTheDocument();
    expect(screen.queryByTestId('software-install')).not.toBeInTheDocument();
  });

  it('gives null on Cancel and on Escape', async () => {
    const { onClose } = open();
    fireEvent.click(screen.getByTestId('software-cancel'));
    expect(onClose).toHaveBeenLastCalledWith(null);
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenLastCalledWith(null);
  });

  it('writes a huge selection as the language writes counts', async () => {
    open({ deviceCount: 12072 }, 'de');
    expect(await screen.findByText(/12\.072/)).toBeInTheDocument();
  });

  it('asks before Escape drops a chosen software, and Cancel in the question keeps the choice', async () => {
    const { onClose } = open();
    await waitFor(() => expect(screen.getByText('mdc')).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('software-s1'));
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('software-s1'), { key: 'Escape' });
    });
    expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('software-s1')).toBeChecked();
  });

  it('says it is loading, and why the list failed, instead of a blank or "no software" table', async () => {
    let fail: (r: Response) => void = () => undefined;
    const failed = { ok: false, status: 503, statusText: 'Service Unavailable', headers: { get: () => 'application/json' }, text: async () => JSON.stringify({ error: 'x', message: 'Service down' }) } as unknown as Response;
    configureClient({ fetch: (() => new Promise<Response>((resolve) => (fail = resolve))) as unknown as typeof fetch });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <PlatformContextReact.Provider value={testContext({ user: testUser(OPERATOR) })}>
        <QueryClientProvider client={qc}>
          <SelectSoftwareDialog deviceTypes={['adamos_NETbox']} deviceCount={3} queryKey={['test', 'software-failing']} onClose={jest.fn()} />
        </QueryClientProvider>
      </PlatformContextReact.Provider>,
    );
    expect(screen.getByTestId('software-table-state')).toHaveTextContent('Loading…');
    await act(async () => fail(failed));
    await waitFor(() => expect(screen.getByTestId('software-table-state')).toHaveTextContent('Software could not be loaded. Service down'));
    expect(screen.queryByText('No software to display.')).toBeNull();
  });

  it('speaks German from the SDK namespace', async () => {
    open({ actions: ['assign', 'rollout'] }, 'de');
    await waitFor(() => expect(screen.getByText('Profil')).toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Software auswählen' })).toBeInTheDocument();
    expect(screen.getByText('Extern')).toBeInTheDocument();
    expect(screen.getByText('Software-Rollout erstellen')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Suche nach Name oder Version')).toBeInTheDocument();
  });
});

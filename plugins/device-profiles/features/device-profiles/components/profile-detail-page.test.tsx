import React from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContributionProviders } from '@shared/plugin-api/parcel';
import { renderContribution, testContext, testUser } from '@shared/plugin-api/testing';
import { alerts } from '@shared/ui/alerts';
import ProfileDetailPage from './profile-detail-page';
import { leaveBlocked } from '@shared/plugin-api/leave-guard';
import de from '../../../locales/de.json';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const EDITOR = testUser(['ROLE_INVENTORY_ADMIN']);
const PROFILES: Record<string, object> = {
  '117': { id: '117', name: 'IoTconnector Bielefeld', deviceType: 'adamos_NETbox', deviceGroup: '900', c8y_DeviceProfile: { software: [] } },
  '116': { id: '116', name: 'CELOS default', deviceType: 'adamos_ipc-x64', c8y_DeviceProfile: { software: [] } },
};
const GROUPS = [{ id: '900', name: 'Plant Bielefeld' }, { id: '901', name: 'Plant Pfronten' }];
const RESTRICTIONS = { alreadyUsedProfileNames: [], alreadyAssignedGroups: [], deviceTypeWithDefaultProfile: [] };

type Answer = (url: string) => Response | undefined;

/** The stand-in platform: profiles, restrictions, the group list and single groups; `over` answers first. */
function serve(over: Answer = () => undefined) {
  const fetchMock = jest.fn(async (input: string) => {
    const url = String(input);
    const own = over(url);
    if (own) return own;
    if (url.includes('/deviceProfile/restrictions')) return reply(200, RESTRICTIONS);
    const profile = /\/deviceProfile\/(\w+)$/.exec(url.split('?')[0]);
    if (profile) return PROFILES[profile[1]] ? reply(200, PROFILES[profile[1]]) : reply(404, { error: 'inventory/Not Found', message: `Device profile ${profile[1]} not found.` });
    if (url.includes('c8y_IsDeviceGroup')) return reply(200, { managedObjects: GROUPS, statistics: { pageSize: 2000, currentPage: 1 } });
    const group = /\/managedObjects\/(\w+)/.exec(url);
    if (group) return reply(200, { id: group[1], name: `Group ${group[1]} by id` });
    if (url.includes('/inventory/managedObjects')) return reply(200, { managedObjects: [], statistics: { totalPages: 0, pageSize: 1, currentPage: 1 } });
    return reply(404, { message: `unexpected ${url}` });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** Each PUT's body, answered with `stored` as saved; other calls as `serve` answers them. */
function recordPuts(fetchMock: jest.Mock, stored: object): unknown[] {
  const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
  const puts: unknown[] = [];
  fetchMock.mockImplementation((u: string, init?: RequestInit) => {
    if (init?.method !== 'PUT') return plain(u, init);
    puts.push(JSON.parse(String(init.body)));
    return Promise.resolve(reply(200, { ok: stored, errors: [] }));
  });
  return puts;
}

const renderAt = (id: string) => renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id } } });
const nameInput = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const groupSelect = () => screen.getByRole('combobox', { name: 'Device Group' }) as HTMLSelectElement;
const selectedText = (s: HTMLSelectElement) => s.options[s.selectedIndex]?.text;

/** Opens profile 117, renames it to 'Renamed 117' and presses Save. */
async function renameAndSave() {
  renderAt('117');
  await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
  fireEvent.click(screen.getByTestId('profile-edit'));
  fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
  await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
  fireEvent.click(screen.getByTestId('profile-save'));
}

describe('ProfileDetailPage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('says why a profile that cannot be loaded is not shown (no endless spinner)', async () => {
    serve();
    renderAt('999999');
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('The device profile could not be loaded: Device profile 999999 not found.');
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('starts over on another profile: an edit of the first is not carried onto the second', async () => {
    serve();
    const view = renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    view.rerender(
      <ContributionProviders props={{ pluginId: 'device-profiles', contributionId: 'test', context: testContext({ user: EDITOR, params: { id: '116' } }), queryClient: view.queryClient }}>
        <ProfileDetailPage />
      </ContributionProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('profile-id')).toHaveTextContent('116'));
    expect(nameInput().value).toBe('CELOS default');
    expect(selectedText(groupSelect())).toBe('---');
    expect(screen.queryByTestId('profile-save')).toBeNull();
    expect(screen.getByTestId('profile-edit')).toBeInTheDocument();
  });

  it('says why Save stays disabled while the names and groups in use are read', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // The stand-in's answers, the restrictions held until answer().
    const fetchMock = serve();
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string) => {
      if (String(input).includes('/deviceProfile/restrictions')) await held;
      return served(input);
    });
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    expect(screen.getByTestId('profile-save')).toBeDisabled();
    expect(screen.getByTestId('profile-save')).toHaveAttribute('title', 'The profile names and groups already in use are being read.');
    answer();
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    expect(screen.getByTestId('profile-save')).not.toHaveAttribute('title');
  });

  it('says why Save stays disabled when the restrictions cannot be loaded, and loads them again on Reload', async () => {
    let fail = true;
    serve((url) => (url.includes('/deviceProfile/restrictions') && fail ? reply(500, { message: 'restrictions down' }) : undefined));
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    const alert = await screen.findByTestId('restrictions-error');
    expect(alert).toHaveTextContent('Saving needs the profile names and groups already in use, which could not be loaded: restrictions down');
    expect(screen.getByTestId('profile-save')).toBeDisabled();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    expect(screen.queryByTestId('restrictions-error')).toBeNull();
  });

  it("shows the profile's group, not '---', when the group list fails, and says the list failed", async () => {
    serve((url) => (url.includes('c8y_IsDeviceGroup') ? reply(500, { message: 'groups down' }) : undefined));
    renderAt('117');
    await waitFor(() => expect(selectedText(groupSelect())).toBe('Group 900 by id'));
    expect(groupSelect().value).toBe('900');
    expect(screen.getByTestId('groups-error')).toHaveTextContent('The device groups could not be loaded: groups down');
    expect(consoleError).toHaveBeenCalledWith('Device groups could not be loaded', expect.anything());
  });

  it("shows the profile's group when it is beyond the loaded page of groups", async () => {
    const fetchMock = serve((url) => (url.includes('c8y_IsDeviceGroup') ? reply(200, { managedObjects: [GROUPS[1]], statistics: { pageSize: 2000, currentPage: 1 } }) : undefined));
    renderAt('117');
    await waitFor(() => expect(selectedText(groupSelect())).toBe('Group 900 by id'));
    expect(screen.queryByTestId('groups-error')).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => /managedObjects\/900\b/.test(u))).toHaveLength(1);
  });

  it.each([
    ['en', '12,072'],
    ['de', '12.072'],
  ] as const)('writes the count of devices using the profile with the thousands separator of %s', async (language, text) => {
    serve((url) => (url.includes('AppliedDeviceProfile') ? reply(200, { managedObjects: [], statistics: { totalPages: 12072, pageSize: 1, currentPage: 1 } }) : undefined));
    renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id: '117' } }, language, ...(language === 'de' ? { locales: de } : {}) });
    await waitFor(() => expect(screen.getByTestId('devices-using')).toHaveTextContent(text));
  });

  it('says when the devices using the profile cannot be counted, instead of "-"', async () => {
    serve((url) => (url.includes('AppliedDeviceProfile') ? reply(500, { message: 'count down' }) : undefined));
    renderAt('117');
    expect(await screen.findByTestId('devices-using-error')).toHaveTextContent('The devices could not be counted: count down');
    expect(screen.getByTestId('devices-using')).not.toHaveTextContent(/^-$/);
  });

  it('says why the software of "Add software" cannot be offered', async () => {
    serve((url) => (url.includes('/softwarePackage') ? reply(500, { message: 'catalogue down' }) : undefined));
    renderAt('117');
    fireEvent.click(await screen.findByTestId('add-software'));
    expect(await screen.findByTestId('software-selection-error')).toHaveTextContent('The software could not be loaded: catalogue down');
  });

  it("does not offer a version that needs another version of what the profile's software needs, and says why in German", async () => {
    const catalogue = [
      { id: 'c25', name: 'mdc-collector', version: '2.5.0', url: '', dependencies: [] },
      { id: 'c30', name: 'mdc-collector', version: '3.0.0-rc1', url: '', dependencies: [] },
      { id: 'mm', name: 'machine-monitor', version: '4.2.0', url: '', dependencies: [{ id: 'c25', name: 'mdc-collector', version: '2.5.0' }] },
      { id: 'ea24', name: 'edge-analytics', version: '2024.1', url: '', dependencies: [{ id: 'c30', name: 'mdc-collector', version: '3.0.0-rc1' }] },
    ];
    const software = [
      { id: 'c25', name: 'mdc-collector', version: '2.5.0', action: 'install', url: '' },
      { id: 'mm', name: 'machine-monitor', version: '4.2.0', action: 'install', url: '' },
    ];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software } };
    serve((url) => (url.includes('/softwarePackage') ? reply(200, { softwarePackageList: catalogue }) : /\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    renderContribution(<ProfileDetailPage />, {
      pluginId: 'device-profiles',
      context: { user: EDITOR, params: { id: '117' } },
      language: 'de',
      locales: (await import('../../../locales/de.json')).default,
    });
    fireEvent.click(await screen.findByTestId('add-software'));
    const dialog = await screen.findByTestId('software-selection-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /edge-analytics/ }));
    expect(within(dialog).getByRole('radio', { name: /2024\.1/ })).toBeDisabled();
    expect(within(dialog).getByTestId('clash-ea24')).toHaveTextContent('Benötigt mdc-collector 3.0.0-rc1, aber mdc-collector 2.5.0 wird bereits benötigt.');
  });

  it("says why Save of 'Select software' cannot be used yet (nothing new chosen), in German too, and takes a chosen version", async () => {
    const catalogue = [
      { id: 'a1', name: 'adamos-agent', version: '0.5.1', url: '' },
      { id: 'c25', name: 'mdc-collector', version: '2.5.0', url: '' },
    ];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software: [{ id: 'a1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' }] } };
    serve((url) => (url.includes('/softwarePackage') ? reply(200, { softwarePackageList: catalogue }) : /\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id: '117' } }, language: 'de', locales: de });
    fireEvent.click(await screen.findByTestId('add-software'));
    const dialog = await screen.findByRole('dialog', { name: 'Software auswählen' });
    const save = within(dialog).getByTestId('software-selection-save');
    // Only the profile's own (locked) software is selected: nothing to save, and the button says so.
    await within(dialog).findByRole('button', { name: /mdc-collector/ });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Wählen Sie eine Version einer Software, die das Profil noch nicht hat.');
    fireEvent.click(within(dialog).getByRole('button', { name: /mdc-collector/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /2\.5\.0/ }));
    expect(save).not.toBeDisabled();
    expect(save).not.toHaveAttribute('title');
  });

  it('says when another user added the chosen name meanwhile in another version: their version stays, nothing is written for it, no "updated"', async () => {
    const catalogue = [
      { id: 'c25', name: 'mdc-collector', version: '2.5.0', url: '' },
      { id: 'c30', name: 'mdc-collector', version: '3.0.0', url: '' },
    ];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software: [] as object[] } };
    const fetchMock = serve((url) => (url.includes('/softwarePackage') ? reply(200, { softwarePackageList: catalogue }) : /\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const puts = recordPuts(fetchMock, stored);
    const success = jest.spyOn(alerts, 'success');
    const warning = jest.spyOn(alerts, 'warning');
    renderAt('117');
    fireEvent.click(await screen.findByTestId('add-software'));
    const dialog = await screen.findByTestId('software-selection-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /mdc-collector/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /3\.0\.0/ }));
    // Another user adds mdc-collector 2.5.0 to the profile while this dialog is open.
    stored.c8y_DeviceProfile = { software: [{ id: 'c25', name: 'mdc-collector', version: '2.5.0', action: 'install', url: '' }] };
    fireEvent.click(within(dialog).getByTestId('software-selection-save'));
    await waitFor(() =>
      expect(warning).toHaveBeenCalledWith(
        'Another user added mdc-collector 2.5.0 to this profile meanwhile. A profile holds one version of a name, so your choice was not added: mdc-collector 3.0.0.',
      ),
    );
    expect(puts).toEqual([]);
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(within(screen.getByTestId('profile-software')).getByText('2.5.0')).toBeInTheDocument());
    success.mockRestore();
    warning.mockRestore();
    alerts.clearAll();
  });

  it('holds the page while the edit differs from the profile as Edit found it; not after Cancel, a change taken back or a Save', async () => {
    const fetchMock = serve();
    recordPuts(fetchMock, { ...PROFILES['117'], name: 'Renamed 117' });
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect(leaveBlocked()).toBe(false);
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    expect(leaveBlocked()).toBe(true);
    fireEvent.change(nameInput(), { target: { value: 'IoTconnector Bielefeld' } });
    expect(leaveBlocked()).toBe(false);
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    fireEvent.click(screen.getByTestId('profile-cancel'));
    expect(leaveBlocked()).toBe(false);
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    expect(leaveBlocked()).toBe(true);
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('profile-save'));
    await screen.findByTestId('profile-edit');
    expect(leaveBlocked()).toBe(false);
    alerts.clearAll();
  });

  it('saves with Enter in the name once Save could be pressed, and not before (no change: nothing sent)', async () => {
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? Promise.resolve(reply(200, { ok: { ...PROFILES['117'], ...JSON.parse(String(init.body)) }, errors: [] })) : plain(u, init),
    );
    const puts = () => (fetchMock.mock.calls as unknown as [string, RequestInit?][]).filter(([, init]) => init?.method === 'PUT');
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(nameInput()).not.toBeDisabled());
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    fireEvent.change(nameInput(), { target: { value: 'Renamed by Enter' } });
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    expect(puts()).toHaveLength(0);
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0][1]?.body))).toEqual({ name: 'Renamed by Enter' });
    await waitFor(() => expect(screen.getByTestId('profile-edit')).toBeInTheDocument());
    alerts.clearAll();
  });

  it('says which chosen software another user deleted before Save, reads the list again and keeps the other choice', async () => {
    let catalogue = [
      { id: 'a1', name: 'adamos-agent', version: '0.5.1', url: '' },
      { id: 'c25', name: 'mdc-collector', version: '2.5.0', url: '' },
    ];
    const fetchMock = serve((url) => (url.includes('/softwarePackage') ? reply(200, { softwarePackageList: catalogue }) : undefined));
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? Promise.resolve(
            reply(422, {
              error: 'create-software-ng/choiceDeleted',
              message: 'Software mdc-collector 2.5.0 (c25) no longer exists in the software repository: another user deleted it.',
              missing: [{ id: 'c25', name: 'mdc-collector', version: '2.5.0' }],
            }),
          )
        : plain(u, init),
    );
    renderAt('117');
    fireEvent.click(await screen.findByTestId('add-software'));
    let dialog = await screen.findByTestId('software-selection-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /adamos-agent/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /0\.5\.1/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /mdc-collector/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /2\.5\.0/ }));
    // Another user deletes mdc-collector 2.5.0 now.
    catalogue = [catalogue[0]];
    fireEvent.click(within(dialog).getByTestId('software-selection-save'));
    // The spec's message; the dialog, back on the list read again, says which software is gone
    // (was the service's English text with an id below the alert), the other choice still chosen.
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({ type: 'danger', text: 'Failed to update device profile', detail: undefined });
    dialog = await screen.findByTestId('software-selection-dialog');
    expect(within(dialog).getByTestId('software-selection-notice')).toHaveTextContent(
      'mdc-collector 2.5.0 is no longer in the software repository: another user deleted it. Nothing was saved. The list below is read again: choose and save again.',
    );
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /mdc-collector/ })).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /adamos-agent/ }));
    expect(within(dialog).getByRole('radio', { name: /0\.5\.1/ })).toBeChecked();
    expect(within(dialog).getByTestId('software-selection-save')).not.toBeDisabled();
    alerts.clearAll();
  });

  it('sends one software change at a time: a second Remove waits for the first (it would send the first removed package back)', async () => {
    const software = [
      { id: '1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' },
      { id: '2', name: 'mdc-collector', version: '2.5.0', action: 'install', url: '' },
    ];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software } };
    let answerPut: (r: Response) => void = () => undefined;
    const fetchMock = serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? new Promise<Response>((resolve) => (answerPut = resolve)) : plain(u, init),
    );
    renderAt('117');
    const removeAgent = await screen.findByRole('button', { name: 'Remove adamos-agent' });
    fireEvent.click(removeAgent);
    const removeCollector = screen.getByRole('button', { name: 'Remove mdc-collector' });
    await waitFor(() => expect(removeCollector).toBeDisabled());
    expect(screen.getByTestId('add-software')).toBeDisabled();
    // Disabled with the reason (they were disabled without a word).
    expect(removeCollector).toHaveAttribute('title', 'The software of this profile is being saved.');
    expect(screen.getByTestId('add-software')).toHaveAttribute('title', 'The software of this profile is being saved.');
    fireEvent.click(removeCollector);
    await waitFor(() => expect((fetchMock.mock.calls as unknown as [string, RequestInit?][]).filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    stored.c8y_DeviceProfile = { software: [software[1]] };
    answerPut(reply(200, { ok: stored, errors: [] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove adamos-agent' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove mdc-collector' })).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove mdc-collector' })).not.toHaveAttribute('title');
  });

  it('says in German why Add software, Remove and Save wait while a change is saved', async () => {
    const software = [{ id: '1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' }];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software } };
    const fetchMock = serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) => (init?.method === 'PUT' ? new Promise<Response>(() => undefined) : plain(u, init)));
    renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id: '117' } }, language: 'de', locales: de });
    fireEvent.click(await screen.findByRole('button', { name: 'adamos-agent entfernen' }));
    await waitFor(() => expect(screen.getByTestId('add-software')).toHaveAttribute('title', 'Die Software dieses Profils wird gespeichert.'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    expect(screen.getByTestId('profile-save')).not.toHaveAttribute('title');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(screen.getByTestId('profile-save')).toHaveAttribute('title', 'Das Geräteprofil wird gespeichert.'));
    expect(screen.getByTestId('profile-save')).toBeDisabled();
  });

  it("keeps software another user added since the page read the profile: Remove changes the profile as stored now", async () => {
    const agent = { id: '1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' };
    const theirs = { id: '3', name: 'opcua-bridge', version: '1.0.0', action: 'install', url: '' };
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software: [agent] } };
    const fetchMock = serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const puts = recordPuts(fetchMock, stored);
    renderAt('117');
    const remove = await screen.findByRole('button', { name: 'Remove adamos-agent' });
    // Another user adds a package after this page read the profile.
    stored.c8y_DeviceProfile = { software: [agent, theirs] };
    fireEvent.click(remove);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ c8y_DeviceProfile: { software: [theirs] } });
  });

  it('shows the saved values at once after Save, not the ones before it while the profile is read again', async () => {
    let saved = false;
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        saved = true;
        return Promise.resolve(reply(200, { ok: { ...PROFILES['117'], name: 'Renamed 117' }, errors: [] }));
      }
      // The read after the save is slow: it has not answered yet.
      if (saved && /\/deviceProfile\/117$/.test(u.split('?')[0])) return new Promise<Response>(() => undefined);
      return plain(u, init);
    });
    await renameAndSave();
    await screen.findByTestId('profile-edit');
    expect(nameInput().value).toBe('Renamed 117');
  });
  it('keeps the device type of a profile with software (its software is of that type), and says how to change it', async () => {
    const software = [{ id: '1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' }];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software } };
    serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    const type = screen.getByRole('combobox', { name: 'Device type' }) as HTMLSelectElement;
    expect(type).toBeDisabled();
    expect(screen.getByTestId('device-type-note')).toHaveTextContent('The device type cannot change while the profile has software: remove its software first.');
    expect(type).toHaveAccessibleDescription('The device type cannot change while the profile has software: remove its software first.');
    // The name and group stay editable.
    expect(nameInput()).not.toBeDisabled();
    expect(groupSelect()).not.toBeDisabled();
  });

  it('lets a profile without software change its device type', async () => {
    serve();
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect(screen.getByRole('combobox', { name: 'Device type' })).not.toBeDisabled();
    expect(screen.queryByTestId('device-type-note')).toBeNull();
  });

  it("says the service's reason after 'Failed to update device profile' when it refuses without an error code", async () => {
    const software = [{ id: '1', name: 'adamos-agent', version: '0.5.1', action: 'install', url: '' }];
    const stored = { ...PROFILES['117'], c8y_DeviceProfile: { software } };
    const fetchMock = serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    const refusal = 'Software 1 (adamos-agent 0.5.1) is not a package of the software repository.';
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? Promise.resolve(reply(422, { error: 'create-software-ng/validationError', message: refusal })) : plain(u, init),
    );
    renderAt('117');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove adamos-agent' }));
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({ type: 'danger', text: 'Failed to update device profile', detail: refusal });
    alerts.clearAll();
  });

  it('shows only the code\'s own message when the service refuses with an error code', async () => {
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? Promise.resolve(reply(422, { message: 'Device profile name is not unique.', errors: ['NAME_NOT_UNIQUE'] })) : plain(u, init),
    );
    await renameAndSave();
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({ type: 'danger', text: 'Device profile name is not unique.', detail: undefined });
    alerts.clearAll();
  });
});

describe('ProfileDetailPage fields (spec 2, 4; in German)', () => {
  it('shows ID, devices using it, last update and the default hint; the form is read-only until Edit, Cancel resets and locks it', async () => {
    const lastUpdate = new Date(2026, 7, 25, 9, 6, 30);
    serve((url) => {
      if (url.includes('/deviceProfile/117')) return reply(200, { ...PROFILES['117'], lastUpdatedDateTime: lastUpdate.toISOString() });
      if (url.includes('AppliedDeviceProfile')) return reply(200, { managedObjects: [], statistics: { totalPages: 3, pageSize: 1, currentPage: 1 } });
      return undefined;
    });
    renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id: '117' } }, language: 'de', locales: de });
    const name = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await waitFor(() => expect(name().value).toBe('IoTconnector Bielefeld'));
    const facts = screen.getByTestId('profile-facts');
    await waitFor(() => expect(screen.getByTestId('devices-using')).toHaveTextContent('3'));
    expect([...facts.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['ID', '117'],
      ['Geräte mit diesem Profil', '3'],
      ['Zuletzt aktualisiert am', '09:06:30 25.08.2026'],
    ]);
    expect(screen.getByText('Ein Profil ohne Gerätegruppe ist das Standardprofil seines Gerätetyps. Nur eine Gruppe pro Gerätetyp.')).toBeInTheDocument();

    // Read-only until Edit.
    expect(name()).toBeDisabled();
    fireEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(name()).not.toBeDisabled());
    fireEvent.change(name(), { target: { value: 'Umbenannt' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Gerätegruppe' }), { target: { value: '901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(name()).toBeDisabled();
    expect(name().value).toBe('IoTconnector Bielefeld');
    expect((screen.getByRole('combobox', { name: 'Gerätegruppe' }) as HTMLSelectElement).value).toBe('900');
    expect(screen.getByTestId('profile-edit')).toHaveTextContent('Bearbeiten');
  });

  it('shows a long name whole in the card title (wrapped, not cut by an ellipsis), right-to-left names in their own order', async () => {
    const long = 'P'.repeat(200);
    serve((url) => (url.split('?')[0].endsWith('/deviceProfile/117') ? reply(200, { ...PROFILES['117'], name: long }) : undefined));
    renderAt('117');
    const title = await screen.findByTestId('profile-title');
    expect(title).toHaveTextContent(long);
    expect(title.style.whiteSpace).toBe('normal');
    expect(title.style.overflowWrap).toBe('anywhere');
    expect(title.getAttribute('dir')).toBe('auto');
  });

  it('keeps keyboard focus on the form: Edit focuses the Name field, Cancel and Save give it back to Edit (each button it pressed goes away)', async () => {
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? Promise.resolve(reply(200, { ok: { ...PROFILES['117'], name: 'Renamed 117' }, errors: [] })) : plain(u, init),
    );
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    screen.getByTestId('profile-edit').focus();
    fireEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(nameInput()).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('profile-edit')).toHaveFocus());
    fireEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(nameInput()).toHaveFocus());
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117' } });
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    screen.getByTestId('profile-save').focus();
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(screen.getByTestId('profile-edit')).toHaveFocus());
  });
});

describe('ProfileDetailPage when another user deleted the profile', () => {
  it('names the profile and says nothing was saved, keeps what was typed and reads the list again', async () => {
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) =>
      init?.method === 'PUT' ? Promise.resolve(reply(404, { error: 'create-software-ng/notFound', message: 'Device profile 117 not found' })) : plain(u, init),
    );
    const view = renderContribution(<ProfileDetailPage />, { pluginId: 'device-profiles', context: { user: EDITOR, params: { id: '117' } }, language: 'de', locales: de });
    const invalidate = jest.spyOn(view.queryClient, 'invalidateQueries');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Renamed 117' } });
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({
      type: 'danger',
      text: de['Failed to update device profile'],
      detail: 'Das Geräteprofil IoTconnector Bielefeld existiert nicht mehr: Ein anderer Benutzer hat es gelöscht. Es wurde nichts gespeichert.',
    });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Renamed 117');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['device-profiles', 'profiles', 'list'] });
    alerts.clearAll();
  });
});

describe('ProfileDetailPage when another user changed the profile', () => {
  it("sends only the fields this user changed: another user's new group since Edit is kept", async () => {
    const stored: Record<string, unknown> = { ...PROFILES['117'] };
    const puts: unknown[] = [];
    const fetchMock = serve((url) => (/\/deviceProfile\/117$/.test(url.split('?')[0]) ? reply(200, stored) : undefined));
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return plain(u, init);
      const body = JSON.parse(String(init.body)) as object;
      puts.push(body);
      return Promise.resolve(reply(200, { ok: { ...stored, ...body }, errors: [] }));
    });
    renderAt('117');
    await waitFor(() => expect(nameInput().value).toBe('IoTconnector Bielefeld'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    // Another user moves the profile to another group while this one types.
    stored.deviceGroup = '901';
    fireEvent.change(nameInput(), { target: { value: 'Renamed 117 ' } });
    await waitFor(() => expect(screen.getByTestId('profile-save')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ name: 'Renamed 117' });
    await waitFor(() => expect(groupSelect().value).toBe('901'));
    alerts.clearAll();
  });
});

describe('ProfileDetailPage on a slow network', () => {
  it('keeps the edit while Save runs (Cancel waits, with the reason): a refusal then still has what was typed', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = serve();
    const plain = fetchMock.getMockImplementation() as (u: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((u: string, init?: RequestInit) => (init?.method === 'PUT' ? new Promise<Response>((resolve) => (answer = resolve)) : plain(u, init)));
    await renameAndSave();
    await waitFor(() => expect((fetchMock.mock.calls as unknown as [string, RequestInit?][]).some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(screen.getByTestId('profile-cancel')).toBeDisabled();
    expect(screen.getByTestId('profile-cancel')).toHaveAccessibleDescription('The device profile is being saved.');
    fireEvent.click(screen.getByTestId('profile-cancel'));
    answer(reply(422, { message: 'Device profile name is not unique.', errors: ['NAME_NOT_UNIQUE'] }));
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(nameInput().value).toBe('Renamed 117');
    expect(screen.getByTestId('profile-cancel')).toBeEnabled();
    alerts.clearAll();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import deviceDe from '../../../locales/device.de.json';
import { ReplaceIotConnectorDialog, type Subscribe } from './replace-iotconnector-dialog';

const source = { id: '7', name: 'old box', type: 'adamos_NETbox', adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc', version: '1.0.0', status: 'installed' }] };
const software = { id: '55', name: 'mdc', version: '1.0.0', url: 'u' };
const subscribe: Subscribe = () => () => undefined;

/** A service that validates and assigns; the replacement device's read answers `device`. */
function replacementService(device: () => Response) {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/getIotConnectorReplacmentlist')) return reply(200, { deviceList: [{ id: '9', name: 'new box' }] });
      if (u.pathname.endsWith('/validateSoftware')) return reply(200, { softwareObject: software, latestSoftwareObject: software });
      if (u.pathname.endsWith('/createSoftwareAssignment')) return reply(200, { noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
      if (u.pathname.endsWith('/inventory/managedObjects/9')) return device();
      return reply(200, {});
    }) as typeof fetch,
  });
}

/** Picks the replacement, then Start and Install, named in the dialog's language. */
async function walkToInstall(names: { start: string; install: string }) {
  const select = await screen.findByRole('combobox');
  await screen.findByRole('option', { name: 'new box' });
  fireEvent.change(select, { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: names.start })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: names.install })));
}

it("says so when the replacement device's package list cannot be read during installation", async () => {
  replacementService(() => reply(500, { error: 'x', message: 'Inventory down' }));
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  expect(await screen.findByLabelText('Replacement device')).toBeTruthy();
  await walkToInstall({ start: 'Start', install: 'Install' });
  await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith(expect.objectContaining({ message: 'Inventory down' })));
  expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Finish' })).toHaveAccessibleDescription('Finish waits until the installation on the replacement device has ended.');
});

it('names Start and Finish in German as the platform does ("Start", "Fertigstellen")', async () => {
  replacementService(() => reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc', version: '1.0.0', status: 'installed' }] }));
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: deviceDe,
    language: 'de',
  });
  await walkToInstall({ start: 'Starten', install: 'Installieren' });
  expect(await screen.findByRole('button', { name: 'Fertigstellen' })).toBeEnabled();
});

it('says why Start stays off: no replacement device, or the list could not be loaded', async () => {
  configureClient({ fetch: (async () => reply(200, { deviceList: [{ id: '7', name: 'old box' }] })) as typeof fetch });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const { unmount } = renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  // The source itself is no replacement.
  expect(await screen.findByTestId('replacement-no-candidates')).toHaveTextContent('No IoTconnector is available as a replacement.');
  expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Start' })).toHaveAccessibleDescription('Select the replacement device first.');
  unmount();
  configureClient({ fetch: (async () => reply(503, { error: 'x', message: 'Service down' })) as typeof fetch });
  renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  expect(await screen.findByTestId('replacement-candidates-error')).toHaveTextContent('The replacement devices could not be loaded: Service down');
  expect(screen.queryByTestId('replacement-no-candidates')).toBeNull();
});

it('narrows hundreds of replacement candidates with a search, keeping the one picked and saying when none matches', async () => {
  const many = Array.from({ length: 600 }, (_, i) => ({ id: String(100 + i), name: `IoTconnector NB${25000000 + i}` }));
  configureClient({ fetch: (async () => reply(200, { deviceList: many })) as typeof fetch });
  renderContribution(<ReplaceIotConnectorDialog source={source} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  const select = await screen.findByLabelText('Replacement device');
  await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(601));
  fireEvent.change(select, { target: { value: '105' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Search replacement devices' }), { target: { value: 'nb25000042' } });
  expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Select device', 'IoTconnector NB25000005', 'IoTconnector NB25000042']);
  expect(select).toHaveValue('105');
  fireEvent.change(screen.getByRole('textbox', { name: 'Search replacement devices' }), { target: { value: 'xyz' } });
  fireEvent.change(select, { target: { value: '' } });
  expect(await screen.findByTestId('replacement-no-candidates')).toHaveTextContent('No IoTconnector matches the search.');
});

/** A source with two packages (mdc, opcua), each validated as itself. */
const twoPackages = { ...source, adamos_adamos_netbox_SoftwarePackageList: [...source.adamos_adamos_netbox_SoftwarePackageList, { name: 'opcua', version: '2.0.0', status: 'installed' }] };

/** The replacement list and validation of twoPackages' service; undefined for other requests. */
function listAndValidate(url: string, init: RequestInit): Response | undefined {
  const u = new URL(url, 'http://x');
  if (u.pathname.endsWith('/getIotConnectorReplacmentlist')) return reply(200, { deviceList: [{ id: '9', name: 'new box' }] });
  if (!u.pathname.endsWith('/validateSoftware')) return undefined;
  const { name, version } = JSON.parse(String(init.body)) as { name: string; version: string };
  const sw = { id: name === 'mdc' ? '55' : '56', name, version, url: 'u' };
  return reply(200, { softwareObject: sw, latestSoftwareObject: sw });
}

it('ends a row whose assignment the service refused as failed, so Finish does not wait for it for ever', async () => {
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const listed = listAndValidate(url, init);
      if (listed) return listed;
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/createSoftwareAssignment')) {
        const refused = (JSON.parse(String(init.body)) as { netbox_RegisterSoftwarePackage: { name: string } }).netbox_RegisterSoftwarePackage.name === 'opcua';
        return reply(200, { noOfSuccessfullAssignment: refused ? 0 : 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: refused ? 1 : 0 });
      }
      // The replacement device: mdc installed, opcua never comes.
      if (u.pathname.endsWith('/inventory/managedObjects/9')) return reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc', version: '1.0.0', status: 'installed' }] });
      return reply(200, {});
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<ReplaceIotConnectorDialog source={twoPackages} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await screen.findByRole('option', { name: 'new box' });
  fireEvent.change(screen.getByLabelText('Replacement device'), { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Install' })));
  await waitFor(() => expect(screen.getAllByTestId('install-status').map((c) => c.textContent)).toEqual(['installed', 'Assignment refused by the service']));
  expect(alerts.fail).toHaveBeenCalledWith(expect.stringContaining('Software assignment failed'));
  expect(screen.getByTestId('replacement-progress')).toHaveTextContent('100%');
  expect(screen.getByText('Some installations failed.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  // For a screen reader: the failure is announced, the progress bar and each row's action are named.
  expect(screen.getByRole('alert')).toHaveTextContent('Some installations failed.');
  expect(screen.getByRole('progressbar', { name: 'Installation progress' })).toHaveAttribute('aria-valuenow', '100');
  expect(screen.getByRole('combobox', { name: 'Action for opcua' })).toBeDisabled();
});

it('says, instead of an empty table, that a source without software has nothing to carry over, in English and German', async () => {
  replacementService(() => reply(200, { id: '9' }));
  const bare = { ...source, adamos_adamos_netbox_SoftwarePackageList: [{ name: 'KB5001', version: '1', status: 'installed' }] };
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const { unmount } = renderContribution(<ReplaceIotConnectorDialog source={bare} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  expect(screen.getByTestId('replacement-no-software')).toHaveTextContent('old box has no software to carry over; Finish hands its identity to the replacement device.');
  expect(screen.queryByTestId('validation-table')).toBeNull();
  expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  unmount();
  renderContribution(<ReplaceIotConnectorDialog source={bare} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    locales: deviceDe,
    language: 'de',
  });
  const select = await screen.findByRole('combobox');
  await screen.findByRole('option', { name: 'new box' });
  fireEvent.change(select, { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Starten' })));
  expect(await screen.findByTestId('replacement-no-software')).toHaveTextContent('old box hat keine Software zum Übertragen; Fertigstellen übergibt seine Identität an das Ersatzgerät.');
});

it("says spec 8's failure when Finish cannot hand the identity over, and the cancel info when the dialog is left; sends a package without a category as normal", async () => {
  const assigned: unknown[] = [];
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/getIotConnectorReplacmentlist')) return reply(200, { deviceList: [{ id: '9', name: 'new box' }] });
      if (u.pathname.endsWith('/validateSoftware')) return reply(200, { softwareObject: software, latestSoftwareObject: software });
      if (u.pathname.endsWith('/createSoftwareAssignment')) {
        assigned.push(JSON.parse(String(init.body)));
        return reply(200, { noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
      }
      if (u.pathname.endsWith('/inventory/managedObjects/9')) return reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [{ name: 'mdc', version: '1.0.0', status: 'installed' }] });
      if (u.pathname.startsWith('/identity/')) return reply(503, { error: 'identity/unavailable', message: 'Identity down' });
      return reply(200, {});
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const onClose = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { unmount } = renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={onClose} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  expect(assigned).toEqual([expect.objectContaining({ netbox_RegisterSoftwarePackage: expect.objectContaining({ name: 'mdc', category: 'normal' }) })]);
  const finish = await screen.findByRole('button', { name: 'Finish' });
  await waitFor(() => expect(finish).toBeEnabled());
  await act(async () => fireEvent.click(finish));
  await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith('Something went wrong. please try again later.'));
  expect(alerts.success).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  expect(alerts.info).toHaveBeenCalledWith('IoTconnector replacement has not been completed');
  expect(onClose).toHaveBeenCalled();
  unmount();
  (console.error as jest.Mock).mockRestore();
});

it('reads the replacement device again when realtime works after an interruption (the statuses pushed meanwhile are lost)', async () => {
  let reads = 0;
  replacementService(() => {
    reads++;
    return reply(200, { id: '9', name: 'new box', adamos_adamos_netbox_SoftwarePackageList: [] });
  });
  const resumes = new Set<() => void>();
  const onResume = (l: () => void) => {
    resumes.add(l);
    return () => resumes.delete(l);
  };
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const { unmount } = renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onResume={onResume} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  await waitFor(() => expect(reads).toBe(1));
  expect(resumes.size).toBe(1);
  await act(async () => resumes.forEach((l) => l()));
  await waitFor(() => expect(reads).toBe(2));
  unmount();
  expect(resumes.size).toBe(0);
});

it('sends on Install again only what an Install that failed part-way did not assign', async () => {
  const sent: string[] = [];
  let opcuaFails = true;
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const listed = listAndValidate(url, init);
      if (listed) return listed;
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/createSoftwareAssignment')) {
        const name = (JSON.parse(String(init.body)) as { netbox_RegisterSoftwarePackage: { name: string } }).netbox_RegisterSoftwarePackage.name;
        sent.push(name);
        // The second package's request fails the first time (the service is briefly unavailable).
        if (name === 'opcua' && opcuaFails) return reply(503, { error: 'general/Service Unavailable', message: 'busy' });
        return reply(200, { noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
      }
      if (u.pathname.endsWith('/inventory/managedObjects/9')) return reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [] });
      return reply(200, {});
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<ReplaceIotConnectorDialog source={twoPackages} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  await waitFor(() => expect(alerts.fail).toHaveBeenCalled());
  expect(sent).toEqual(['mdc', 'opcua']);
  opcuaFails = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
  await screen.findByRole('button', { name: 'Finish' });
  // mdc was assigned by the first Install: only opcua is sent again.
  expect(sent).toEqual(['mdc', 'opcua', 'opcua']);
});

it('says at the end of Install again the counts of every package, those assigned by the Install that failed part-way too', async () => {
  const sent: string[] = [];
  let opcuaUnavailable = true;
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const listed = listAndValidate(url, init);
      if (listed) return listed;
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/createSoftwareAssignment')) {
        const name = (JSON.parse(String(init.body)) as { netbox_RegisterSoftwarePackage: { name: string } }).netbox_RegisterSoftwarePackage.name;
        sent.push(name);
        // The first Install: mdc is created, the request of opcua fails (the service briefly unavailable).
        if (name === 'mdc') return reply(200, { noOfSuccessfullAssignment: 1, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
        if (opcuaUnavailable) return reply(503, { error: 'general/Service Unavailable', message: 'busy' });
        // Install again: the service refuses opcua.
        return reply(200, { noOfSuccessfullAssignment: 0, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 1 });
      }
      if (u.pathname.endsWith('/inventory/managedObjects/9')) return reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [] });
      return reply(200, {});
    }) as typeof fetch,
  });
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  renderContribution(<ReplaceIotConnectorDialog source={twoPackages} alerts={alerts} subscribe={subscribe} onClose={jest.fn()} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  await waitFor(() => expect(alerts.fail).toHaveBeenCalledWith(expect.objectContaining({ status: 503 })));
  alerts.fail.mockClear();
  opcuaUnavailable = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
  await screen.findByRole('button', { name: 'Finish' });
  expect(sent).toEqual(['mdc', 'opcua', 'opcua']);
  // mdc, created by the first Install, counts as created; opcua, refused by the second, as failed.
  expect(alerts.fail.mock.calls).toEqual([['Software assignment failed Created: 1 Updated: 0 Already assigned/installed: 0 Failed: 1']]);
});

it('asks before Escape drops a replacement under way, and closes at once before a device is picked', async () => {
  replacementService(() => reply(200, { id: '9', adamos_adamos_netbox_SoftwarePackageList: [] }));
  const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
  const onClose = jest.fn();
  const { unmount } = renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={onClose} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  fireEvent.keyDown(await screen.findByRole('combobox'), { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
  unmount();
  onClose.mockClear();
  renderContribution(<ReplaceIotConnectorDialog source={source} alerts={alerts} subscribe={subscribe} onClose={onClose} />, {
    context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
  });
  await walkToInstall({ start: 'Start', install: 'Install' });
  await act(async () => fireEvent.keyDown(screen.getByRole('button', { name: 'Finish' }), { key: 'Escape' }));
  expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
});

import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { alerts } from '@shared/ui/alerts';
import MobileRouterTab from './mobile-router-tab';

// No realtime connection in jsdom: the tab's live updates are not what these tests look at.
// mockRealtimeInterrupted: the connection as the tab hears of it (a test that drops it sets it);
// mockRealtimeRefused: the channels the platform refused (a test that has one refused sets it).
let mockRealtimeInterrupted = false;
let mockRealtimeRefused: readonly { channel: string; error: string }[] = [];
jest.mock('@shared/platform/react', () => ({ useRealtimeInvalidate: () => undefined, useRealtimeInterrupted: () => mockRealtimeInterrupted, useRealtimeRefused: () => mockRealtimeRefused }));

const OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((op) => `adamos_MobileRouter_${op}`);
const device = { id: '235', name: 'gateway', c8y_SupportedOperations: OPERATIONS, childDevices: { references: [{ managedObject: { id: '300' } }] } };
const router = {
  id: '300',
  type: 'adamos_MobileRouter',
  name: 'RUT955',
  lastUpdated: '2026-11-20T10:00:00.000Z',
  DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'running' },
  NetworkStatus: { OnlineState: 'online' },
  DeviceInformation: { Firmware: 'RUT9_R_00.07.06' },
};
/** A firmware update the router has not answered yet (created after its last update). */
const pending = { id: '9', status: 'PENDING', creationTime: '2026-11-20T11:00:00.000Z', adamos_MobileRouter_UpdateFirmware: {} };

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

/** The platform's answers; `operations` says how the operation queries answer, `routerObject` is the router child. */
function platform(operations: () => Response, routerObject: object = router) {
  return jest.fn(async (input: string) => {
    const url = String(input);
    if (url.includes('/devicecontrol/operations')) return operations();
    if (url.includes('/inventory/managedObjects/235')) return reply(200, device);
    if (url.includes('/inventory/managedObjects')) return reply(200, { managedObjects: [routerObject], statistics: { currentPage: 1, pageSize: 1 } });
    return reply(404, { error: 'not found', message: url });
  });
}

const OPERATOR = testUser(['ROLE_DEVICE_CONTROL_ADMIN', 'ROLE_INVENTORY_READ']);
const actions = (toolbar = 'Mobile router actions') => within(screen.getByRole('toolbar', { name: toolbar })).getAllByRole('button');
/** Not usable: while one runs (disabled), or for a reason it says (aria-disabled, still focusable). */
const off = (b: HTMLElement) => (b as HTMLButtonElement).disabled || b.getAttribute('aria-disabled') === 'true';

/** The tab as the operator sees it in German. */
const renderGerman = async () =>
  renderContribution(<MobileRouterTab />, {
    pluginId: 'mobile-router',
    device,
    context: { user: OPERATOR },
    language: 'de',
    locales: (await import('../../../locales/de.json')).default,
  });

/**
 * The platform with one firmware repository (RUT955, binary 701 of version RUT9_R_00.07.07) and
 * no operations; `created` answers an operation's POST.
 */
function withFirmware(created: (body: Record<string, unknown>) => Response) {
  const repository = { id: '700', name: 'RUT955 firmware', type: 'c8y_Firmware', c8y_Filter: { type: 'adamos_MobileRouter' } };
  const binary = {
    id: '701',
    name: 'RUT955 firmware',
    type: 'c8y_FirmwareBinary',
    c8y_Firmware: { version: 'RUT9_R_00.07.07', url: 'https://fw/701' },
    additionParents: { references: [{ managedObject: { id: '700' } }] },
  };
  const base = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }));
  global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/devicecontrol/operations') && init?.method === 'POST') return created(JSON.parse(String(init.body)));
    // The chosen binary is read before the update is created.
    if (url.includes('/inventory/managedObjects/701')) return reply(200, binary);
    if (url.includes('type=c8y_FirmwareBinary')) return reply(200, { managedObjects: [binary], statistics: { currentPage: 1, pageSize: 200 } });
    if (url.includes('type=c8y_Firmware')) return reply(200, { managedObjects: [repository], statistics: { currentPage: 1, pageSize: 200 } });
    return base(input);
  }) as unknown as typeof fetch;
}

/** withFirmware whose operations are created: the bodies posted. */
function firmwareWithPosts() {
  const posted: Record<string, unknown>[] = [];
  withFirmware((body) => {
    posted.push(body);
    return reply(201, { id: '900', status: 'PENDING', creationTime: '2026-11-20T12:00:00.000Z' });
  });
  return posted;
}

/** The operator opens Select firmware and chooses binary 701. */
async function chooseFirmware() {
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    await waitFor(() => expect(off(screen.getByRole('button', { name: /Update firmware/ }))).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Update firmware/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'RUT955 firmware (RUT9_R_00.07.07)' }));
}

describe('MobileRouterTab', () => {
  afterEach(() => alerts.clearAll());

  it('opened without a connection, says the platform cannot be reached (not that the device has no mobile router) and loads once the connection is back', async () => {
    let online = false;
    const answer = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }));
    // The browser is offline: the requests are sent (the hosts' network mode) and fail as fetch does.
    global.fetch = jest.fn(async (input: string) => {
      if (!online) throw new TypeError('Failed to fetch');
      return answer(input);
    }) as unknown as typeof fetch;
    onlineManager.setOnline(false);
    try {
      renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
      expect(await screen.findByText(/The platform cannot be reached/)).toBeInTheDocument();
      expect(screen.queryByText('No mobile router to display.')).toBeNull();
    } finally {
      online = true;
      act(() => onlineManager.setOnline(true));
    }
    // Back online, the tab loads on its own.
    expect(await screen.findByTestId('card-mobile-router')).toBeInTheDocument();
    await waitFor(() => expect(actions().every((b) => !off(b))).toBe(true));
  });

  it('with realtime interrupted, reads the router on an interval: once it has reported on its operation the actions are enabled, without waiting for the connection', async () => {
    let done = false;
    global.fetch = platform(() => reply(200, { operations: [done ? { ...pending, status: 'SUCCESSFUL' } : pending], statistics: { currentPage: 1, pageSize: 5 } })) as unknown as typeof fetch;
    mockRealtimeInterrupted = true;
    try {
      renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
      expect(await screen.findByTestId('banner-UpdateFirmware')).toHaveTextContent('Waiting for firmware update');
      expect(actions().every((b) => off(b))).toBe(true);
      // The router reports; no realtime notification says so.
      done = true;
      await waitFor(() => expect(actions().every((b) => !off(b))).toBe(true), { timeout: 8000 });
    } finally {
      mockRealtimeInterrupted = false;
    }
  });

  it('with a realtime channel refused (the connection itself up), reads the router on an interval: once it has reported on its operation the actions are enabled', async () => {
    let done = false;
    global.fetch = platform(() => reply(200, { operations: [done ? { ...pending, status: 'SUCCESSFUL' } : pending], statistics: { currentPage: 1, pageSize: 5 } })) as unknown as typeof fetch;
    mockRealtimeRefused = [{ channel: '/operations/235', error: '403::Permission denied' }];
    try {
      renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
      expect(await screen.findByTestId('banner-UpdateFirmware')).toHaveTextContent('Waiting for firmware update');
      expect(actions().every((b) => off(b))).toBe(true);
      // The router reports; the refused channel would never say so.
      done = true;
      await waitFor(() => expect(actions().every((b) => !off(b))).toBe(true), { timeout: 8000 });
    } finally {
      mockRealtimeRefused = [];
    }
  });

  it('a tenant with more than 200 firmware binaries: the router\'s own on the second page is offered (the first page alone said there was none)', async () => {
    const repository = { id: '700', name: 'RUT955 firmware', type: 'c8y_Firmware', c8y_Filter: { type: 'adamos_MobileRouter' } };
    const other = Array.from({ length: 200 }, (_, i) => ({ id: String(5000 + i), name: 'IPC image', type: 'c8y_FirmwareBinary', c8y_Firmware: { version: `IPC_${i}` }, additionParents: { references: [{ managedObject: { id: '800' } }] } }));
    const binary = { id: '701', name: 'RUT955 firmware', type: 'c8y_FirmwareBinary', c8y_Firmware: { version: 'RUT9_R_00.07.07' }, additionParents: { references: [{ managedObject: { id: '700' } }] } };
    const base = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }));
    global.fetch = jest.fn(async (input: string) => {
      const url = String(input);
      const page = Number(new URL(url, 'http://x').searchParams.get('currentPage') ?? '1');
      if (url.includes('type=c8y_FirmwareBinary')) return reply(200, { managedObjects: page === 1 ? other : page === 2 ? [binary] : [], statistics: { currentPage: page, pageSize: 200 } });
      if (url.includes('type=c8y_Firmware')) return reply(200, { managedObjects: page === 1 ? [repository] : [], statistics: { currentPage: page, pageSize: 200 } });
      return base(input);
    }) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    await waitFor(() => expect(off(screen.getByRole('button', { name: /Update firmware/ }))).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Update firmware/ }));
    expect(await screen.findByRole('radio', { name: 'RUT955 firmware (RUT9_R_00.07.07)' })).toBeInTheDocument();
  });

  it('enables the actions when the router has caught up with its last operations', async () => {
    global.fetch = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } })) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    await waitFor(() => expect(actions().every((b) => !off(b))).toBe(true));
    expect(actions()).toHaveLength(4);
  });

  it('disables the actions while an operation is pending', async () => {
    global.fetch = platform(() => reply(200, { operations: [pending], statistics: { currentPage: 1, pageSize: 5 } })) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    expect(await screen.findByTestId('banner-UpdateFirmware')).toHaveTextContent('Waiting for firmware update');
    expect(actions().every((b) => off(b))).toBe(true);
  });

  it('says on hover and to screen readers why the actions are disabled while an operation is pending', async () => {
    global.fetch = platform(() => reply(200, { operations: [pending], statistics: { currentPage: 1, pageSize: 5 } })) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    await screen.findByTestId('banner-UpdateFirmware');
    expect(actions().map((b) => b.getAttribute('title'))).toEqual(Array(4).fill('Possible once the router has reported on its last operation.'));
    for (const b of actions()) expect(b).toHaveAccessibleDescription('Possible once the router has reported on its last operation.');
  });

  it("names the router's state, in German, as the reason restart and updates are disabled; monitoring stays offered", async () => {
    const applying = { ...router, DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'applying firmware' } };
    global.fetch = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }), applying) as unknown as typeof fetch;
    await renderGerman();
    const german = () => actions('Aktionen des mobilen Routers');
    await waitFor(() => expect(off(german()[3])).toBe(false));
    const [restart, firmware, configuration, monitoring] = german();
    for (const b of [restart, firmware, configuration]) {
      // Focusable and inert, the reason on hover and to screen readers (keyboard users reach it).
      expect(b).toHaveAttribute('aria-disabled', 'true');
      b.focus();
      expect(b).toHaveFocus();
      expect(b).toHaveAttribute('title', 'Der Router läuft nicht (Gerätezustand: Firmware wird angewendet).');
      expect(b).toHaveAccessibleDescription('Der Router läuft nicht (Gerätezustand: Firmware wird angewendet).');
    }
    expect(monitoring).not.toHaveAttribute('title');
  });

  it('says when the last operations cannot be loaded, offers nothing meanwhile, and Reload recovers', async () => {
    let failing = true;
    global.fetch = platform(() =>
      failing ? reply(500, { error: 'general/internalError', message: 'Operations store unavailable' }) : reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }),
    ) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    expect(await screen.findByTestId('router-operations-error')).toHaveTextContent('Could not reload mobile router: Operations store unavailable');
    // Whether an operation is pending is unknown: the router does not count as caught up.
    expect(screen.getByTestId('card-mobile-router')).toBeInTheDocument();
    expect(actions()).toHaveLength(4);
    expect(actions().every((b) => off(b))).toBe(true);
    // On hover they say why: the operations could not be read, not that the router has yet to report.
    expect(actions().map((b) => b.getAttribute('title'))).toEqual(Array(4).fill("The router's last operations could not be loaded. Reload tries again."));

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('router-operations-error')).toBeNull());
    await waitFor(() => expect(actions().every((b) => !off(b))).toBe(true));
  });

  it('says a failed Reload once, in the tab, not again as an alert', async () => {
    global.fetch = platform(() => reply(500, { error: 'general/internalError', message: 'Operations store unavailable' })) as unknown as typeof fetch;
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    expect(await screen.findByTestId('router-operations-error')).toHaveTextContent('Could not reload mobile router: Operations store unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Mobile router tab: Reload failed', expect.anything()));
    expect(screen.getAllByText(/Could not reload mobile router/)).toHaveLength(1);
    expect(alerts.list()).toEqual([]);
    logged.mockRestore();
  });

  it("names the firmware binary (not its repository) as the update's repository_id, as the demo history and the stand-in read it", async () => {
    const posted = firmwareWithPosts();
    await chooseFirmware();
    fireEvent.click(screen.getByTestId('selection-install'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ deviceId: '235', adamos_MobileRouter_UpdateFirmware: { repository_id: '701', name: 'RUT955 firmware', version: 'RUT9_R_00.07.07' } });
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('Started firmware update'));
    act(() => alerts.clearAll());
  });

  it('keeps the Select firmware dialog open with the choice when the update cannot be created, and closes it once it is', async () => {
    let refuse = true;
    withFirmware(() =>
      refuse ? reply(422, { error: 'devicecontrol/Invalid', message: 'Operation store unavailable' }) : reply(201, { id: '900', status: 'PENDING', creationTime: '2026-11-20T12:00:00.000Z' }),
    );
    await chooseFirmware();
    fireEvent.click(screen.getByTestId('selection-install'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('Could not update firmware: Operation store unavailable'));
    // Still open, the firmware still chosen: Install again is one click.
    expect(screen.getByTestId('router-selection-modal')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'RUT955 firmware (RUT9_R_00.07.07)' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('selection-install')).toBeEnabled());
    refuse = false;
    fireEvent.click(screen.getByTestId('selection-install'));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('Started firmware update'));
    await waitFor(() => expect(screen.queryByTestId('router-selection-modal')).toBeNull());
    act(() => alerts.clearAll());
  });

  it('shows the error in German', async () => {
    global.fetch = platform(() => reply(500, { error: 'general/internalError', message: 'Operations store unavailable' })) as unknown as typeof fetch;
    await renderGerman();
    expect(await screen.findByTestId('router-operations-error')).toHaveTextContent('Mobiler Router konnte nicht neu geladen werden: Operations store unavailable');
  });

  it('moves the focus to the banner of a restart it triggered (its button stays disabled until the router reports), not to the page', async () => {
    let ops: object[] = [];
    const base = platform(() => reply(200, { operations: ops, statistics: { currentPage: 1, pageSize: 5 } }));
    global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (String(input).includes('/devicecontrol/operations') && init?.method === 'POST') {
        ops = [{ id: '901', status: 'PENDING', creationTime: '2026-11-20T12:00:00.000Z', adamos_MobileRouter_Restart: {} }];
        return reply(201, { id: '901', status: 'PENDING', creationTime: '2026-11-20T12:00:00.000Z' });
      }
      return base(input);
    }) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    const restart = () => screen.getByRole('button', { name: /Restart Mobile Router/ });
    await waitFor(() => expect(off(restart())).toBe(false));
    restart().focus();
    fireEvent.click(restart());
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    const banner = await screen.findByTestId('banner-Restart');
    expect(banner).toHaveTextContent('Waiting for router restart');
    await waitFor(() => expect(banner).toHaveFocus());
    expect(off(restart())).toBe(true);
    act(() => alerts.clearAll());
  });

  it('offers no Install in a Select firmware dialog opened before another update started (says why), and creates nothing', async () => {
    const posted = firmwareWithPosts();
    const answer = global.fetch as jest.Mock;
    await chooseFirmware();
    expect(screen.getByTestId('selection-install')).toBeEnabled();
    // Meanwhile another user started a firmware update: the tab learns it (realtime, or here Reload).
    global.fetch = jest.fn(async (input: string, init?: RequestInit) =>
      String(input).includes('/devicecontrol/operations') && init?.method !== 'POST' ? reply(200, { operations: [pending], statistics: { currentPage: 1, pageSize: 5 } }) : answer(input, init),
    ) as unknown as typeof fetch;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByTestId('selection-blocked')).toHaveTextContent('Possible once the router has reported on its last operation.');
    expect(screen.getByTestId('selection-install')).toBeDisabled();
    // The choice is kept for when the router has reported.
    expect(screen.getByRole('radio', { name: 'RUT955 firmware (RUT9_R_00.07.07)' })).toBeChecked();
    fireEvent.click(screen.getByTestId('selection-install'));
    expect(posted).toHaveLength(0);
  });

  it('creates no restart confirmed after the router stopped running meanwhile, and says why', async () => {
    let applying = false;
    const posted: string[] = [];
    const base = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }));
    global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(String(input));
      if (applying && String(input).includes('/inventory/managedObjects?')) {
        return reply(200, { managedObjects: [{ ...router, DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'applying firmware' } }], statistics: { currentPage: 1, pageSize: 1 } });
      }
      return base(input);
    }) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    const restart = () => screen.getByRole('button', { name: /Restart Mobile Router/ });
    await waitFor(() => expect(off(restart())).toBe(false));
    fireEvent.click(restart());
    await screen.findByTestId('confirm-ok');
    applying = true;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(off(restart())).toBe(true));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(alerts.list().map((a) => a.text)).toContain('Restart of mobile router could not be triggered: The router is not running (device state: Applying firmware).'),
    );
    expect(posted).toEqual([]);
    act(() => alerts.clearAll());
  });

  it('sends no firmware update of a binary another user deleted after the list was read: says so and reads the list again', async () => {
    const posted = firmwareWithPosts();
    await chooseFirmware();
    // Meanwhile another user deleted binary 701.
    const withIt = global.fetch as jest.Mock;
    const listReads = () => withIt.mock.calls.filter(([url]) => String(url).includes('type=c8y_FirmwareBinary')).length;
    const readsBefore = listReads();
    withIt.mockImplementation(async (input: string) => {
      const url = String(input);
      if (url.includes('/inventory/managedObjects/701')) return reply(404, { error: 'inventory/Not Found', message: 'Finding device data from database failed : No managedObject for id 701!' });
      if (url.includes('type=c8y_FirmwareBinary')) return reply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 200 } });
      return platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }))(input);
    });
    fireEvent.click(screen.getByTestId('selection-install'));
    await waitFor(() =>
      expect(alerts.list().map((a) => a.text)).toContain(
        'Could not update firmware: RUT955 firmware RUT9_R_00.07.07 is no longer in the repository: another user deleted it. The list is read again.',
      ),
    );
    expect(posted).toHaveLength(0);
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    // The dialog stays, without the deleted row.
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'RUT955 firmware (RUT9_R_00.07.07)' })).toBeNull());
    expect(screen.getByTestId('router-selection-modal')).toBeInTheDocument();
    act(() => alerts.clearAll());
  });

  it('says that the device is gone when another user deleted it before Start monitoring, not the server\'s words, and the tab says so after its read', async () => {
    const gone = reply(404, { error: 'inventory/Not Found', message: 'Finding managed object with id 235 failed : Could not find managed object with id 235!' });
    let deleted = false;
    const base = platform(() => reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 5 } }));
    global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (deleted && (url.includes('/inventory/managedObjects/235') || (url.includes('/devicecontrol/operations') && init?.method === 'POST'))) return gone;
      return base(input);
    }) as unknown as typeof fetch;
    renderContribution(<MobileRouterTab />, { pluginId: 'mobile-router', device, context: { user: OPERATOR } });
    const start = await screen.findByRole('button', { name: /Start monitoring/ });
    await waitFor(() => expect(off(start)).toBe(false));
    deleted = true;
    fireEvent.click(start);
    await waitFor(() =>
      expect(alerts.list().map((a) => a.text)).toContain('Monitoring of mobile router could not be triggered: This device no longer exists: another user may have deleted it.'),
    );
    expect(await screen.findByTestId('router-error')).toHaveTextContent('Could not reload mobile router: This device no longer exists: another user may have deleted it.');
    act(() => alerts.clearAll());
  });
});

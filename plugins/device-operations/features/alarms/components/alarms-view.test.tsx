import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import de from '../../../locales/de.json';
import listsDe from '../../../locales/lists.de.json';
import deviceDe from '../../../locales/device.de.json';
import { ALARM_LIVE_REREAD_MS } from '../api/alarms';
import { AlarmsView } from './alarms-view';
import { AlarmDetails } from './alarm-details';

/** The realtime connection: what the screen subscribes to, and a push on a channel. */
const mockChannels = new Map<string, (message: { realtimeAction: string; data: unknown }, channel: string) => void>();
jest.mock('@shared/platform/realtime', () => ({
  ...jest.requireActual('@shared/platform/realtime'),
  getRealtime: () => ({
    subscribe: (channel: string, handler: (message: { realtimeAction: string; data: unknown }, channel: string) => void) => {
      mockChannels.set(channel, handler);
      return () => mockChannels.delete(channel);
    },
    onResume: () => () => undefined,
    onStatusChange: () => () => undefined,
    interrupted: false,
  }),
}));

type Call = { method: string; url: URL };
const alarm = (i: number, severity = 'MAJOR') => ({
  id: String(1000 + i),
  type: 't',
  text: `alarm ${i}`,
  severity,
  status: 'ACTIVE',
  count: 1,
  time: '2026-11-01T00:00:00Z',
  creationTime: '2026-11-01T00:00:00Z',
  source: { id: '42', name: 'box' },
});
let calls: Call[];

/** A stand-in of the alarm API: `pageItems` full pages of 100 with a next link. */
function platform(pageItems: number) {
  calls = [];
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://x');
      calls.push({ method: init.method ?? 'GET', url: u });
      if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, pageItems);
      if ((init.method ?? 'GET') === 'GET' && u.pathname.endsWith('/alarm/alarms')) {
        const page = Number(u.searchParams.get('currentPage') ?? 1);
        const alarms = page === 1 ? Array.from({ length: pageItems }, (_, i) => alarm(i, u.searchParams.get('severity') ?? 'MAJOR')) : [];
        return reply(200, { alarms, statistics: { currentPage: page, pageSize: 100 }, ...(alarms.length === 100 ? { next: `${url}&next` } : {}) });
      }
      return reply(200, {});
    }) as typeof fetch,
  });
}

/**
 * A stand-in that keeps state: `total` unresolved alarms in pages of 100; a status change takes
 * the alarm out of the server's pages. Returns what is still open.
 */
function statefulPlatform(total: number): { open: () => readonly { id: string }[]; set: (next: ReturnType<typeof alarm>[]) => void; listReads: () => number } {
  let open = Array.from({ length: total }, (_, i) => alarm(i));
  let listReads = 0;
  configureClient({
    fetch: (async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, open.length);
      if ((init.method ?? 'GET') === 'PUT') {
        const id = u.pathname.split('/').pop();
        open = open.filter((a) => a.id !== id);
        return reply(200, {});
      }
      const page = Number(u.searchParams.get('currentPage') ?? 1);
      listReads++;
      const alarms = open.slice((page - 1) * 100, page * 100);
      return reply(200, { alarms, statistics: { currentPage: page, pageSize: 100 }, ...(page * 100 < open.length ? { next: `${url}&next` } : {}) });
    }) as typeof fetch,
  });
  return { open: () => open, set: (next) => (open = next), listReads: () => listReads };
}

const ALARM_ADMIN = testUser(['ROLE_ALARM_READ', 'ROLE_ALARM_ADMIN']);
const EN = { ...en, ...listsEn, ...deviceEn };
const DE = { ...de, ...listsDe, ...deviceDe };

/** The MAJOR alarms of device 42 for an alarm admin, in English. */
function renderMajor() {
  renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
    context: { user: ALARM_ADMIN },
    locales: EN,
  });
}

describe('AlarmsView', () => {
  it('clears only the severities the page shows, and asks for exactly those', async () => {
    platform(3);
    const confirm = jest.fn(async () => true);
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={confirm} />, {
      context: { user: ALARM_ADMIN },
      locales: EN,
    });
    await screen.findByText('alarm 0');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(confirm).toHaveBeenCalledWith('Clear all Major alarms?');
    const put = calls.find((c) => c.method === 'PUT')!.url;
    expect(put.pathname).toMatch(/\/alarm\/alarms$/);
    expect(Object.fromEntries(put.searchParams)).toMatchObject({ source: '42', severity: 'MAJOR', status: 'ACTIVE,ACKNOWLEDGED' });
  });

  it('offers Clear all only while there is an unresolved alarm to clear, and says why not', async () => {
    statefulPlatform(1);
    const success = jest.fn();
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success, info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN },
      locales: EN,
    });
    await screen.findByText('alarm 0');
    const clearAll = screen.getByRole('button', { name: 'Clear all' });
    await waitFor(() => expect(clearAll).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Clear alarm' }));
    await waitFor(() => expect(success).toHaveBeenCalled());
    // The last one is cleared: Clear all would only report a change that does not happen.
    await waitFor(() => expect(clearAll).toBeDisabled());
    expect(clearAll).toHaveAttribute('title', 'There are no unresolved alarms to clear.');
  });

  it('keeps "Load more" after an alarm of a full page was cleared', async () => {
    statefulPlatform(150);
    renderMajor();
    await screen.findByText('alarm 0');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear alarm' })[0]);
    await waitFor(() => expect(screen.queryByText('alarm 0')).toBeNull());
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    // The first page read again: a full page of the server's (alarm 100 moved up onto it), Load more still there.
    await screen.findByText('alarm 100');
    expect(screen.getAllByTestId('alarm-item')).toHaveLength(100);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('reaches every alarm with "Load more" after one was cleared (the server\'s later pages moved up by one)', async () => {
    const server = statefulPlatform(150);
    renderMajor();
    await screen.findByText('alarm 0');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear alarm' })[0]);
    await waitFor(() => expect(screen.queryByText('alarm 0')).toBeNull());
    await waitFor(() => expect(server.open()).toHaveLength(149));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('alarm-item')).toHaveLength(149));
    expect(screen.getByText('alarm 100')).toBeTruthy();
  });

  it('shows a new alarm and drops one cleared elsewhere as realtime reports them, count too, without a Reload', async () => {
    const server = statefulPlatform(2);
    renderMajor();
    await screen.findByText('alarm 1');
    await waitFor(() => expect(screen.getByTestId('alarm-counter')).toHaveTextContent('2'));
    // The device's channel with its child devices, as the list reads them (withSourceDevices).
    const push = mockChannels.get('/alarmsWithChildren/42')!;
    expect(push).toBeDefined();
    // Elsewhere: alarm 1 cleared, alarm 7 raised.
    server.set([alarm(0), alarm(7)]);
    push({ realtimeAction: 'UPDATE', data: { ...alarm(1), status: 'CLEARED' } }, '/alarmsWithChildren/42');
    push({ realtimeAction: 'CREATE', data: alarm(7) }, '/alarmsWithChildren/42');
    expect(await screen.findByText('alarm 7', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('alarm 1')).toBeNull();
    expect(screen.getByTestId('alarm-counter')).toHaveTextContent('2');
    server.set([]);
    push({ realtimeAction: 'UPDATE', data: { ...alarm(0), status: 'CLEARED' } }, '/alarmsWithChildren/42');
    await waitFor(() => expect(screen.getByTestId('alarm-counter')).toHaveTextContent('0'), { timeout: 3000 });
    expect(screen.getByText('No alarms to display')).toBeTruthy();
  });

  it('re-reads the list once for a burst of notifications (a bulk clear elsewhere), not once per notification', async () => {
    const server = statefulPlatform(3);
    renderMajor();
    await screen.findByText('alarm 2');
    const push = mockChannels.get('/alarmsWithChildren/42')!;
    const before = server.listReads();
    server.set([]);
    for (let i = 0; i < 50; i++) push({ realtimeAction: 'UPDATE', data: { ...alarm(i % 3), status: 'CLEARED' } }, '/alarmsWithChildren/42');
    expect(await screen.findByText('No alarms to display', undefined, { timeout: 3000 })).toBeTruthy();
    // Another re-read window passes: nothing of the burst is left to read.
    await act(async () => new Promise((r) => setTimeout(r, ALARM_LIVE_REREAD_MS + 200)));
    expect(server.listReads() - before).toBe(1);
  });

  it('follows every device\'s alarms on the all-devices page', async () => {
    statefulPlatform(0);
    renderContribution(<AlarmsView alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, { context: { user: ALARM_ADMIN }, locales: EN });
    await waitFor(() => expect(mockChannels.has('/alarms/*')).toBe(true));
  });

  it('says that a severity\'s count could not be loaded instead of showing a blank counter', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname.endsWith('/alarm/alarms/count')) return reply(500, { error: 'x', message: 'Count failed' });
        return reply(200, { alarms: [alarm(0)], statistics: { currentPage: 1, pageSize: 100 } });
      }) as typeof fetch,
    });
    renderMajor();
    await screen.findByText('alarm 0');
    await waitFor(() => expect(screen.getByTestId('alarm-counter')).toHaveTextContent('The alarm count could not be loaded: Count failed'));
  });

  it('writes a large count with the language\'s thousands separator ("12,072" / "12.072")', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, 12072);
        return reply(200, { alarms: [alarm(0)], statistics: { currentPage: 1, pageSize: 100 } });
      }) as typeof fetch,
    });
    const { unmount } = renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN },
      locales: EN,
    });
    await waitFor(() => expect(screen.getByTestId('alarm-counter')).toHaveTextContent('12,072'));
    unmount();
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN },
      locales: DE,
      language: 'de',
    });
    await waitFor(() => expect(screen.getByTestId('alarm-counter')).toHaveTextContent('12.072'));
  });

  it('names the new status in the user\'s language, in the platform\'s German sentence', async () => {
    platform(1);
    const success = jest.fn();
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success, info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN },
      locales: DE,
      language: 'de',
    });
    await screen.findByText('alarm 0');
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Alarmstatus auf "Bestätigt" gesetzt.'));
  });
});

describe('AlarmsView with another user', () => {
  it('does not reopen an alarm another user cleared since the list was read: Acknowledge writes nothing and says so', async () => {
    platform(1);
    const puts: string[] = [];
    configureClient({
      fetch: (async (url: string, init: RequestInit) => {
        const u = new URL(url, 'http://x');
        const method = init.method ?? 'GET';
        if (method === 'PUT') puts.push(u.pathname);
        if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, 1);
        // The alarm itself, read before the change: cleared meanwhile.
        if (method === 'GET' && u.pathname.endsWith('/alarm/alarms/1000')) return reply(200, { ...alarm(0), status: 'CLEARED' });
        if (method === 'GET' && u.pathname.endsWith('/alarm/alarms')) return reply(200, { alarms: [alarm(0)], statistics: { currentPage: 1, pageSize: 100 } });
        return reply(200, {});
      }) as typeof fetch,
    });
    const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={alerts} confirm={jest.fn(async () => true)} />, { context: { user: ALARM_ADMIN }, locales: EN });
    await screen.findByText('alarm 0');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(alerts.info).toHaveBeenCalledWith('The alarm was already "CLEARED" (another user may have changed it): nothing was changed.'));
    expect(puts).toEqual([]);
    expect(alerts.success).not.toHaveBeenCalled();
  });

  it('does not write a Clear of an alarm another user already cleared since the list was read, and says so', async () => {
    const puts: string[] = [];
    configureClient({
      fetch: (async (url: string, init: RequestInit) => {
        const u = new URL(url, 'http://x');
        const method = init.method ?? 'GET';
        if (method === 'PUT') puts.push(u.pathname);
        if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, 1);
        // The alarm itself, read before the change: cleared meanwhile.
        if (method === 'GET' && u.pathname.endsWith('/alarm/alarms/1000')) return reply(200, { ...alarm(0), status: 'CLEARED' });
        if (method === 'GET' && u.pathname.endsWith('/alarm/alarms')) return reply(200, { alarms: [alarm(0)], statistics: { currentPage: 1, pageSize: 100 } });
        return reply(200, {});
      }) as typeof fetch,
    });
    const alerts = { success: jest.fn(), info: jest.fn(), fail: jest.fn() };
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={alerts} confirm={jest.fn(async () => true)} />, { context: { user: ALARM_ADMIN }, locales: EN });
    await screen.findByText('alarm 0');
    fireEvent.click(screen.getByRole('button', { name: 'Clear alarm' }));
    await waitFor(() => expect(alerts.info).toHaveBeenCalledWith('The alarm was already "CLEARED" (another user may have changed it): nothing was changed.'));
    expect(puts).toEqual([]);
    expect(alerts.success).not.toHaveBeenCalled();
    expect(alerts.fail).not.toHaveBeenCalled();
  });
});

describe('AlarmDetails', () => {
  it.each([
    ['en', EN, 'critical', 'software', 'Critical software alarms'],
    ['de', DE, 'critical', 'software', 'Kritische Alarme (Software)'],
    ['de', DE, 'warning', 'health', 'Warnalarme (Zustand)'],
    ['de', DE, 'major', undefined, 'Wichtige Alarme'],
  ] as const)('titles a dashboard link in %s (%s, %s) as the platform names the severity', async (language, locales, severity, category, title) => {
    platform(0);
    renderContribution(<AlarmDetails alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN, query: { severity, ...(category ? { category } : {}), operationsdashboarddetails: 'true' } },
      locales,
      language,
    });
    expect(screen.getByTestId('alarm-details-title')).toHaveTextContent(new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`));
  });

  it('shows a device-less severity link without the dashboard flag as the alarm list with its actions', async () => {
    platform(1);
    renderContribution(<AlarmDetails alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN, query: { severity: 'major' } },
      locales: EN,
    });
    await screen.findByText('alarm 0');
    expect(screen.getByTestId('alarms-view')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-alarms')).toBeNull();
  });

  it("does not name a category the device's alarm list does not filter by", async () => {
    platform(1);
    renderContribution(<AlarmDetails alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
      context: { user: ALARM_ADMIN, query: { deviceId: '42', severity: 'critical', category: 'software', operationsdashboarddetails: 'true' } },
      locales: EN,
    });
    await screen.findByText('alarm 0');
    expect(screen.getByTestId('alarms-view')).toBeTruthy();
    expect(screen.getByTestId('alarm-details-title')).toHaveTextContent(/^Critical alarms$/);
  });
});

describe('AlarmsView keyboard focus', () => {
  const render = (confirm = jest.fn(async () => true)) => {
    const success = jest.fn();
    renderContribution(<AlarmsView source="42" severities={['MAJOR']} alerts={{ success, info: jest.fn(), fail: jest.fn() }} confirm={confirm} />, {
      context: { user: ALARM_ADMIN },
      locales: EN,
    });
    return success;
  };

  it('goes to the same action of the next alarm when the alarm used leaves the list', async () => {
    statefulPlatform(3);
    const success = render();
    await screen.findByText('alarm 0');
    const item = (text: string) => screen.getByText(text).closest('li')!;
    const clear = within(item('alarm 0')).getByRole('button', { name: 'Clear alarm' });
    clear.focus();
    fireEvent.click(clear);
    await waitFor(() => expect(success).toHaveBeenCalled());
    await waitFor(() => expect(within(item('alarm 1')).getByRole('button', { name: 'Clear alarm' })).toHaveFocus());
  });

  it('goes to Reload when the last alarm, or everything with Clear all, was cleared', async () => {
    const server = statefulPlatform(2);
    const success = render(jest.fn(async () => (server.set([]), true)));
    await screen.findByText('alarm 0');
    const clearAll = screen.getByRole('button', { name: 'Clear all' });
    await waitFor(() => expect(clearAll).toBeEnabled());
    clearAll.focus();
    fireEvent.click(clearAll);
    await waitFor(() => expect(clearAll).toBeDisabled());
    // What Chromium does to a focused control that gets disabled (jsdom keeps it there): focus on the page.
    clearAll.blur();
    await waitFor(() => expect(success).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus());
  });
});

it('shows that Reload is reading the lists again: its icon spins until they are read', async () => {
  let hold = false;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (hold) await held;
      if (u.pathname.endsWith('/alarm/alarms/count')) return reply(200, 1);
      return reply(200, { alarms: [alarm(0)], statistics: { currentPage: 1, pageSize: 100 } });
    }) as typeof fetch,
  });
  renderMajor();
  await screen.findByText('alarm 0');
  const reload = screen.getByRole('button', { name: 'Reload' });
  expect(reload.querySelector('.icon-spin')).toBeNull();
  hold = true;
  fireEvent.click(reload);
  await waitFor(() => expect(reload.querySelector('.icon-spin')).not.toBeNull());
  release();
  await waitFor(() => expect(reload.querySelector('.icon-spin')).toBeNull());
  expect(screen.getByText('alarm 0')).toBeInTheDocument();
});

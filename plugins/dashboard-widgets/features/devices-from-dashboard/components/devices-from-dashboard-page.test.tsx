import React, { useEffect, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ContributionProviders } from '@shared/plugin-api/parcel';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution, testContext, testUser } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import { getI18n } from '@shared/plugin-api/i18n';
import { SHARED_NS } from '@shared/ui/i18n';
import sharedDe from '@shared/ui/locales/de.json';
import { alerts } from '@shared/ui/alerts';
import { topModalDialog } from '@shared/ui/top-layer';
import { navigate, parseHash } from '@shared/plugin-api/hash-location';
import type { PlatformContext } from '@shared/plugin-api/types';
import DevicesFromDashboardPage from './devices-from-dashboard-page';

/** The page under a host that routes by the window's hash, as both hosts do (navigate, replaceHash, Back). */
function Routed({ queryClient, context }: { queryClient: QueryClient; context?: Partial<PlatformContext> }) {
  const [loc, setLoc] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const on = () => setLoc(parseHash(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return (
    <ContributionProviders props={{ pluginId: 'dashboard-widgets', contributionId: 'test', queryClient, context: testContext({ ...context, path: loc.path, query: loc.query, navigate }) }}>
      <DevicesFromDashboardPage />
    </ContributionProviders>
  );
}
const renderRouted = (hash: string, context?: Partial<PlatformContext>) => {
  const language = context?.language ?? 'en';
  const i18n = getI18n(language);
  i18n.addResourceBundle(language, 'dashboard-widgets', language === 'de' ? de : en, true, true);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  window.location.hash = hash;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<Routed queryClient={queryClient} context={context} />);
};
const hashQuery = () => parseHash(window.location.hash).query;

beforeEach(() => {
  // The actions show before any answer: the requests stay unanswered.
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

describe('/devicesFromDashboard actions', () => {
  // The same labels as the device list (plugins/device-operations, device-list-view.tsx) for the same actions.
  it.each([
    ['en', en, ['Select software', 'Clear Pending Assignments', 'Initialize not-monitored devices', 'Create smart group']],
    ['de', de, ['Software auswählen', 'Ausstehende Zuweisungen löschen', 'Nicht überwachte Geräte initialisieren', 'Dynamische Gruppe erstellen']],
  ] as const)('say what the device list says (%s)', async (language, locales, labels) => {
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', language, locales, context: { query: { view: 'currentOnlineDevices' } } });
    const shown = ['action-select-software', 'action-clear-pending', 'action-initialize', 'action-smart-group'].map((id) => screen.getByTestId(id).textContent?.trim());
    expect(shown).toEqual(labels);
    // The grid's code loads lazily: the test ends once it has.
    await screen.findByTestId('device-grid');
  });
});

describe('/devicesFromDashboard: Create smart group', () => {
  it('keeps the dialog open with the failure and the typed name when the group cannot be saved, and closes it once saved', async () => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    let created = jsonReply(500, { error: 'inventory/failed', message: 'Service down' });
    configureClient({ fetch: (async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? created : jsonReply(200, page))) as unknown as typeof fetch });
    renderContribution(<DevicesFromDashboardPage />, {
      pluginId: 'dashboard-widgets',
      locales: en,
      context: { query: { view: 'currentOnlineDevices' }, user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_CREATE']) },
    });
    await screen.findByText('NB1');
    await act(async () => fireEvent.click(screen.getByTestId('action-smart-group')));
    fireEvent.change(await screen.findByTestId('smart-group-name'), { target: { value: 'Line A' } });
    await act(async () => fireEvent.click(screen.getByTestId('smart-group-create')));
    expect(await screen.findByTestId('smart-group-error')).toHaveTextContent('500');
    expect(screen.getByTestId('smart-group-name')).toHaveValue('Line A');
    created = jsonReply(201, { id: '77', name: 'Line A' });
    await act(async () => fireEvent.click(screen.getByTestId('smart-group-create')));
    await waitFor(() => expect(screen.queryByTestId('smart-group-dialog')).toBeNull());
  });
});

describe('/devicesFromDashboard: Create smart group of a large list', () => {
  const user = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_CREATE']);
  const pageOf = (total: number) => ({ managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: total, totalPages: Math.ceil(total / 25), currentPage: 1, pageSize: 25 } });

  it('of 3,343 devices named by id: disabled, saying why, before anything is loaded (the group was created and its page could never read its 100 KB query)', async () => {
    const asked: string[] = [];
    configureClient({ fetch: (async (url: string) => (asked.push(String(url)), jsonReply(200, pageOf(3343)))) as unknown as typeof fetch });
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', locales: en, context: { query: { view: 'devicesWaitingForApproval' }, user } });
    await screen.findByText('NB1');
    const action = screen.getByTestId('action-smart-group');
    await waitFor(() => expect(action).toBeDisabled());
    expect(action).toHaveAttribute('title', 'A smart group of this list names its devices one by one: at most 200 devices, not 3343. Select the devices for the group.');
  });

  it('of all 20,000 devices: a query, not ids, so it stays possible', async () => {
    configureClient({ fetch: (async () => jsonReply(200, pageOf(20000))) as unknown as typeof fetch });
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', locales: en, context: { query: { view: 'totalDevices' }, user } });
    await screen.findByText('NB1');
    expect(screen.getByTestId('action-smart-group')).toBeEnabled();
  });

  it('of a list that grew past the limit since its count: says so instead of opening the dialog', async () => {
    // The page says 150 devices; loading them all finds 250.
    const all = Array.from({ length: 250 }, (_, i) => ({ id: String(i + 1), name: `NB${i + 1}`, type: 'adamos_NETbox' }));
    configureClient({
      fetch: (async (url: string) => {
        const size = Number(new URL(String(url), 'http://x').searchParams.get('pageSize'));
        return jsonReply(200, size === 25 ? pageOf(150) : { managedObjects: all, statistics: { totalElements: 250, totalPages: 1, currentPage: 1, pageSize: size } });
      }) as unknown as typeof fetch,
    });
    const danger = jest.spyOn(alerts, 'danger');
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', locales: en, context: { query: { view: 'devicesWaitingForApproval' }, user } });
    await screen.findByText('NB1');
    await act(async () => fireEvent.click(screen.getByTestId('action-smart-group')));
    await waitFor(() => expect(danger).toHaveBeenCalledWith('A smart group of this list names its devices one by one: at most 200 devices, not 250. Select the devices for the group.'));
    expect(screen.queryByTestId('smart-group-dialog')).toBeNull();
    danger.mockRestore();
  });
});

describe('/devicesFromDashboard: the count', () => {
  it.each([
    ['en', en, '1 device'],
    ['de', de, '1 Gerät'],
  ] as const)("of a list of one device says 'device', as the device lists do (%s)", async (language, locales, text) => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    configureClient({ fetch: (async () => jsonReply(200, page)) as unknown as typeof fetch });
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', language, locales, context: { query: { view: 'recoveredThisMonth' } } });
    await waitFor(() => expect(screen.getByTestId('list-count').textContent).toBe(text));
    await screen.findByText('NB1');
  });
});

describe('/devicesFromDashboard: Reload', () => {
  it("reads the list and the server job's state again (the banner is part of the list), as the device lists' Reload does", async () => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    const asked: string[] = [];
    configureClient({
      fetch: (async (url: string) => {
        asked.push(String(url));
        return String(url).includes('c8y_status') ? jsonReply(200, { managedObjects: [] }) : jsonReply(200, page);
      }) as unknown as typeof fetch,
    });
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', locales: en, context: { query: { view: 'recoveredThisMonth' } } });
    await screen.findByText('NB1');
    await waitFor(() => expect(asked.some((u) => u.includes('c8y_status'))).toBe(true));
    const before = { list: asked.filter((u) => u.includes('recovereddevicelistpage')).length, status: asked.filter((u) => u.includes('c8y_status')).length };
    await act(async () => fireEvent.click(screen.getByTestId('action-reload')));
    await waitFor(() => expect(asked.filter((u) => u.includes('recovereddevicelistpage')).length).toBeGreaterThan(before.list));
    await waitFor(() => expect(asked.filter((u) => u.includes('c8y_status')).length).toBeGreaterThan(before.status));
  });
});

describe('/devicesFromDashboard: a server job', () => {
  it("says how far it got, as the device lists do (spec 4: 'Operation is running on the server (done/total)'), in an overlay that leaves the page inert", async () => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        // The clear-pending call stays unanswered: the job is running.
        if (init?.method === 'PUT') return new Promise<Response>(() => undefined);
        return String(url).includes('c8y_status') ? jsonReply(200, { managedObjects: [] }) : jsonReply(200, page);
      }) as unknown as typeof fetch,
    });
    getI18n('de').addResourceBundle('de', SHARED_NS, sharedDe, true, true);
    renderContribution(<DevicesFromDashboardPage />, {
      pluginId: 'dashboard-widgets',
      language: 'de',
      locales: de,
      context: { query: { view: 'currentOnlineDevices' }, user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    });
    await screen.findByText('NB1');
    // Disabled with its reason until a device is selected (the SDK's text: the shell loads its namespace).
    expect(screen.getByTestId('action-clear-pending')).toBeDisabled();
    expect(screen.getByTestId('action-clear-pending')).toHaveAttribute('title', 'Keine Geräte ausgewählt');
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('action-clear-pending')).not.toHaveAttribute('title');
    await act(async () => fireEvent.click(screen.getByTestId('action-clear-pending')));
    expect(await screen.findByTestId('loading-overlay-message')).toHaveTextContent('Operation läuft auf dem Server (0/1)');
    expect(topModalDialog()).toBe(screen.getByTestId('loading-overlay'));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('/devicesFromDashboard: a page past the end', () => {
  it('shows the last page when the view shrank (not an empty page under "40–40 of 40")', async () => {
    let total = 30;
    const asked: number[] = [];
    configureClient({
      fetch: (async (url: string) => {
        if (String(url).includes('c8y_status')) return jsonReply(200, { managedObjects: [] });
        const currentPage = Number(new URL(String(url), 'http://x').searchParams.get('currentPage'));
        asked.push(currentPage);
        const from = (currentPage - 1) * 25;
        const managedObjects = Array.from({ length: Math.max(0, Math.min(25, total - from)) }, (_, i) => ({ id: String(from + i + 1), name: `NB${from + i + 1}`, type: 'adamos_NETbox' }));
        return jsonReply(200, { managedObjects, statistics: { totalElements: total, totalPages: Math.ceil(total / 25), currentPage, pageSize: 25 } });
      }) as unknown as typeof fetch,
    });
    renderRouted('#/devicesFromDashboard?view=devicesWaitingForApproval');
    await screen.findByText('NB1');
    await act(async () => fireEvent.click(screen.getByTestId('page-2')));
    await screen.findByText('NB26');
    total = 20;
    await act(async () => fireEvent.click(screen.getByTestId('action-reload')));
    await screen.findByText('NB1');
    expect(screen.getByTestId('page-1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('pager-total')).toHaveTextContent('1–20 of 20');
    expect(asked.at(-1)).toBe(1);
    expect(hashQuery()).toEqual({ view: 'devicesWaitingForApproval' });
  });
});

describe('/devicesFromDashboard: the page in the URL', () => {
  const fleet = (url: string) => {
    if (String(url).includes('c8y_status')) return jsonReply(200, { managedObjects: [] });
    const u = new URL(String(url), 'http://x');
    const currentPage = Number(u.searchParams.get('currentPage'));
    const pageSize = Number(u.searchParams.get('pageSize'));
    const from = (currentPage - 1) * pageSize;
    const managedObjects = Array.from({ length: Math.max(0, Math.min(pageSize, 120 - from)) }, (_, i) => ({ id: `A${from + i + 1}`, name: `A${from + i + 1}`, type: 'adamos_NETbox' }));
    return jsonReply(200, { managedObjects, statistics: { totalElements: 120, totalPages: Math.ceil(120 / pageSize), currentPage, pageSize } });
  };
  it('shows the page and page size the user left when the list is opened again (Back from a device, a reload, a bookmark)', async () => {
    configureClient({ fetch: (async (url: string) => (String(url).includes('/user/currentUser') ? jsonReply(200, { id: 'admin', userName: 'admin', customProperties: {} }) : fleet(url))) as unknown as typeof fetch });
    const first = renderRouted('#/devicesFromDashboard?view=devicesWaitingForApproval');
    await screen.findByText('A1');
    await act(async () => fireEvent.click(screen.getByTestId('page-2')));
    await screen.findByText('A26');
    expect(hashQuery()).toEqual({ view: 'devicesWaitingForApproval', page: '2' });
    await act(async () => fireEvent.change(screen.getByTestId('page-size'), { target: { value: '50' } }));
    await waitFor(() => expect(screen.getByTestId('pager-total')).toHaveTextContent('1–50 of 120'));
    expect(hashQuery()).toEqual({ view: 'devicesWaitingForApproval', size: '50' });
    await act(async () => fireEvent.click(screen.getByTestId('page-2')));
    await waitFor(() => expect(screen.getByTestId('pager-total')).toHaveTextContent('51–100 of 120'));
    first.unmount();
    // The route opened again at the same address (what Back to it or a reload does).
    renderRouted(window.location.hash);
    await screen.findByText('A51');
    expect(screen.getByTestId('pager-total')).toHaveTextContent('51–100 of 120');
    expect(screen.getByTestId('page-2')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('page-size')).toHaveValue('50');
    configureClient({ fetch: undefined });
  });
  it('ignores a malformed page or size in a link (the first page, the saved size)', async () => {
    configureClient({ fetch: (async (url: string) => (String(url).includes('/user/currentUser') ? jsonReply(200, { id: 'admin', userName: 'admin', customProperties: {} }) : fleet(url))) as unknown as typeof fetch });
    renderRouted('#/devicesFromDashboard?view=devicesWaitingForApproval&page=x&size=7');
    await screen.findByText('A1');
    expect(screen.getByTestId('page-1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('page-size')).toHaveValue('25');
    configureClient({ fetch: undefined });
  });
});

describe('/devicesFromDashboard: another view', () => {
  it('starts on its first page with nothing selected (the selection of one view never acts on another)', async () => {
    configureClient({
      fetch: (async (url: string) => {
        if (String(url).includes('c8y_status')) return jsonReply(200, { managedObjects: [] });
        const u = new URL(String(url), 'http://x');
        const currentPage = Number(u.searchParams.get('currentPage'));
        const prefix = u.pathname.includes('recovered') ? 'R' : 'A';
        const from = (currentPage - 1) * 25;
        const managedObjects = Array.from({ length: 25 }, (_, i) => ({ id: `${prefix}${from + i + 1}`, name: `${prefix}${from + i + 1}`, type: 'adamos_NETbox' }));
        return jsonReply(200, { managedObjects, statistics: { totalElements: 60, totalPages: 3, currentPage, pageSize: 25 } });
      }) as unknown as typeof fetch,
    });
    renderRouted('#/devicesFromDashboard?view=devicesWaitingForApproval');
    await screen.findByText('A1');
    await act(async () => fireEvent.click(screen.getByTestId('page-2')));
    await screen.findByText('A26');
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('25 selected');
    await act(async () => navigate('/devicesFromDashboard?view=recoveredThisYear'));
    await screen.findByText('R1');
    expect(screen.getByTestId('page-1')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('selected-count')).toBeNull();
  });
});

describe('/devicesFromDashboard: a setting the platform refused', () => {
  it('is said (page size and column configuration), as the device lists say it, not rolled back without a word', async () => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        const u = new URL(String(url), 'http://x');
        if (u.pathname === '/user/currentUser') {
          return init?.method === 'PUT' ? jsonReply(503, { error: 'user/failed', message: 'Service down' }) : jsonReply(200, { id: 'viewer', userName: 'viewer', customProperties: {} });
        }
        return String(url).includes('c8y_status') ? jsonReply(200, { managedObjects: [] }) : jsonReply(200, page);
      }) as unknown as typeof fetch,
    });
    alerts.clearAll();
    renderRouted('#/devicesFromDashboard?view=totalDevices', { language: 'de' });
    await screen.findByText('NB1');
    await act(async () => fireEvent.change(screen.getByTestId('page-size'), { target: { value: '50' } }));
    await waitFor(() => expect(alerts.list().map((a) => a.text)).toContain('Die Seitengröße konnte nicht gespeichert werden: Service down'));
    // The size chosen stays for this visit.
    expect(screen.getByTestId('page-size')).toHaveValue('50');
    act(() => alerts.clearAll());
  });
});

describe('/devicesFromDashboard, a list the microservice answers without devices', () => {
  it("says so, not 'No devices to display' nor the spec's message with 'response status: 0'", async () => {
    configureClient({
      fetch: (async (url: string) => {
        if (String(url).includes('/user/currentUser')) return jsonReply(200, { id: 'admin', userName: 'admin', customProperties: {} });
        if (String(url).includes('/service/operation-dashboard/listdevices/')) return jsonReply(200, {});
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', locales: en, context: { query: { view: 'totalDevices' } } });
    expect(await screen.findByTestId('list-error')).toHaveTextContent('The server answered without the data asked for.');
    expect(screen.getByTestId('list-error')).not.toHaveTextContent('response status');
    expect(screen.queryByText('No devices to display')).toBeNull();
    configureClient({ fetch: undefined });
  });
});

describe('/devicesFromDashboard on a slow network', () => {
  it('sends Clear Pending Assignments once when clicked twice while the server job is looked up', async () => {
    const page = { managedObjects: [{ id: '1', name: 'NB1', type: 'adamos_NETbox' }], statistics: { totalElements: 1, totalPages: 1, currentPage: 1, pageSize: 25 } };
    let statusReads = 0;
    let answerStatus: () => void = () => undefined;
    const puts: string[] = [];
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(String(url));
          return new Promise<Response>(() => undefined);
        }
        if (String(url).includes('c8y_status')) {
          // The list's first look answers; the action's fresh look is slow.
          if (statusReads++ === 0) return jsonReply(200, { managedObjects: [] });
          await new Promise<void>((resolve) => (answerStatus = resolve));
          return jsonReply(200, { managedObjects: [] });
        }
        return jsonReply(200, page);
      }) as unknown as typeof fetch,
    });
    renderContribution(<DevicesFromDashboardPage />, {
      pluginId: 'dashboard-widgets',
      locales: en,
      context: { query: { view: 'currentOnlineDevices' }, user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    });
    await screen.findByText('NB1');
    await waitFor(() => expect(statusReads).toBe(1));
    fireEvent.click(screen.getByTestId('select-page'));
    await act(async () => fireEvent.click(screen.getByTestId('action-clear-pending')));
    // Blocked from the first click on, not only once the job runs.
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(screen.getByTestId('action-clear-pending')).toBeDisabled();
    await act(async () => fireEvent.click(screen.getByTestId('action-clear-pending')));
    await act(async () => answerStatus());
    expect(await screen.findByTestId('loading-overlay-message')).toHaveTextContent('Operation is running on the server (0/1)');
    expect(puts).toHaveLength(1);
    configureClient({ fetch: undefined });
  });
});

describe('/devicesFromDashboard, a link to a view that does not exist', () => {
  it.each([
    ['en', en, 'Device Operations Dashboard view not known.', '← Operations Dashboard'],
    ['de', de, 'Ansicht des Geräte-Betriebs-Dashboards unbekannt.', '← Betriebs-Dashboard'],
  ] as const)("says the spec's message with a way back to the dashboard (%s)", async (language, locales, message, back) => {
    const navigate = jest.fn();
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', language, locales, context: { query: { view: 'recoveredLastCentury' }, navigate } });
    expect(await screen.findByTestId('view-not-known')).toHaveTextContent(message);
    const link = screen.getByTestId('view-not-known-back');
    expect(link).toHaveTextContent(back);
    expect(link).toHaveAttribute('href', '#/deviceOperationsDashboard');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/deviceOperationsDashboard');
  });
});

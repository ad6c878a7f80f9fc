import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { configureClient } from '@shared/platform/fetch-client';
import { anyOf } from '@shared/platform/query-language';
import { ContributionProviders } from '@shared/plugin-api/parcel';
import { jsonReply, renderContribution, testContext, testUser } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import deviceEn from '../../../locales/device.en.json';
import deviceDe from '../../../locales/device.de.json';
import { getI18n } from '@shared/plugin-api/i18n';
import { SHARED_NS } from '@shared/ui/i18n';
import sharedDe from '@shared/ui/locales/de.json';
import { DEFAULT_COLUMNS } from '../model/columns';
import { DeviceListView } from './device-list-view';

const SOURCE = { key: ['views', 'iotconnector'], base: anyOf('type', ['adamos_NETbox']) };
const devices = [1, 2, 3].map((i) => ({ id: String(i), name: `IoTconnector NB${i}`, type: 'adamos_NETbox' }));

/** The filtered page answers; counting the whole source (pageSize 1, no column filter) fails. */
function sourceCountFails() {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
      const query = u.searchParams.get('query') ?? '';
      if (query.includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      if (u.searchParams.get('pageSize') === '1') return jsonReply(503, { error: 'inventory/failed', message: 'Service down' });
      return jsonReply(200, { managedObjects: devices, statistics: { currentPage: 1, pageSize: 25, totalElements: 3 } });
    }) as unknown as typeof fetch,
  });
}

const view = <DeviceListView source={SOURCE} title="IoTconnectors" available={DEFAULT_COLUMNS} defaults={DEFAULT_COLUMNS} csvFileName="x.csv" />;
const context = { user: testUser(['ROLE_INVENTORY_READ']), path: '/views/iotconnector', query: { 'f.name': 'NB' } };

describe('DeviceListView title', () => {
  it('says the filtered count and why the total is missing when the source cannot be counted (not "…" for ever)', async () => {
    sourceCountFails();
    const { unmount } = renderContribution(view, { locales: en, context });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('Filtered 3 devices (the total could not be counted: Service down)'));
    unmount();
    renderContribution(view, { language: 'de', locales: de, context: { ...context, language: 'de' } });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('3 Geräte gefiltert (die Gesamtzahl konnte nicht gezählt werden: Service down)'));
  });
});

/** The icon classes the platform's design system defines (@c8y/style, the dlt-c8y-icons font). */
const DESIGN_SYSTEM_ICONS = new Set(
  [...fs.readFileSync(path.join(require.resolve('@c8y/style/package.json'), '..', 'styles', 'icons', '_dlt-c8y-icons.scss'), 'utf8').matchAll(/^\.(dlt-c8y-icon-[\w-]+)\s*\{/gm)].map((m) => m[1]),
);

describe('DeviceListView title', () => {
  it('isolates the title (a group name with U+202E turned the count after it around)', async () => {
    sourceCountFails();
    renderContribution(<DeviceListView source={SOURCE} title={'grp\u202Eone'} available={DEFAULT_COLUMNS} defaults={DEFAULT_COLUMNS} csvFileName="x.csv" />, { locales: en, context });
    const heading = await screen.findByTestId('list-heading');
    expect(heading.querySelector('bdi')).toHaveTextContent('grp\u202Eone');
    expect(heading.querySelector('bdi')).not.toContainElement(screen.getByTestId('list-count'));
  });
});

describe('DeviceListView toolbar', () => {
  it("draws every action's icon from the design system (Create smart group had a class the font lacks, so no icon)", async () => {
    sourceCountFails();
    renderContribution(view, { locales: en, context: { ...context, user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) } });
    await waitFor(() => expect(screen.getByTestId('action-smart-group')).toBeInTheDocument());
    const icons = [...screen.getByTestId('bulk-actions').querySelectorAll('i')].flatMap((i) => [...i.classList].filter((c) => c.startsWith('dlt-c8y-icon-')));
    expect(icons).toEqual(expect.arrayContaining(['dlt-c8y-icon-download', 'dlt-c8y-icon-eraser', 'dlt-c8y-icon-filter', 'dlt-c8y-icon-refresh']));
    expect(icons.filter((c) => !DESIGN_SYSTEM_ICONS.has(c))).toEqual([]);
  });

  it('switches Clear filters between disabled and enabled at once, without the platform\'s fade (README decision)', async () => {
    sourceCountFails();
    renderContribution(view, { locales: en, context });
    const clear = await screen.findByTestId('action-clear-filters');
    expect(clear).toBeEnabled();
    expect(clear.style.transition).toBe('none');
  });
});

describe('DeviceListView, Days since last message', () => {
  it('keeps counting to when the rows on screen were fetched while the next page loads (the old rows read 0 days)', async () => {
    const DAY_MS = 86_400_000;
    const lastMessage = new Date(Date.now() - 5 * DAY_MS - 3_600_000).toISOString();
    const pageOne = [1, 2].map((i) => ({ id: String(i), name: `IoTconnector NB${i}`, type: 'adamos_NETbox', c8y_Availability: { status: 'UNAVAILABLE', lastMessage } }));
    let releasePageTwo: () => void = () => undefined;
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        if ((u.searchParams.get('query') ?? '').includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
        if (u.searchParams.get('currentPage') === '2') {
          await new Promise<void>((resolve) => (releasePageTwo = resolve));
          return jsonReply(200, { managedObjects: [{ id: '9', name: 'IoTconnector NB9', type: 'adamos_NETbox' }], statistics: { currentPage: 2, pageSize: 2, totalElements: 3 } });
        }
        return jsonReply(200, { managedObjects: pageOne, statistics: { currentPage: 1, pageSize: 2, totalElements: 3 } });
      }) as unknown as typeof fetch,
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const at = (query: Record<string, string>) => (
      <ContributionProviders props={{ pluginId: 'test-plugin', contributionId: 'test', queryClient, context: testContext({ user: testUser(['ROLE_INVENTORY_READ']), path: '/views/iotconnector', query: { size: '10', ...query } }) }}>
        {view}
      </ContributionProviders>
    );
    const days = () => [...document.querySelectorAll('.ag-row [col-id="daysSinceLastMessage"]')].map((c) => c.textContent);
    const { rerender } = render(at({}));
    await waitFor(() => expect(days()).toEqual(['5', '5']));
    rerender(at({ page: '2' }));
    await waitFor(() => expect(screen.getByTestId('device-grid')).toHaveAttribute('aria-busy', 'false'));
    // Page 2 is on its way; the rows of page 1 stay, and so do their days.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('IoTconnector NB1')).toBeInTheDocument();
    expect(days()).toEqual(['5', '5']);
    releasePageTwo();
    await waitFor(() => expect(screen.getByText('IoTconnector NB9')).toBeInTheDocument());
  });
});

describe('DeviceListView, a page that fails', () => {
  it('says that the devices could not be loaded (German too) and keeps the page asked for in the pager', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        if ((u.searchParams.get('query') ?? '').includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
        return jsonReply(500, { error: 'inventory/failed', message: 'Database unavailable' });
      }) as unknown as typeof fetch,
    });
    const failing = { user: testUser(['ROLE_INVENTORY_READ']), path: '/views/iotconnector', query: { page: '3' } };
    const { unmount } = renderContribution(view, { locales: { ...en, ...deviceEn }, context: failing });
    await waitFor(() => expect(screen.getByTestId('list-error')).toHaveTextContent('The devices could not be loaded: Database unavailable'));
    // Said once, in the alert: the grid (its headers and Reload above it) stays, without the message again nor "No devices to display".
    await screen.findByTestId('header-name', {}, { timeout: 15000 });
    await waitFor(() => expect(screen.getByTestId('device-grid').querySelector('.ag-overlay-no-rows-wrapper, .ag-overlay-wrapper')).not.toBeNull(), { timeout: 15000 });
    expect(screen.getAllByText(/could not be loaded/)).toHaveLength(1);
    expect(screen.queryByTestId('grid-empty')).toBeNull();
    expect(screen.queryByText('No devices to display')).toBeNull();
    expect(screen.getByTestId('action-reload')).toBeEnabled();
    // Page 3 stays the current one (it was a lone, inactive "1" with First and Previous on).
    expect(screen.getByTestId('page-3')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('page-1')).toBeNull();
    unmount();
    renderContribution(view, { language: 'de', locales: { ...de, ...deviceDe }, context: { ...failing, language: 'de' } });
    await waitFor(() => expect(screen.getByTestId('list-error')).toHaveTextContent('Die Geräte konnten nicht geladen werden: Database unavailable'));
  });
});

describe('DeviceListView, an answer without devices', () => {
  it('says that the devices could not be loaded, not "No devices to display", when the inventory answers 200 with an HTML page or {} (German too)', async () => {
    let answer: [unknown, string] = ['<html><body>Gateway</body></html>', 'text/html'];
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        if ((u.searchParams.get('query') ?? '').includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
        const [body, type] = answer;
        return { ok: true, status: 200, statusText: 'OK', headers: { get: () => type }, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) };
      }) as unknown as typeof fetch,
    });
    const context = { user: testUser(['ROLE_INVENTORY_READ']), path: '/views/iotconnector' };
    const { unmount } = renderContribution(view, { locales: { ...en, ...deviceEn }, context });
    await waitFor(() => expect(screen.getByTestId('list-error')).toHaveTextContent('The devices could not be loaded: The server answered without the data asked for.'));
    expect(screen.queryByText('No devices to display')).toBeNull();
    unmount();
    answer = [{}, 'application/json'];
    getI18n().addResourceBundle('de', SHARED_NS, sharedDe, true, true);
    renderContribution(view, { language: 'de', locales: { ...de, ...deviceDe }, context: { ...context, language: 'de' } });
    await waitFor(() => expect(screen.getByTestId('list-error')).toHaveTextContent('Die Geräte konnten nicht geladen werden: Der Server hat ohne die angefragten Daten geantwortet.'));
  });
});

describe('DeviceListView, why a bulk action is disabled', () => {
  const operator = testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']);
  it.each([
    ['en', en, 'No devices selected', 'An operation is currently ongoing - please try again later.'],
    ['de', de, 'Keine Geräte ausgewählt', 'Eine Operation läuft gerade - bitte später erneut versuchen.'],
  ] as const)('says it on the button: nothing selected, or a server job runs (%s)', async (language, locales, noSelection, ongoing) => {
    let status: Record<string, unknown>[] = [];
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        if ((u.searchParams.get('query') ?? '').includes('c8y_status')) return jsonReply(200, { managedObjects: status, statistics: { currentPage: 1, pageSize: 1 } });
        return jsonReply(200, { managedObjects: devices, statistics: { currentPage: 1, pageSize: 25, totalElements: 3 } });
      }) as unknown as typeof fetch,
    });
    // The shell loads the SDK's own texts (the reasons are theirs).
    getI18n('de').addResourceBundle('de', SHARED_NS, sharedDe, true, true);
    const actions = ['action-select-software', 'action-clear-pending'];
    const first = renderContribution(view, { language, locales, context: { user: operator, path: '/views/iotconnector', query: {}, language } });
    await screen.findByText('IoTconnector NB1');
    for (const id of actions) {
      expect(screen.getByTestId(id)).toBeDisabled();
      expect(screen.getByTestId(id)).toHaveAttribute('title', noSelection);
    }
    fireEvent.click(screen.getByTestId('select-page'));
    for (const id of actions) {
      expect(screen.getByTestId(id)).toBeEnabled();
      expect(screen.getByTestId(id)).not.toHaveAttribute('title');
    }
    first.unmount();
    status = [{ id: '99', type: 'c8y_status', dmg_assign_software_status: 'ongoing', dmg_clear_pending_assignment_status: 'completed' }];
    renderContribution(view, { language, locales, context: { user: operator, path: '/views/iotconnector', query: {}, language } });
    await screen.findByTestId('server-job-banner');
    for (const id of actions) expect(screen.getByTestId(id)).toHaveAttribute('title', ongoing);
  });
});

describe('DeviceListView on a slow network', () => {
  it('sends Clear Pending Assignments once when clicked twice while the server job is looked up', async () => {
    let statusReads = 0;
    let answerStatus: () => void = () => undefined;
    const puts: string[] = [];
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        const u = new URL(url, 'http://x');
        if (init?.method === 'PUT') {
          puts.push(u.pathname);
          return new Promise<Response>(() => undefined);
        }
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        if ((u.searchParams.get('query') ?? '').includes('c8y_status')) {
          // The list's first look answers; the action's fresh look is slow.
          if (statusReads++ > 0) await new Promise<void>((resolve) => (answerStatus = resolve));
          return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
        }
        return jsonReply(200, { managedObjects: devices, statistics: { currentPage: 1, pageSize: 25, totalElements: 3 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(view, { locales: { ...en, ...deviceEn }, context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']), path: '/views/iotconnector', query: {} } });
    await screen.findByText('IoTconnector NB1');
    await waitFor(() => expect(statusReads).toBe(1));
    fireEvent.click(screen.getByTestId('select-page'));
    await act(async () => fireEvent.click(screen.getByTestId('action-clear-pending')));
    // Blocked from the first click on, not only once the job runs.
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(screen.getByTestId('action-clear-pending')).toBeDisabled();
    await act(async () => fireEvent.click(screen.getByTestId('action-clear-pending')));
    await act(async () => answerStatus());
    expect(await screen.findByTestId('loading-overlay-message')).toHaveTextContent('Operation is running on the server (0/3)');
    expect(puts).toEqual(['/service/create-software-ng/clearPendingAssignment/selectedDevices']);
    configureClient({ fetch: undefined });
  });
});

describe('DeviceListView on a large tenant', () => {
  it('writes the counts with the language\'s thousands separator ("12,072" / "12.072")', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname === '/user/currentUser') return jsonReply(200, { id: 'operator', userName: 'operator', customProperties: {} });
        const query = u.searchParams.get('query') ?? '';
        if (query.includes('c8y_status')) return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
        // The whole source (pageSize 1) holds 20,000 devices, the filter matches 12,072.
        const totalElements = u.searchParams.get('pageSize') === '1' ? 20000 : 12072;
        return jsonReply(200, { managedObjects: devices, statistics: { currentPage: 1, pageSize: 25, totalElements } });
      }) as unknown as typeof fetch,
    });
    const { unmount } = renderContribution(view, { locales: en, context });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('Filtered 12,072 of 20,000 devices'), { timeout: 5000 });
    unmount();
    renderContribution(<DeviceListView source={SOURCE} title="IoTconnectors" available={DEFAULT_COLUMNS} defaults={DEFAULT_COLUMNS} csvFileName="x.csv" />, {
      language: 'de',
      locales: de,
      context: { ...context, query: {}, language: 'de' },
    });
    await waitFor(() => expect(screen.getByTestId('list-count')).toHaveTextContent('12.072 Geräte'), { timeout: 5000 });
  });
});

import React from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { dropFocusToPage } from '@shared/ui/test-utils';
import SoftwareRolloutsPage from './software-rollouts-page';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const ARCHIVED = { id: '7', name: 'machine-monitor 4.2.0', status: 'ARCHIVED', software: { name: 'machine-monitor', version: '4.2.0' }, counters: {} };

describe('SoftwareRolloutsPage empty state', () => {
  beforeEach(() => {
    global.fetch = jest.fn(async () => reply(200, { managedObjects: [ARCHIVED], statistics: { pageSize: 200, currentPage: 1 } })) as unknown as typeof fetch;
  });

  it('says where the rollouts are when only archived ones exist and they are hidden', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository' });
    expect(await screen.findByText('No software rollouts available')).toBeInTheDocument();
    expect(screen.getByText('Switch on "Show archived" to see the archived software rollouts.')).toBeInTheDocument();
  });

  it('in a new tenant (no rollouts at all) says where a rollout is made', async () => {
    (global.fetch as jest.Mock).mockImplementation(async () => reply(200, { managedObjects: [], statistics: { pageSize: 200, currentPage: 1 } }));
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository' });
    expect(await screen.findByText('No software rollouts available')).toBeInTheDocument();
    expect(screen.getByText('A software rollout is created in a device list: select the devices, then "Select software" and "Create Software Rollout".')).toBeInTheDocument();
  });

  it('says nothing more when the filter matches no rollout at all', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository' });
    await screen.findByText('No software rollouts available');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'opcua' } });
    expect(screen.queryByText('Switch on "Show archived" to see the archived software rollouts.')).toBeNull();
  });
});

/** The cards' realtime: quiet (no notifications), never interrupted. */
jest.mock('@shared/platform/realtime', () => ({
  ...jest.requireActual('@shared/platform/realtime'),
  getRealtime: () => ({ subscribe: () => () => undefined, onResume: () => () => undefined, onStatusChange: () => () => undefined, interrupted: false }),
}));

describe('SoftwareRolloutsPage keyboard focus after an action', () => {
  const rollout = (id: string, status: string) => ({ id, name: `rollout ${id}`, status, software: { name: 'machine-monitor', version: '4.2.0' }, counters: {} });
  const TO: Record<string, string> = { ONGOING: 'ONGOING', PAUSED: 'PAUSED', CANCELLED: 'CANCELLED', ARCHIVED: 'ARCHIVED' };
  let rollouts: ReturnType<typeof rollout>[];
  let failing: boolean;

  /** The platform: the rollout list, and status changes that take effect (or fail with 500). */
  beforeEach(() => {
    failing = false;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      const change = /updateSoftwareRolloutStatus\/(\w+)\/(\w+)/.exec(String(url));
      if (change && init?.method === 'PUT') {
        if (failing) return reply(500, { message: 'engine down' });
        const r = rollouts.find((x) => x.id === change[1])!;
        r.status = TO[change[2]];
        return reply(200, { ...r });
      }
      return reply(200, { managedObjects: rollouts.map((r) => ({ ...r })), statistics: { pageSize: 200, currentPage: 1 } });
    }) as unknown as typeof fetch;
  });

  const page = async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) } });
    await screen.findByTestId(`rollout-card-${rollouts[0].id}`);
  };
  const card = (id: string) => within(screen.getByTestId(`rollout-card-${id}`));
  /** Presses a card's action by keyboard: it has the focus, and loses it to the page as Chromium does once it is disabled. */
  const press = (button: HTMLElement) => {
    button.focus();
    fireEvent.click(button);
    dropFocusToPage();
  };

  it.each([
    ['CREATED', 'start', 'rollout-pause'],
    ['ONGOING', 'pause', 'rollout-start'],
  ])('a %s rollout: after %s the focus is on the card\'s next action (%s), not on the page', async (status, action, next) => {
    rollouts = [rollout('1', status), rollout('2', 'CREATED')];
    await page();
    press(card('1').getByTestId(`rollout-${action}`));
    await waitFor(() => expect(document.activeElement).toBe(card('1').getByTestId(next)));
  });

  it('after Cancel and its confirmation the focus is on the card\'s Archive', async () => {
    rollouts = [rollout('1', 'PAUSED')];
    await page();
    press(card('1').getByTestId('rollout-cancel'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel rollout' }));
    dropFocusToPage();
    await waitFor(() => expect(document.activeElement).toBe(card('1').getByTestId('rollout-archive')));
  });

  it('after Archive (archived ones hidden) the focus is on the next card\'s first action', async () => {
    rollouts = [rollout('1', 'COMPLETED'), rollout('2', 'CANCELLED')];
    await page();
    press(card('1').getByTestId('rollout-archive'));
    await waitFor(() => expect(screen.queryByTestId('rollout-card-1')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(card('2').getByTestId('rollout-archive')));
  });

  it('after archiving the last shown rollout the focus is on "Show archived", which would show it', async () => {
    rollouts = [rollout('1', 'COMPLETED')];
    await page();
    press(card('1').getByTestId('rollout-archive'));
    await screen.findByText('No software rollouts available');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Show archived' })));
  });

  it('after Archive with archived ones shown the focus is on the card\'s Details (an archived rollout has no action)', async () => {
    rollouts = [rollout('1', 'COMPLETED'), rollout('2', 'CANCELLED')];
    await page();
    fireEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    press(card('1').getByTestId('rollout-archive'));
    await waitFor(() => expect(screen.getByTestId('rollout-card-1')).toHaveAttribute('data-status', 'ARCHIVED'));
    await waitFor(() => expect(document.activeElement).toBe(card('1').getByTestId('rollout-details-button')));
  });

  it('after a failed Start the focus is on Start again', async () => {
    rollouts = [rollout('1', 'CREATED')];
    failing = true;
    await page();
    press(card('1').getByTestId('rollout-start'));
    await waitFor(() => expect(card('1').getByTestId('rollout-start')).toBeEnabled());
    await waitFor(() => expect(document.activeElement).toBe(card('1').getByTestId('rollout-start')));
  });
});

describe('SoftwareRolloutsPage filter and "Show archived" in the URL', () => {
  beforeEach(() => {
    global.fetch = jest.fn(async () => reply(200, { managedObjects: [ARCHIVED], statistics: { pageSize: 200, currentPage: 1 } })) as unknown as typeof fetch;
  });

  it("shows the URL's filter and archived rollouts (Back, a reload) and keeps changes in the URL", async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { path: '/softwarerollout', query: { filter: 'monitor', archived: 'true' } } });
    expect(await screen.findByTitle('machine-monitor 4.2.0')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('monitor');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'machine' } });
    expect(window.location.hash).toBe('#/softwarerollout?filter=machine&archived=true');
    fireEvent.click(within(screen.getByTestId('show-archived')).getByRole('switch'));
    expect(window.location.hash).toBe('#/softwarerollout?filter=machine');
  });

  it('typing and "Show archived" replace the history entry (Back leaves the page rather than stepping through each change)', async () => {
    window.location.hash = '#/softwarerollout';
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { path: '/softwarerollout', query: {} } });
    await screen.findByText('No software rollouts available');
    const entries = window.history.length;
    fireEvent.click(within(screen.getByTestId('show-archived')).getByRole('switch'));
    expect(window.location.hash).toBe('#/softwarerollout?archived=true');
    expect(window.history.length).toBe(entries);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'machine' } });
    expect(window.location.hash).toBe('#/softwarerollout?archived=true&filter=machine');
    expect(window.history.length).toBe(entries);
    fireEvent.click(within(screen.getByTestId('show-archived')).getByRole('switch'));
    expect(window.location.hash).toBe('#/softwarerollout?filter=machine');
    expect(window.history.length).toBe(entries);
  });
});

describe('SoftwareRolloutsPage opened cards and devices dialog in the URL', () => {
  const ONGOING = { id: '3', name: 'opcua 2.0', status: 'ONGOING', software: { name: 'opcua', version: '2.0' }, counters: { success: 1, failed: 2 }, rolloutParameters: { batchSize: 5, batchGapSeconds: 1 } };
  beforeEach(() => {
    window.location.hash = '';
    global.fetch = jest.fn(async (url: string) => {
      if (/\/service\/.*devices|result=/.test(String(url)))
        return reply(200, { devices: [{ id: '41', name: 'press 41', result: 'failed', failureReason: 'no space left' }], statistics: { totalElements: 1, currentPage: 1, pageSize: 25 } });
      if (/managedObjects\/3/.test(String(url))) return reply(200, ONGOING);
      return reply(200, { managedObjects: [ONGOING], statistics: { pageSize: 200, currentPage: 1 } });
    }) as unknown as typeof fetch;
  });
  const render = (query: Record<string, string>) =>
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { path: '/softwarerollout', query } });

  it('keeps the expanded card and its devices dialog in the URL, and drops them when closed', async () => {
    render({});
    fireEvent.click(within(await screen.findByTestId('rollout-card-3')).getByTestId('rollout-expand'));
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3');
    fireEvent.click(await screen.findByTestId('counter-open-failed'));
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3&devices=3&result=failed');
    fireEvent.click(await screen.findByTestId('rollout-devices-close'));
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3');
    fireEvent.click(screen.getByTestId('rollout-expand'));
    expect(window.location.hash).toBe('#/softwarerollout');
  });

  it('a reload or bookmark of that URL shows the card expanded and its devices dialog open', async () => {
    render({ expanded: '3', devices: '3', result: 'failed' });
    expect(await screen.findByTestId('rollout-devices-dialog')).toHaveTextContent('Devices of "opcua 2.0": Failed');
    expect(screen.getByTestId('rollout-counters')).toBeInTheDocument();
  });

  it('an opened rollout hidden as archived says where it is; "Show archived" shows it with its counters', async () => {
    (global.fetch as jest.Mock).mockImplementation(async () => reply(200, { managedObjects: [ONGOING, ARCHIVED], statistics: { pageSize: 200, currentPage: 1 } }));
    render({ expanded: '7' });
    expect(await screen.findByTestId('rollout-hidden')).toHaveTextContent('The opened software rollout "machine-monitor 4.2.0" is archived: switch on "Show archived" to see it.');
    expect(screen.queryByTestId('rollout-card-7')).toBeNull();
    fireEvent.click(within(screen.getByTestId('show-archived')).getByRole('switch'));
    expect(within(await screen.findByTestId('rollout-card-7')).getByTestId('rollout-counters')).toBeInTheDocument();
    expect(screen.queryByTestId('rollout-hidden')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout?expanded=7&archived=true');
  });

  it('Close on the archived notice takes the hidden rollout out of the URL and keeps the other opened card', async () => {
    (global.fetch as jest.Mock).mockImplementation(async () => reply(200, { managedObjects: [ONGOING, ARCHIVED], statistics: { pageSize: 200, currentPage: 1 } }));
    render({ expanded: '3,7' });
    const notice = await screen.findByTestId('rollout-hidden');
    expect(notice).toHaveTextContent('The opened software rollout "machine-monitor 4.2.0" is archived: switch on "Show archived" to see it.');
    fireEvent.click(within(notice).getByTestId('rollout-hidden-dismiss'));
    expect(screen.queryByTestId('rollout-hidden')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3');
    expect(within(screen.getByTestId('rollout-card-3')).getByTestId('rollout-counters')).toBeInTheDocument();
    // Shown after all, the closed one is no longer open.
    fireEvent.click(within(screen.getByTestId('show-archived')).getByRole('switch'));
    expect(await screen.findByTestId('rollout-card-7')).toBeInTheDocument();
    expect(within(screen.getByTestId('rollout-card-7')).queryByTestId('rollout-counters')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3&archived=true');
  });

  /** A rollout with 60 failed devices: pages of the devices dialog as the service answers them. */
  const manyFailed = () =>
    (global.fetch as jest.Mock).mockImplementation(async (url: string) => {
      const u = new URL(String(url), 'http://x');
      if (/\/devices/.test(u.pathname)) {
        const page = Number(u.searchParams.get('currentPage') ?? 1);
        const size = Number(u.searchParams.get('pageSize') ?? 25);
        const ids = Array.from({ length: 60 }, (_, i) => i + 1).slice((page - 1) * size, page * size);
        return reply(200, { devices: ids.map((i) => ({ id: String(100 + i), name: `press ${i}`, result: 'failed' })), statistics: { totalElements: 60, currentPage: page, pageSize: size } });
      }
      return reply(200, { managedObjects: [ONGOING], statistics: { pageSize: 200, currentPage: 1 } });
    });

  it("keeps the devices dialog's page and page size in the URL: Back from a device or a reload shows that page again", async () => {
    manyFailed();
    render({ expanded: '3', devices: '3', result: 'failed' });
    const dialog = await screen.findByTestId('rollout-devices-dialog');
    await within(dialog).findByText('press 1');
    fireEvent.click(within(dialog).getByTestId('page-3'));
    expect(await within(dialog).findByText('press 51')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3&devices=3&result=failed&page=3');
    fireEvent.change(within(dialog).getByTestId('page-size'), { target: { value: '50' } });
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3&devices=3&result=failed&size=50');
    fireEvent.click(within(dialog).getByTestId('rollout-devices-close'));
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3');
  });

  it('a reload of page 3 shows page 3; a page past the last shows the last', async () => {
    manyFailed();
    const { unmount } = render({ expanded: '3', devices: '3', result: 'failed', page: '3' });
    const dialog = await screen.findByTestId('rollout-devices-dialog');
    expect(await within(dialog).findByText('press 51')).toBeInTheDocument();
    expect(within(dialog).getByTestId('page-3')).toHaveAttribute('aria-current', 'page');
    unmount();
    window.location.hash = '';
    render({ expanded: '3', devices: '3', result: 'failed', page: '9', size: '50' });
    const again = await screen.findByTestId('rollout-devices-dialog');
    expect(await within(again).findByText('press 60')).toBeInTheDocument();
    expect(within(again).getByTestId('page-2')).toHaveAttribute('aria-current', 'page');
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3&devices=3&result=failed&page=2&size=50');
  });

  it('an opened rollout hidden by the filter says so; "Clear filter" shows it with its counters', async () => {
    render({ expanded: '3', filter: 'machine' });
    expect(await screen.findByTestId('rollout-filtered')).toHaveTextContent('The opened software rollout "opcua 2.0" does not match the filter "machine": clear the filter to see it.');
    expect(screen.queryByTestId('rollout-card-3')).toBeNull();
    fireEvent.click(screen.getByTestId('rollout-filtered-clear'));
    expect(within(await screen.findByTestId('rollout-card-3')).getByTestId('rollout-counters')).toBeInTheDocument();
    expect(screen.queryByTestId('rollout-filtered')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout?expanded=3');
  });

  it('Close on the filter notice takes the hidden rollout out of the URL and keeps the filter', async () => {
    render({ expanded: '3', filter: 'machine' });
    fireEvent.click(within(await screen.findByTestId('rollout-filtered')).getByTestId('rollout-filtered-dismiss'));
    expect(screen.queryByTestId('rollout-filtered')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout?filter=machine');
  });

  it('says so when the opened rollout no longer exists, and Close takes it out of the URL', async () => {
    render({ expanded: '99', devices: '99', result: 'failed' });
    expect(await screen.findByTestId('rollout-gone')).toHaveTextContent('The software rollout 99 opened in this address no longer exists: it was deleted.');
    expect(screen.getByTestId('rollout-card-3')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('rollout-gone-dismiss'));
    expect(screen.queryByTestId('rollout-gone')).toBeNull();
    expect(window.location.hash).toBe('#/softwarerollout');
  });
});

describe('SoftwareRolloutsPage with hundreds of rollouts', () => {
  const many = Array.from({ length: 1100 }, (_, i) => ({
    id: String(1000 + i),
    name: `rollout ${i}`,
    status: 'COMPLETED',
    creationTime: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    software: { name: 'machine-monitor', version: '4.2.0' },
    counters: { total: 1, success: 1 },
  }));
  beforeEach(() => {
    window.location.hash = '';
    // The inventory page by page (200 a page), as the list reads it.
    global.fetch = jest.fn(async (url: string) => {
      const q = new URL(String(url), 'http://x').searchParams;
      const size = Number(q.get('pageSize'));
      const page = Number(q.get('currentPage'));
      return reply(200, { managedObjects: many.slice((page - 1) * size, page * size), statistics: { pageSize: size, currentPage: page } });
    }) as unknown as typeof fetch;
  });
  const cards = () => screen.getAllByTestId(/^rollout-card-/);

  it('shows the first 48 cards and says how many there are; Show more adds the next 48', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { path: '/softwarerollout', query: {} } });
    const more = await screen.findByTestId('rollouts-more');
    expect(cards()).toHaveLength(48);
    expect(more).toHaveTextContent('48 of 1,100 software rollouts shown');
    fireEvent.click(within(more).getByTestId('rollouts-show-more'));
    expect(cards()).toHaveLength(96);
    expect(screen.getByTestId('rollouts-more')).toHaveTextContent('96 of 1,100 software rollouts shown');
    // The filter narrows the rollouts: all of the few it leaves are shown, and nothing more is offered.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'rollout 1099' } });
    expect(cards()).toHaveLength(1);
    expect(screen.queryByTestId('rollouts-more')).toBeNull();
  });

  it('an opened rollout beyond the first cards is shown too (a bookmark of it)', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository', context: { path: '/softwarerollout', query: { expanded: '2000' } } });
    expect(within(await screen.findByTestId('rollout-card-2000')).getByTestId('rollout-counters')).toBeInTheDocument();
    expect(cards()).toHaveLength(49);
    expect(screen.getByTestId('rollouts-more')).toHaveTextContent('49 of 1,100 software rollouts shown');
  });
});

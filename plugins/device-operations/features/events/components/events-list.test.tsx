import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import de from '../../../locales/de.json';
import listsDe from '../../../locales/lists.de.json';
import deviceDe from '../../../locales/device.de.json';
import { EventsList } from './events-list';

function show(events: (url: URL) => Response) {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      return u.pathname.endsWith('/event/events') ? events(u) : reply(200, { managedObjects: [], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  const fail = jest.fn();
  renderContribution(<EventsList source="42" alerts={{ fail }} />, { locales: { ...en, ...listsEn, ...deviceEn } });
  return fail;
}

describe('EventsList', () => {
  it('says the events could not be loaded, with the cause, instead of "No events to display"', async () => {
    const fail = show(() => reply(403, { error: 'security/Forbidden', message: 'Access is denied' }));
    expect(await screen.findByTestId('events-error')).toHaveTextContent('The events could not be loaded: Your user has no permission for this.');
    expect(screen.queryByText('No events to display')).toBeNull();
    // Said once, below the table: not again as an alert above it.
    expect(fail).not.toHaveBeenCalled();
  });

  it("links each event's device to its page where the list spans devices", async () => {
    configureClient({
      fetch: (async (url: string) =>
        new URL(url, 'http://x').pathname.endsWith('/event/events')
          ? reply(200, { events: [{ id: '1', type: 'c8y_Restart', text: 'restarted', time: '2026-11-24T10:00:00.000Z', source: { id: '42', name: 'Hall 4 / NB-1' } }], statistics: { currentPage: 1, pageSize: 25 } })
          : reply(200, { managedObjects: [], statistics: { currentPage: 1 } })) as typeof fetch,
    });
    renderContribution(<EventsList alerts={{ fail: jest.fn() }} />, { locales: { ...en, ...listsEn, ...deviceEn } });
    const link = await screen.findByTestId('device-link');
    expect(link).toHaveTextContent('Hall 4 / NB-1');
    expect(link).toHaveAttribute('href', '#/device/42');
  });

  it('says "No events to display" for an empty list that loaded', async () => {
    show(() => reply(200, { events: [], statistics: { currentPage: 1, pageSize: 25 } }));
    expect(await screen.findByText('No events to display')).toBeTruthy();
    expect(screen.queryByTestId('events-error')).toBeNull();
  });

  it('reads the event types again on Reload when their lookup failed', async () => {
    let typesUp = false;
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname.endsWith('/event/events')) return reply(200, { events: [], statistics: { currentPage: 1, pageSize: 25 } });
        if (!typesUp) return reply(500, { error: 'x', message: 'Inventory down' });
        return reply(200, { managedObjects: [{ id: '1', type: 'adamos_Event_types', adamos_adamos_netbox_EventList: ['adamos_MachineStarted'] }], statistics: { currentPage: 1 } });
      }) as typeof fetch,
    });
    const fail = jest.fn();
    renderContribution(<EventsList source="42" alerts={{ fail }} />, { locales: { ...en, ...listsEn, ...deviceEn } });
    await screen.findByText('No events to display');
    // Said as what failed, not a bare "Inventory down".
    expect(fail).toHaveBeenCalledWith('The event types could not be loaded: Inventory down');
    typesUp = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
    expect(await screen.findByRole('option', { name: 'adamos_MachineStarted' })).toBeInTheDocument();
  });

  it('says in German too that the event types could not be loaded', async () => {
    configureClient({
      fetch: (async (url: string) => {
        const u = new URL(url, 'http://x');
        if (u.pathname.endsWith('/event/events')) return reply(200, { events: [], statistics: { currentPage: 1, pageSize: 25 } });
        return reply(500, { error: 'x', message: 'Database unavailable' });
      }) as typeof fetch,
    });
    const fail = jest.fn();
    renderContribution(<EventsList source="42" alerts={{ fail }} />, { language: 'de', locales: { ...de, ...listsDe, ...deviceDe } });
    await screen.findByText('Keine Ereignisse vorhanden');
    await waitFor(() => expect(fail).toHaveBeenCalledWith('Die Ereignistypen konnten nicht geladen werden: Database unavailable'));
  });

  it('shows that the events are loading instead of an empty table', async () => {
    show(() => new Promise<Response>(() => undefined) as unknown as Response);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No events to display')).toBeNull();
  });

  it('pages with the lists\' pager: page numbers of the total, First and Last', async () => {
    const asked: string[] = [];
    show((u) => {
      const page = Number(u.searchParams.get('currentPage'));
      asked.push(String(page));
      return reply(200, { events: [{ id: `e${page}`, type: 'adamos_MachineStarted', text: `event of page ${page}`, time: '2026-11-27T10:00:00Z', source: { id: '42' } }], statistics: { currentPage: page, pageSize: 25, totalPages: 3 } });
    });
    expect(await screen.findByText('event of page 1')).toBeInTheDocument();
    expect(screen.getByTestId('page-first')).toBeDisabled();
    expect(screen.getByTestId('page-3')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('page-last')));
    expect(await screen.findByText('event of page 3')).toBeInTheDocument();
    expect(screen.getByTestId('page-3')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('page-next')).toBeDisabled();
    expect(asked).toEqual(['1', '3']);
  });
});

it('says that another page is loading while the previous page\'s rows still show', async () => {
  show((u) => {
    const page = Number(u.searchParams.get('currentPage'));
    if (page === 2) return new Promise<Response>(() => undefined) as unknown as Response;
    return reply(200, { events: [{ id: 'e1', type: 'adamos_MachineStarted', text: 'event of page 1', time: '2026-11-27T10:00:00Z', source: { id: '42' } }], statistics: { currentPage: 1, pageSize: 25, totalPages: 2 } });
  });
  expect(await screen.findByText('event of page 1')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  await act(async () => fireEvent.click(screen.getByTestId('page-next')));
  expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
  expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
});

it('does not say "No events to display" for the next event type while it is read (the previous type had none)', async () => {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/event/events')) {
        // The first type has no events; the second one's answer is still on its way.
        if (u.searchParams.get('type') === 'adamos_MachineStopped') return new Promise<Response>(() => undefined) as unknown as Response;
        return reply(200, { events: [], statistics: { currentPage: 1, pageSize: 25 } });
      }
      return reply(200, { managedObjects: [{ id: '1', type: 'adamos_Event_types', adamos_adamos_netbox_EventList: ['adamos_MachineStarted', 'adamos_MachineStopped'] }], statistics: { currentPage: 1 } });
    }) as typeof fetch,
  });
  renderContribution(<EventsList source="42" alerts={{ fail: jest.fn() }} />, { locales: { ...en, ...listsEn, ...deviceEn } });
  expect(await screen.findByText('No events to display')).toBeInTheDocument();
  await screen.findByRole('option', { name: 'adamos_MachineStopped' });
  await act(async () => fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'adamos_MachineStopped' } }));
  expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
  expect(screen.queryByText('No events to display')).toBeNull();
});

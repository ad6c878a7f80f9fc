import React from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { alerts } from '@shared/ui/alerts';
import ProfileListPage from './profile-list-page';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const EDITOR = testUser(['ROLE_INVENTORY_ADMIN']);
const PROFILES = [{ id: '117', name: 'IoTconnector Bielefeld', deviceType: 'adamos_NETbox', deviceGroup: '900' }];

function serve(answer: (url: string, method: string) => Response) {
  global.fetch = jest.fn(async (input: string, init?: RequestInit) => answer(String(input), init?.method ?? 'GET')) as unknown as typeof fetch;
}

const renderList = () => renderContribution(<ProfileListPage />, { pluginId: 'device-profiles', context: { user: EDITOR } });

describe('ProfileListPage failures', () => {
  afterEach(() => alerts.clearAll());

  it('says that the device profiles could not be loaded, not only the server text', async () => {
    serve(() => reply(500, { message: 'service down' }));
    renderList();
    expect(await screen.findByTestId('profiles-load-error')).toHaveTextContent('The device profiles could not be loaded: service down');
  });

  it('says which action failed when a delete is refused', async () => {
    serve((url, method) => (method === 'DELETE' ? reply(500, { message: 'delete refused' }) : url.includes('/deviceProfile') ? reply(200, PROFILES) : reply(404, {})));
    renderList();
    const row = await screen.findByText('IoTconnector Bielefeld');
    fireEvent.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({ type: 'danger', text: 'The device profile could not be deleted.' });
    expect(screen.getByText('delete refused')).toBeInTheDocument();
  });
});

describe('ProfileListPage hostile names', () => {
  it('wraps a long name without spaces anywhere, so the type and the row actions stay on the page', async () => {
    const long = 'Profil-' + 'sehrlangername'.repeat(15);
    serve((url) => (url.includes('/deviceProfile') ? reply(200, [{ ...PROFILES[0], name: long }]) : reply(404, {})));
    renderList();
    const link = await screen.findByText(long);
    expect((link.closest('td') as HTMLElement).style.overflowWrap).toBe('anywhere');
  });
});

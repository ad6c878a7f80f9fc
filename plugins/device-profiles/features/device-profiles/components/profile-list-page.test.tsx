import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { alerts } from '@shared/ui/alerts';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
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

  it('opened without a connection, says the platform cannot be reached (not that there are no device profiles) and loads once the connection is back', async () => {
    let online = false;
    // The browser is offline: the request is sent (the hosts' network mode) and fails as fetch does.
    serve((url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return url.includes('/deviceProfile') ? reply(200, PROFILES) : reply(404, {});
    });
    onlineManager.setOnline(false);
    try {
      renderList();
      expect(await screen.findByTestId('profiles-load-error')).toHaveTextContent(
        'The device profiles could not be loaded: The platform cannot be reached. Check the connection and try again.',
      );
      expect(screen.queryByText('No device profiles to display.')).toBeNull();
    } finally {
      online = true;
      act(() => onlineManager.setOnline(true));
    }
    // Back online, the list is read again on its own.
    expect(await screen.findByText('IoTconnector Bielefeld')).toBeInTheDocument();
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

describe('ProfileListPage delete', () => {
  afterEach(() => alerts.clearAll());

  const usedBy = (total: number | 'fail') => (url: string, method: string) =>
    method === 'DELETE'
      ? reply(204, null)
      : url.includes('/deviceProfile')
        ? reply(200, PROFILES)
        : url.includes('AppliedDeviceProfile.profileId')
          ? total === 'fail'
            ? reply(500, { message: 'inventory down' })
            : reply(200, { managedObjects: [], statistics: { totalElements: total, totalPages: total, pageSize: 1, currentPage: 1 } })
          : reply(404, {});

  const askDelete = async () => {
    const row = await screen.findByText('IoTconnector Bielefeld');
    fireEvent.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: 'Delete' }));
    return screen.findByRole('dialog', { name: 'Confirm delete?' });
  };

  // The confirm leaves the page after its answer (the next test finds only its own).
  const cancel = async (dialog: HTMLElement) => {
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  };

  it('says below the question how many devices still use the profile', async () => {
    serve(usedBy(3));
    renderList();
    const dialog = await askDelete();
    expect(dialog).toHaveTextContent('Do you really want to remove profile IoTconnector Bielefeld?');
    expect(within(dialog).getByTestId('delete-devices-using')).toHaveTextContent('3 devices use this profile.');
    await cancel(dialog);
  });

  it.each([
    ['en', 1, '1 device uses this profile.', en],
    ['en', 2, '2 devices use this profile.', en],
    ['de', 1, '1 Gerät verwendet dieses Profil.', de],
    ['de', 2, '2 Geräte verwenden dieses Profil.', de],
    // A huge tenant: the count with the language's thousands separator.
    ['en', 12072, '12,072 devices use this profile.', en],
    ['de', 12072, '12.072 Geräte verwenden dieses Profil.', de],
  ] as const)('says the count in its language and number (%s, %d): %s', async (language, count, text, locales) => {
    serve(usedBy(count));
    renderContribution(<ProfileListPage />, { pluginId: 'device-profiles', language, locales, context: { user: EDITOR } });
    const row = await screen.findByText('IoTconnector Bielefeld');
    fireEvent.click(within(row.closest('tr') as HTMLElement).getAllByRole('button')[2]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('delete-devices-using')).toHaveTextContent(text);
    await cancel(dialog);
  });

  it('asks only the question when no device uses the profile', async () => {
    serve(usedBy(0));
    renderList();
    const dialog = await askDelete();
    expect(dialog).toHaveTextContent('Do you really want to remove profile IoTconnector Bielefeld?');
    expect(within(dialog).queryByTestId('delete-devices-using')).toBeNull();
    await cancel(dialog);
  });

  it('says when the devices could not be counted (not as if none used it)', async () => {
    serve(usedBy('fail'));
    renderList();
    const dialog = await askDelete();
    expect(within(dialog).getByTestId('delete-devices-using-error')).toHaveTextContent('The devices could not be counted: inventory down');
    await cancel(dialog);
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

describe('ProfileListPage when another user deleted the profile', () => {
  afterEach(() => alerts.clearAll());

  it('names the profile in the failure and reads the list again (no ghost row)', async () => {
    let listed = PROFILES;
    serve((url, method) =>
      method === 'DELETE'
        ? ((listed = []), reply(404, { error: 'create-software-ng/notFound', message: 'Device profile 117 not found' }))
        : url.includes('AppliedDeviceProfile.profileId')
          ? reply(200, { managedObjects: [], statistics: { totalElements: 0, totalPages: 0, pageSize: 1, currentPage: 1 } })
          : url.includes('/deviceProfile')
            ? reply(200, listed)
            : reply(404, {}),
    );
    renderContribution(<ProfileListPage />, { pluginId: 'device-profiles', context: { user: EDITOR }, language: 'de', locales: de });
    const row = await screen.findByText('IoTconnector Bielefeld');
    fireEvent.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: de.Delete }));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(alerts.list()).toHaveLength(1));
    expect(alerts.list()[0]).toMatchObject({
      type: 'danger',
      text: de['The device profile could not be deleted.'],
      detail: 'Das Geräteprofil IoTconnector Bielefeld existiert nicht mehr: Ein anderer Benutzer hat es gelöscht.',
    });
    await waitFor(() => expect(screen.queryByText('IoTconnector Bielefeld')).toBeNull());
  });
});

describe('ProfileListPage filter in the URL', () => {
  const TWO = [...PROFILES, { id: '118', name: 'Celos Hamburg', deviceType: 'celosos_x64' }];

  it("shows the URL's filter (Back from a profile, a reload) and keeps what is typed in the URL", async () => {
    serve((url) => (url.includes('/deviceProfile') ? reply(200, TWO) : reply(404, {})));
    renderContribution(<ProfileListPage />, { pluginId: 'device-profiles', context: { user: EDITOR, path: '/device-profiles-v2', query: { filter: 'hamburg' } } });
    expect(await screen.findByText('Celos Hamburg')).toBeInTheDocument();
    expect(screen.queryByText('IoTconnector Bielefeld')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('hamburg');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'biele feld' } });
    expect(window.location.hash).toBe('#/device-profiles-v2?filter=biele+feld');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    expect(window.location.hash).toBe('#/device-profiles-v2');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { jsonReply, renderContribution, testUser } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import deviceDe from '../../../locales/device.de.json';
import { AlarmDetails } from './alarm-details';
import { AlarmsView } from './alarms-view';

jest.mock('@shared/platform/realtime', () => ({
  ...jest.requireActual('@shared/platform/realtime'),
  getRealtime: () => ({ subscribe: () => () => undefined, onResume: () => () => undefined, onStatusChange: () => () => undefined, interrupted: false }),
}));

it("names the screen with the spec's title as its one h1 ('Major software alarms'), not only a sub-heading under the header's 'Alarms'", async () => {
  configureClient({ fetch: (async () => jsonReply(200, { alarms: [], statistics: { currentPage: 1, totalPages: 1 } })) as unknown as typeof fetch });
  renderContribution(<AlarmDetails alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />, {
    context: { user: testUser(['ROLE_ALARM_READ']), query: { severity: 'major', category: 'software', operationsdashboarddetails: 'true' } },
    locales: en,
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Major software alarms$/);
  expect(await screen.findByText('No alarms to display')).toBeInTheDocument();
});

it('keeps "Show only unresolved" in the address, so the list shows what the user chose when they come back (Back, a bookmark)', async () => {
  const urls: URL[] = [];
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      urls.push(u);
      if (u.pathname.endsWith('/count')) return jsonReply(200, 0);
      return jsonReply(200, { alarms: [], statistics: { currentPage: 1, pageSize: 100 } });
    }) as unknown as typeof fetch,
  });
  const navigate = jest.fn();
  const view = () => (
    <AlarmsView severities={['MAJOR']} alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />
  );
  const { unmount } = renderContribution(view(), { locales: en, context: { user: testUser(['ROLE_ALARM_READ']), path: '/alarms', query: { severity: 'x' }, navigate } });
  const toggle = screen.getByRole('checkbox', { name: 'Show only unresolved' });
  expect(toggle).toBeChecked();
  fireEvent.click(toggle);
  expect(navigate).toHaveBeenLastCalledWith('/alarms?severity=x&unresolved=false');
  unmount();
  urls.length = 0;
  // Back on the page with the toggle off: every status is listed, and switching it on leaves the address clean.
  renderContribution(view(), { locales: en, context: { user: testUser(['ROLE_ALARM_READ']), path: '/alarms', query: { unresolved: 'false' }, navigate } });
  expect(screen.getByRole('checkbox', { name: 'Show only unresolved' })).not.toBeChecked();
  await waitFor(() => expect(urls.some((u) => u.pathname === '/alarm/alarms')).toBe(true));
  expect(urls.find((u) => u.pathname === '/alarm/alarms')!.searchParams.get('status')).toBeNull();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Show only unresolved' }));
  expect(navigate).toHaveBeenLastCalledWith('/alarms');
});

it("a link to the alarms of a device that no longer exists says so, in English and German, not 'No alarms to display'", async () => {
  configureClient({
    fetch: (async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/inventory/managedObjects/999') return jsonReply(404, { error: 'inventory/Not Found', message: 'Finding managed object with id 999 failed : Could not find managed object with id 999!' });
      if (u.pathname.endsWith('/count')) return jsonReply(200, 0);
      return jsonReply(200, { alarms: [], statistics: { currentPage: 1, pageSize: 100 } });
    }) as unknown as typeof fetch,
  });
  const page = <AlarmDetails alerts={{ success: jest.fn(), info: jest.fn(), fail: jest.fn() }} confirm={jest.fn(async () => true)} />;
  const context = { user: testUser(['ROLE_ALARM_READ', 'ROLE_INVENTORY_READ']), query: { severity: 'critical', deviceId: '999' } };
  const { unmount } = renderContribution(page, { context, locales: en });
  expect(await screen.findByTestId('alarm-details-device-gone')).toHaveTextContent('This device does not exist; another user may have deleted it.');
  expect(screen.queryByText('No alarms to display')).toBeNull();
  unmount();
  renderContribution(page, { context, language: 'de', locales: deviceDe });
  expect(await screen.findByTestId('alarm-details-device-gone')).toHaveTextContent('Dieses Gerät existiert nicht; ein anderer Benutzer hat es möglicherweise gelöscht.');
});

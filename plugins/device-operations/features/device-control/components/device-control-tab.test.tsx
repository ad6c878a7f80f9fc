import { act, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { renderContribution, testUser, jsonReply as reply } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import listsEn from '../../../locales/lists.en.json';
import deviceEn from '../../../locales/device.en.json';
import { DeviceControlTab, type Subscribe } from './device-control-tab';

const device = (version: string, status = 'AVAILABLE', responseInterval = 60) => ({ id: '7', type: 'adamos_NETbox', c8y_Agent: { version }, c8y_Availability: { status }, c8y_RequiredAvailability: { responseInterval } });

/** The initial operation loads answer this late, so pushes can overtake them. */
const LOAD_MS = 200;
let fetched = 0;
let handlers: Map<string, (m: { realtimeAction: string; data: unknown }) => void>;
const subscribe: Subscribe = (channel, onMessage) => {
  handlers.set(channel, onMessage as never);
  return () => handlers.delete(channel);
};

beforeEach(() => {
  handlers = new Map();
  fetched = 0;
  configureClient({
    fetch: (async () => {
      fetched++;
      await new Promise((r) => setTimeout(r, LOAD_MS));
      return reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 1 } });
    }) as unknown as typeof fetch,
  });
});

const alerts = { info: jest.fn(), fail: jest.fn(), clear: jest.fn() };
/** Restarts are operations: ROLE_DEVICE_CONTROL_ADMIN. */
const OPERATOR = testUser(['ROLE_DEVICE_CONTROL_READ', 'ROLE_DEVICE_CONTROL_ADMIN']);

describe('DeviceControlTab', () => {
  it('follows a restart through realtime on /operations/{deviceId} and blocks restarts meanwhile', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    const agent = await screen.findByRole('button', { name: 'Restart agent' });
    await waitFor(() => expect(fetched).toBe(2));
    const push = handlers.get('/operations/7')!;
    const op = { id: '1', deviceId: '7', creationTime: new Date().toISOString(), netbox_RestartAgentOperation: {} };
    await act(async () => push({ realtimeAction: 'CREATE', data: { ...op, status: 'PENDING' } }));
    expect(await screen.findByText('Restart operation is pending.')).toBeInTheDocument();
    expect(agent).toBeDisabled();
    expect(agent).toHaveAttribute('title', 'A restart is still running.');
    expect(screen.getByRole('button', { name: 'Restart IoTconnector' })).toBeDisabled();
    await act(async () => push({ realtimeAction: 'UPDATE', data: { ...op, status: 'EXECUTING' } }));
    expect(await screen.findByText('Restart operation is executing.')).toBeInTheDocument();
    await act(async () => push({ realtimeAction: 'UPDATE', data: { ...op, status: 'SUCCESSFUL' } }));
    expect(await screen.findByText('Restart operation has been executed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(agent).toBeEnabled());
  });

  it('names a restart status the spec has no message for, in a status region (it showed an empty box)', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR }, locales: { ...en, ...listsEn, ...deviceEn } });
    await waitFor(() => expect(fetched).toBe(2));
    const op = { id: '3', deviceId: '7', creationTime: new Date().toISOString(), netbox_RestartAgentOperation: {}, status: 'QUEUED_ELSEWHERE' };
    await act(async () => handlers.get('/operations/7')!({ realtimeAction: 'CREATE', data: op }));
    const status = await screen.findByTestId('restart-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('Restart operation status: QUEUED_ELSEWHERE');
    await act(async () => handlers.get('/operations/7')!({ realtimeAction: 'UPDATE', data: { ...op, status: 'EXECUTING' } }));
    // The pushed state reaches the screen through the query cache's notification (a later task).
    await waitFor(() => expect(screen.getByTestId('restart-status')).toHaveTextContent('Restart operation is executing.'));
  });

  it('keeps a pushed state that overtook the initial load', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    await waitFor(() => expect(fetched).toBe(2));
    const op = { id: '2', deviceId: '7', creationTime: new Date().toISOString(), netbox_RestartNetboxOperation: {}, status: 'PENDING' };
    await act(async () => handlers.get('/operations/7')!({ realtimeAction: 'CREATE', data: op }));
    await act(async () => new Promise((r) => setTimeout(r, LOAD_MS * 2)));
    expect(screen.getByText('Restart operation is pending.')).toBeInTheDocument();
  });

  it('disables restarts while the device is unavailable', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1', 'UNAVAILABLE')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR }, locales: { ...en, ...listsEn, ...deviceEn } });
    expect(await screen.findByRole('button', { name: 'Restart agent' })).toBeDisabled();
    expect(screen.getByTestId('online-status')).toHaveTextContent(/^Offline$/);
    // The reason is on the buttons.
    expect(screen.getByRole('button', { name: 'Restart agent' })).toHaveAttribute('title', 'A restart needs the device to be online.');
    expect(screen.getByRole('button', { name: 'Restart IoTconnector' })).toHaveAttribute('title', 'A restart needs the device to be online.');
  });

  it('disables restarts while the device is in maintenance, even if its last status was online', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1', 'AVAILABLE', -60)} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR }, locales: { ...en, ...listsEn, ...deviceEn } });
    expect(await screen.findByRole('button', { name: 'Restart agent' })).toBeDisabled();
    expect(screen.getByTestId('online-status')).toHaveTextContent('Maintenance');
  });

  it('says "Not monitored" for a device without required interval, not "offline", and offers no restart', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1', 'AVAILABLE', 0)} alerts={alerts} subscribe={subscribe} />, {
      context: { user: OPERATOR },
      locales: { ...en, ...listsEn, ...deviceEn },
    });
    expect(await screen.findByRole('button', { name: 'Restart agent' })).toBeDisabled();
    expect(screen.getByTestId('online-status')).toHaveTextContent('Not monitored');
  });

  it('offers restarts only once the newest restarts are known (one may still be pending)', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    expect(screen.getByRole('button', { name: 'Restart agent' })).toBeDisabled();
    // Disabled with the reason, not silently.
    expect(screen.getByRole('button', { name: 'Restart agent' })).toHaveAttribute('title', 'The last restarts are being read.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restart agent' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Restart agent' })).not.toHaveAttribute('title');
  });

  it('shows no restart UI below agent 0.4.0 and says why', () => {
    renderContribution(<DeviceControlTab device={device('0.3.9')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    expect(screen.queryByRole('button', { name: 'Restart agent' })).toBeNull();
    expect(handlers.size).toBe(0);
    expect(screen.getByTestId('restart-needs-version')).toHaveTextContent('Restarts need agent version 0.4.0 or higher; this device has 0.3.9.');
  });

  it('says nothing about versions where the restarts are offered', async () => {
    renderContribution(<DeviceControlTab device={device('0.4.0')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    expect(await screen.findByRole('button', { name: 'Restart agent' })).toBeInTheDocument();
    expect(screen.queryByTestId('restart-needs-version')).toBeNull();
  });

  it('offers a viewer no restart: disabled with the missing permission, no operation sent', async () => {
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: testUser(['ROLE_DEVICE_CONTROL_READ']) } });
    const agent = await screen.findByRole('button', { name: 'Restart agent' });
    await waitFor(() => expect(fetched).toBe(2));
    expect(agent).toHaveAttribute('aria-disabled', 'true');
    expect(agent).toHaveAccessibleDescription(/“Device control: admin”/);
    await act(async () => agent.click());
    expect(fetched).toBe(2);
  });

  it('offers no restart when the newest restarts could not be read, until a Reload reads them', async () => {
    let failing = true;
    configureClient({
      fetch: (async () => {
        fetched++;
        return failing ? reply(500, { error: 'general/internalError', message: 'database locked' }) : reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    alerts.fail.mockClear();
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    const reload = await screen.findByRole('button', { name: 'Reload' });
    const agent = screen.getByRole('button', { name: 'Restart agent' });
    expect(agent).toBeDisabled();
    expect(agent).toHaveAttribute('title', expect.stringMatching(/could not be read/));
    expect(screen.getByRole('button', { name: 'Restart IoTconnector' })).toBeDisabled();
    expect(alerts.fail).toHaveBeenCalled();
    failing = false;
    await act(async () => reload.click());
    await waitFor(() => expect(agent).toBeEnabled());
    expect(agent).not.toHaveAttribute('title');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});

describe('DeviceControlTab focus', () => {
  it('moves keyboard focus to the status message once a restart is sent (its button is disabled meanwhile)', async () => {
    configureClient({
      fetch: (async (_url: string, init: RequestInit) => {
        if ((init.method ?? 'GET') === 'POST') {
          return reply(201, { id: '9', deviceId: '7', status: 'PENDING', creationTime: new Date().toISOString(), netbox_RestartAgentOperation: {} });
        }
        return reply(200, { operations: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={alerts} subscribe={subscribe} />, { context: { user: OPERATOR } });
    const agent = await screen.findByRole('button', { name: 'Restart agent' });
    await waitFor(() => expect(agent).toBeEnabled());
    agent.focus();
    await act(async () => agent.click());
    const status = await screen.findByText('Restart operation is pending.');
    expect(agent).toBeDisabled();
    await waitFor(() => expect(status).toHaveFocus());
  });
});

describe('DeviceControlTab with another user', () => {
  it('sends no second restart when another user started one since the tab read them (its push has not arrived): it says so and shows that one', async () => {
    let started = false;
    const posts: unknown[] = [];
    configureClient({
      fetch: (async (url: string, init: RequestInit) => {
        if ((init.method ?? 'GET') === 'POST') {
          posts.push(url);
          return reply(201, { id: '9', deviceId: '7', status: 'PENDING', creationTime: new Date().toISOString(), netbox_RestartAgentOperation: {} });
        }
        const agentQuery = new URL(url, 'http://x').searchParams.get('fragmentType') === 'netbox_RestartAgentOperation';
        const theirs = { id: '8', deviceId: '7', status: 'PENDING', creationTime: new Date().toISOString(), netbox_RestartAgentOperation: {} };
        return reply(200, { operations: started && agentQuery ? [theirs] : [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const info = jest.fn();
    renderContribution(<DeviceControlTab device={device('0.5.1')} alerts={{ ...alerts, info }} subscribe={subscribe} />, { context: { user: OPERATOR }, locales: { ...en, ...listsEn, ...deviceEn } });
    const netbox = await screen.findByRole('button', { name: 'Restart IoTconnector' });
    await waitFor(() => expect(netbox).toBeEnabled());
    started = true;
    await act(async () => netbox.click());
    await waitFor(() => expect(info).toHaveBeenCalledWith('A restart was already started (another user may have started it): no second one was sent.'));
    expect(posts).toEqual([]);
    expect(await screen.findByText('Restart operation is pending.')).toBeInTheDocument();
    expect(netbox).toBeDisabled();
  });
});

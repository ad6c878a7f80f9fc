import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { SmartGroupDialog } from '@shared/ui/smart-group-dialog';
import { renderUi } from '@shared/ui/test-utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClient } from '@shared/platform/fetch-client';
import type { ManagedObject } from '@shared/platform/inventory';
import type { SoftwareItem } from '@shared/platform/software-choices';
import { jsonReply } from '@shared/plugin-api/testing';
import { useListAlerts } from '../../../common/server-job/store/alerts';
import { I18nextProvider } from 'react-i18next';
import { getI18n } from '@shared/plugin-api/i18n';
import { useBulkActions } from './use-bulk-actions';

const mockConfirm = jest.fn(async (_options: { title: string; body: unknown }) => true);
jest.mock('@shared/ui/confirm', () => ({ ...jest.requireActual('@shared/ui/confirm'), confirm: (options: { title: string; body: unknown }) => mockConfirm(options) }));

/** A group's list: two IoTconnectors and a CELOS x64 device selected. */
const mixed = [
  { id: '1', name: 'IoTconnector NB1', type: 'adamos_NETbox' },
  { id: '2', name: 'CELOS X CX2', type: 'adamos_celosx' },
  { id: '3', name: 'IoTconnector NB3', type: 'adamos_NETbox' },
] as ManagedObject[];
const agent: SoftwareItem = { id: 's1', kind: 'software', name: 'adamos-agent', version: '0.5.1', storage: 'Local', url: '/inventory/binaries/1', installationRequiresApproval: false, deviceType: 'adamos_NETbox' };

/** The hook on the IoTconnector list with `devices` picked, its alerts cleared. */
function renderOnConnectors(devices: ManagedObject[], onDone: () => void = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const selection = { rows: new Map(devices.map((d) => [d.id, d])), allMatching: false, ofAllMatching: (all: readonly ManagedObject[]) => [...all] };
  const hook = renderHook(() => useBulkActions({ key: ['views', 'iotconnector'] }, {}, selection, onDone), { wrapper });
  useListAlerts.getState().clear();
  return hook;
}

describe('useBulkActions on a list of several device families', () => {
  it('assigns only to the devices the software is for and says how many were left out', async () => {
    const sent: unknown[] = [];
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        if (url.includes('/createSoftwareAssignment')) {
          sent.push(JSON.parse(String(init?.body)));
          return jsonReply(200, { noOfSuccessfullAssignment: 2, noOfUpdatedAssignment: 0, noOfNoAssignment: 0, noOfFailedAssignment: 0 });
        }
        // No status object: the answer's counters are the result.
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const selection = { rows: new Map(mixed.map((d) => [d.id, d])), allMatching: false, ofAllMatching: (all: readonly ManagedObject[]) => [...all] };
    const { result } = renderHook(() => useBulkActions({ key: ['group', '5'] }, {}, selection, jest.fn()), { wrapper });
    useListAlerts.getState().clear();
    await act(() => result.current.onSoftwareChosen(mixed, { action: 'assign', item: agent, forceInstallation: false }));
    expect(sent).toEqual([expect.objectContaining({ devices: ['1', '3'] })]);
    const texts = useListAlerts.getState().alerts.map((a) => [a.text, a.values]);
    expect(texts).toEqual([
      ['Software assignment successful', undefined],
      ['{{count}} devices of another type were left out.', { count: 1 }],
    ]);
  });
});

describe('useBulkActions: Create smart group', () => {
  it('keeps the dialog open with the failure when the group cannot be saved, and closes it once saved', async () => {
    let answer = jsonReply(500, { error: 'inventory/failed', message: 'Service down' });
    configureClient({ fetch: (async () => answer) as unknown as typeof fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const selection = { rows: new Map(), allMatching: false, ofAllMatching: (all: readonly ManagedObject[]) => [...all] };
    const { result } = renderHook(() => useBulkActions({ key: ['views', 'iotconnector'] }, { name: { kind: 'text', text: 'NB26' } }, selection, jest.fn()), { wrapper });
    useListAlerts.getState().clear();
    act(() => result.current.openSmartGroup());
    await act(() => result.current.createSmartGroup('Line A'));
    expect(result.current.dialog).toEqual({ kind: 'smartGroup', error: expect.objectContaining({ type: 'danger', text: 'Error: {{status}} {{statusText}}', values: expect.objectContaining({ status: 500 }) }) });
    answer = jsonReply(201, { id: '77', name: 'Line A' });
    await act(() => result.current.createSmartGroup('Line A'));
    expect(result.current.dialog).toBeNull();
    expect(useListAlerts.getState().alerts.map((a) => a.text)).toEqual(['Smart group "{{name}}" created.']);
  });

  it('closes an open dialog when the filters change under it (Back to the unfiltered list)', () => {
    configureClient({ fetch: (async () => jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } })) as unknown as typeof fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const selection = { rows: new Map(), allMatching: false, ofAllMatching: (all: readonly ManagedObject[]) => [...all] };
    const filtered = { name: { kind: 'text' as const, text: 'NB26' } };
    const { result, rerender } = renderHook(({ filters }) => useBulkActions({ key: ['views', 'iotconnector'] }, filters, selection, jest.fn()), {
      wrapper,
      initialProps: { filters: filtered as Parameters<typeof useBulkActions>[1] },
    });
    act(() => result.current.openSmartGroup());
    // The same filters again (a new object, e.g. a page or sort change): the dialog stays.
    rerender({ filters: { name: { kind: 'text', text: 'NB26' } } });
    expect(result.current.dialog).toEqual({ kind: 'smartGroup' });
    rerender({ filters: {} });
    expect(result.current.dialog).toBeNull();
  });

  it('the dialog shows the failure beside the name typed, and waits while saving', () => {
    const { rerender } = renderUi(<SmartGroupDialog query="name eq '*NB26*'" onClose={jest.fn()} />);
    fireEvent.change(screen.getByTestId('smart-group-name'), { target: { value: 'Line A' } });
    rerender(<SmartGroupDialog query="name eq '*NB26*'" saving onClose={jest.fn()} />);
    expect(screen.getByTestId('smart-group-create')).toBeDisabled();
    rerender(<SmartGroupDialog query="name eq '*NB26*'" error="Error: 500 Internal Server Error" onClose={jest.fn()} />);
    expect(screen.getByTestId('smart-group-error')).toHaveTextContent('Error: 500 Internal Server Error');
    expect(screen.getByTestId('smart-group-name')).toHaveValue('Line A');
    expect(screen.getByTestId('smart-group-create')).toBeEnabled();
  });
});

describe('useBulkActions: Install', () => {
  it('says why the devices it could not create an operation for were refused, with the count', async () => {
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        if (url.includes('/devicecontrol/operations')) {
          const { deviceId } = JSON.parse(String(init?.body)) as { deviceId: string };
          return deviceId === '3'
            ? jsonReply(422, { error: 'devicecontrol/Unprocessable', message: 'Device is in maintenance' })
            : jsonReply(201, { id: `op${deviceId}`, deviceId, status: 'PENDING' });
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const connectors = mixed.filter((d) => d.type === 'adamos_NETbox');
    const { result } = renderOnConnectors(connectors);
    await act(() => result.current.onSoftwareChosen(connectors, { action: 'install', item: agent, forceInstallation: false }));
    const [alert] = useListAlerts.getState().alerts;
    expect(alert).toEqual(
      expect.objectContaining({
        type: 'danger',
        text: 'Installation operations created for {{n}} of {{total}} devices.',
        values: { n: 1, total: 2 },
        details: [{ text: 'IoTconnector NB3: Device is in maintenance', raw: true }],
      }),
    );
  });
});

describe('useBulkActions: Create Software Rollout (spec 5 and 8)', () => {
  const params = { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [], operationTimeoutSeconds: 3600 };
  const setup = (rolloutAnswer: () => Response) => {
    const sent: unknown[] = [];
    configureClient({
      fetch: (async (url: string, init?: RequestInit) => {
        if (url.includes('/createSoftwareRollout')) {
          sent.push(JSON.parse(String(init?.body)));
          return rolloutAnswer();
        }
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const connectors = mixed.filter((d) => d.type === 'adamos_NETbox');
    const onDone = jest.fn();
    return { ...renderOnConnectors(connectors, onDone), sent, connectors, onDone };
  };
  const alerts = () => useListAlerts.getState().alerts.map((a) => ({ type: a.type, text: a.text, details: a.details?.map((d) => d.text) }));

  it('a configuration dialog closed without a configuration creates nothing and goes back to Select software; closing that says "No software assigned"', async () => {
    const { result, sent, connectors } = setup(() => jsonReply(201, { id: 'r1' }));
    act(() => void result.current.selectSoftware());
    await act(async () => {});
    await act(() => result.current.onSoftwareChosen(connectors, { action: 'rollout', item: agent, forceInstallation: false }));
    expect(result.current.dialog).toMatchObject({ kind: 'rollout', item: agent });
    await act(() => result.current.onRolloutConfigured(connectors, agent, false, 0, null));
    expect(sent).toEqual([]);
    expect(result.current.dialog).toMatchObject({ kind: 'software' });
    await act(() => result.current.onSoftwareChosen(connectors, null));
    expect(result.current.dialog).toBeNull();
    expect(alerts()).toEqual([{ type: 'info', text: 'No software assigned', details: undefined }]);
  });

  it('says "Software rollout creation failed" with the answer and keeps the selection; a created one needs to be started', async () => {
    let answer = () => jsonReply(422, { error: 'create-software-ng/Unprocessable', message: 'Software 7 not found' });
    const { result, sent, connectors, onDone } = setup(() => answer());
    await act(() => result.current.onRolloutConfigured(connectors, agent, true, 0, { name: 'Agent 0.5.1', parameters: params }));
    expect(sent).toEqual([{ name: 'Agent 0.5.1', devices: ['1', '3'], softwareId: 's1', forceInstallation: true, rolloutParameters: params }]);
    expect(alerts()).toEqual([{ type: 'danger', text: 'Software rollout creation failed', details: [expect.stringContaining('Software 7 not found')] }]);
    expect(onDone).not.toHaveBeenCalled();
    useListAlerts.getState().clear();
    answer = () => jsonReply(201, { id: 'r1' });
    await act(() => result.current.onRolloutConfigured(connectors, agent, true, 0, { name: 'Agent 0.5.1', parameters: params }));
    expect(alerts()).toEqual([{ type: 'success', text: 'Software rollout creation successful - needs to be started', details: undefined }]);
    expect(onDone).toHaveBeenCalled();
  });
});

describe('useBulkActions: an action tried again', () => {
  it('takes its earlier failure away, so a retry that works does not show "Error" beside its success; another action\'s failure stays', async () => {
    let clearAnswer = () => jsonReply(500, { error: 'create-software-ng/failed', message: 'Service down' });
    configureClient({
      fetch: (async (url: string) => {
        if (url.includes('clearPendingAssignment')) return clearAnswer();
        if (url.includes('initialize')) return jsonReply(500, { error: 'create-software-ng/failed', message: 'Initialize down' });
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const connectors = mixed.filter((d) => d.type === 'adamos_NETbox');
    const { result } = renderOnConnectors(connectors);
    const types = () => useListAlerts.getState().alerts.filter((a) => a.type !== 'info').map((a) => `${a.type}: ${a.text}`);
    await act(() => result.current.initialize());
    await act(() => result.current.clearPending());
    const failedBoth = types();
    expect(failedBoth).toHaveLength(2);
    expect(failedBoth.every((t) => t.startsWith('danger'))).toBe(true);
    clearAnswer = () => jsonReply(200, {});
    await act(() => result.current.clearPending());
    const after = types();
    // The initialize failure (another action) stays; the clear-pending failure is gone, its success shows.
    expect(after[0]).toBe(failedBoth[0]);
    expect(after.slice(1).every((t) => t.startsWith('success'))).toBe(true);
    expect(after).toHaveLength(2);
  });
});

describe('useBulkActions on every matching device of a large tenant', () => {
  it('says how many devices Clear Pending Assignments and Initialize mean and sends nothing when cancelled', async () => {
    const sent: string[] = [];
    configureClient({
      fetch: (async (url: string) => {
        if (url.includes('clearPendingAssignment') || url.includes('/initialize')) sent.push(url);
        return jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The page's i18next (no texts loaded: the English keys, interpolated).
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={getI18n()}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </I18nextProvider>
    );
    const selection = { rows: new Map(), allMatching: true, count: 12072, ofAllMatching: (all: readonly ManagedObject[]) => [...all] };
    const { result } = renderHook(() => useBulkActions({ key: ['views', 'iotconnector'] }, {}, selection, jest.fn()), { wrapper });
    mockConfirm.mockClear();
    mockConfirm.mockResolvedValue(false);
    await act(() => result.current.clearPending());
    await act(() => result.current.initialize());
    expect(mockConfirm.mock.calls.map(([o]) => [o.title, o.body])).toEqual([
      ['Clear Pending Assignments', 'Clear the pending software assignments of 12,072 devices?'],
      ['Initialize not-monitored devices', 'Initialize the not-monitored devices among 12,072 devices?'],
    ]);
    expect(sent).toEqual([]);
  });

  it('does not ask for the rows picked on the page (the user sees them)', async () => {
    configureClient({ fetch: (async () => jsonReply(200, { managedObjects: [], statistics: { currentPage: 1, pageSize: 1 } })) as unknown as typeof fetch });
    const { result } = renderOnConnectors(mixed.slice(0, 1));
    mockConfirm.mockClear();
    await act(() => result.current.clearPending());
    expect(mockConfirm).not.toHaveBeenCalled();
  });
});

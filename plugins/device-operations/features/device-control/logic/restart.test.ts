import { canRestart, hasDeviceControl, hasRestartUi, restartKindOf, restartState, RESTART_TIMEOUT_MS } from './restart';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const op = (status: 'PENDING' | 'EXECUTING' | 'SUCCESSFUL' | 'FAILED') => ({ status, creationTime: new Date(T0).toISOString() });

describe('restart time-outs', () => {
  it('uses 1 min for the agent and 5 min for the IoTconnector', () => {
    expect(RESTART_TIMEOUT_MS.agent).toBe(60_000);
    expect(RESTART_TIMEOUT_MS.iotconnector).toBe(300_000);
  });

  it.each([
    ['agent', 'PENDING', 60_000, 'PENDING'],
    ['agent', 'PENDING', 60_001, 'TIMED_OUT'],
    ['agent', 'EXECUTING', 61_000, 'TIMED_OUT'],
    ['iotconnector', 'EXECUTING', 61_000, 'EXECUTING'],
    ['iotconnector', 'PENDING', 300_001, 'TIMED_OUT'],
    ['agent', 'SUCCESSFUL', 600_000, 'SUCCESSFUL'],
    ['agent', 'FAILED', 600_000, 'FAILED'],
  ] as const)('%s %s after %i ms is %s', (kind, status, elapsed, expected) => {
    expect(restartState(op(status), kind, T0 + elapsed)).toBe(expected);
  });

  it('blocks restarts while one runs, frees them after the time-out, and never while unavailable', () => {
    const running = restartState(op('PENDING'), 'agent', T0 + 1000);
    expect(canRestart(true, [running, undefined])).toBe(false);
    expect(canRestart(true, [restartState(op('PENDING'), 'agent', T0 + 60_001)])).toBe(true);
    expect(canRestart(true, ['SUCCESSFUL'])).toBe(true);
    expect(canRestart(false, [undefined])).toBe(false);
  });

  it('recognises the restart kind from the fragment', () => {
    expect(restartKindOf({ netbox_RestartAgentOperation: {} })).toBe('agent');
    expect(restartKindOf({ netbox_RestartNetboxOperation: {} })).toBe('iotconnector');
    expect(restartKindOf({ c8y_Restart: {} })).toBeUndefined();
  });
});

describe('version gates', () => {
  it.each([
    [undefined, false, false],
    ['0.2.29', false, false],
    ['0.2.30', true, false],
    ['0.3.99', true, false],
    ['0.4.0', true, true],
    ['1.0', true, true],
    ['0.4.0-beta!', false, false],
  ])('%s: device control %s, restart %s', (version, control, restart) => {
    expect(hasDeviceControl(version)).toBe(control);
    expect(hasRestartUi(version)).toBe(restart);
  });
});

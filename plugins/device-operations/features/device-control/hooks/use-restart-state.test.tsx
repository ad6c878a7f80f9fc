import { act, renderHook } from '@testing-library/react';
import { useRestartState } from './use-restart-state';

describe('useRestartState', () => {
  const T0 = Date.parse('2026-03-01T10:00:00Z');
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(T0);
  });
  afterEach(() => jest.useRealTimers());

  it('times an agent restart out after 1 minute, checked every second', () => {
    const op = { status: 'PENDING' as const, creationTime: new Date(T0).toISOString() };
    const { result } = renderHook(() => useRestartState(op, 'agent'));
    expect(result.current).toBe('PENDING');
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current).toBe('PENDING');
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current).toBe('TIMED_OUT');
  });

  it('gives an executing IoTconnector restart 5 minutes', () => {
    const op = { status: 'EXECUTING' as const, creationTime: new Date(T0).toISOString() };
    const { result } = renderHook(() => useRestartState(op, 'iotconnector'));
    act(() => jest.advanceTimersByTime(299_000));
    expect(result.current).toBe('EXECUTING');
    act(() => jest.advanceTimersByTime(2_000));
    expect(result.current).toBe('TIMED_OUT');
  });

  it('stops checking once the operation is final', () => {
    const op = { status: 'SUCCESSFUL' as const, creationTime: new Date(T0).toISOString() };
    const { result } = renderHook(() => useRestartState(op, 'agent'));
    expect(jest.getTimerCount()).toBe(0);
    expect(result.current).toBe('SUCCESSFUL');
  });
});

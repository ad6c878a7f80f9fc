import { useEffect, useState } from 'react';
import type { Operation } from '@shared/platform/operations';
import { RESTART_CHECK_INTERVAL_MS } from '@shared/domain/constants';
import { isRestartRunning, restartState, type RestartKind, type RestartState } from '../logic/restart';

/**
 * The state of a restart operation, re-checked every second while it is pending or executing,
 * so a time-out shows without any message from the server.
 */
export function useRestartState(op: Pick<Operation, 'status' | 'creationTime'> | undefined, kind: RestartKind): RestartState | undefined {
  const [now, setNow] = useState(() => Date.now());
  const state = op ? restartState(op, kind, now) : undefined;
  const running = isRestartRunning(state);
  useEffect(() => {
    setNow(Date.now());
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), RESTART_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, op]);
  return state;
}

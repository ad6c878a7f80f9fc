/**
 * Restart operations of the Device Control tab (spec 4 "Restart operations", spec 9 time-outs).
 * Pure: the tab passes the clock, so the time-out rules are testable with a fake one.
 */
import type { Operation, OperationStatus } from '@shared/platform/operations';
import {
  AGENT_RESTART_TIMEOUT_MS,
  IOTCONNECTOR_RESTART_TIMEOUT_MS,
  MIN_AGENT_VERSION_DEVICE_CONTROL,
  MIN_AGENT_VERSION_RESTART,
} from '@shared/domain/constants';
import { isAtLeast } from '@shared/domain/version';

export type RestartKind = 'agent' | 'iotconnector';

/** The operation fragment of each restart (spec 3 "Operations"). */
export const RESTART_FRAGMENT: Record<RestartKind, string> = {
  agent: 'netbox_RestartAgentOperation',
  iotconnector: 'netbox_RestartNetboxOperation',
};

export const RESTART_TIMEOUT_MS: Record<RestartKind, number> = {
  agent: AGENT_RESTART_TIMEOUT_MS,
  iotconnector: IOTCONNECTOR_RESTART_TIMEOUT_MS,
};

/** The spec's four status messages (i18n keys). */
export const RESTART_MESSAGES = {
  PENDING: 'Restart operation is pending.',
  EXECUTING: 'Restart operation is executing.',
  SUCCESSFUL: 'Restart operation has been executed successfully.',
  TIMED_OUT: 'Restart operation has timed out.',
} as const;

export type RestartState = OperationStatus | 'TIMED_OUT';

const OPEN: readonly OperationStatus[] = ['PENDING', 'EXECUTING'];

/** Milliseconds since the operation was created; 0 when the time is unknown. */
function age(op: Pick<Operation, 'creationTime'>, now: number): number {
  const created = op.creationTime ? Date.parse(op.creationTime) : NaN;
  return Number.isNaN(created) ? 0 : now - created;
}

/** What the tab shows for the newest restart operation of a kind at `now`. */
export function restartState(op: Pick<Operation, 'status' | 'creationTime'>, kind: RestartKind, now: number): RestartState {
  if (OPEN.includes(op.status) && age(op, now) > RESTART_TIMEOUT_MS[kind]) return 'TIMED_OUT';
  return op.status;
}

/** True while the operation blocks a new restart (pending or executing and not yet timed out). */
export const isRestartRunning = (state: RestartState | undefined): boolean => state === 'PENDING' || state === 'EXECUTING';

/** The restart buttons: disabled while the device is unavailable or any restart is running. */
export function canRestart(deviceAvailable: boolean, states: readonly (RestartState | undefined)[]): boolean {
  return deviceAvailable && !states.some(isRestartRunning);
}

/** Spec 9: Device Control tab and the agent version need 0.2.30 or higher. */
export const hasDeviceControl = (agentVersion: string | undefined): boolean => isAtLeast(agentVersion, MIN_AGENT_VERSION_DEVICE_CONTROL);
/** Spec 9: the restart UI needs 0.4.0 or higher. */
export const hasRestartUi = (agentVersion: string | undefined): boolean => isAtLeast(agentVersion, MIN_AGENT_VERSION_RESTART);

/** Which kind of restart an operation is, by its fragment. */
export function restartKindOf(op: Record<string, unknown>): RestartKind | undefined {
  return (Object.keys(RESTART_FRAGMENT) as RestartKind[]).find((k) => op[RESTART_FRAGMENT[k]] !== undefined);
}

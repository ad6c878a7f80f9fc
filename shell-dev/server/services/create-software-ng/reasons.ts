import type { RolloutReasonCode, RolloutReasonParams } from '@shared/platform/create-software-ng';
import { REASON_CANCELLED, REASON_NO_ANSWER, REASON_NOT_SENT, REASON_UNAVAILABLE } from './constants';

/**
 * A device's reason as the rollout engine stores it: the English text (the API's failureReason,
 * logs, exports) and, for the engine's own reasons, a code with the values in the text (the
 * console translates by code). A device's own text has no code: it is shown as the device wrote it.
 */
export interface DeviceReason {
  text: string;
  code: RolloutReasonCode | null;
  params: RolloutReasonParams | null;
}

const engine = (code: RolloutReasonCode, text: string, params: RolloutReasonParams | null = null): DeviceReason => ({ text, code, params });

/** The engine's reasons, each with its code (the English texts are the API's, unchanged). */
export const REASONS = {
  noAnswer: () => engine('noAnswer', REASON_NO_ANSWER),
  cancelledBeforeStart: () => engine('cancelledBeforeStart', REASON_CANCELLED),
  cancelledNotSent: () => engine('cancelledNotSent', REASON_NOT_SENT),
  unavailable: () => engine('unavailable', REASON_UNAVAILABLE),
  deviceGone: () => engine('deviceGone', 'The device no longer exists'),
  wrongDeviceType: (deviceType: string, softwareDeviceType: string | undefined) =>
    engine('wrongDeviceType', `Device type ${deviceType} does not take ${softwareDeviceType ?? 'this'} software`, {
      deviceType,
      ...(softwareDeviceType !== undefined ? { softwareDeviceType } : {}),
    }),
  versionReplaced: (installed: string, expected: string) => engine('versionReplaced', `Version ${installed} replaced ${expected} on the device`, { installed, expected }),
  entryRemoved: () => engine('entryRemoved', 'The package entry was removed from the device'),
  notSent: (error: string) => engine('notSent', `Could not be sent: ${error}`, { error }),
  operationFailed: () => engine('operationFailed', 'The operation failed'),
  startedBeforeCancel: () => engine('startedBeforeCancel', 'Started before the rollout was cancelled; its result is not followed'),
} as const;

/** A text the device wrote (its operation's failureReason, its package entry's failure_message or status): no code. */
export const deviceText = (text: string): DeviceReason => ({ text, code: null, params: null });

/**
 * The code of an engine text without values, for results stored without one (rows written before
 * codes existed, the demo seed's ended rollouts): those texts are the engine's alone.
 */
const CODE_OF_TEXT = new Map<string, RolloutReasonCode>(
  (['noAnswer', 'cancelledBeforeStart', 'cancelledNotSent', 'unavailable', 'deviceGone', 'entryRemoved', 'operationFailed', 'startedBeforeCancel'] as const).map((k) => {
    const r = REASONS[k]();
    return [r.text, r.code as RolloutReasonCode];
  }),
);

/** The code and values a stored result gets in the API: its own, else the code of a known text without values, else none. */
export function reasonCodeOf(row: { reason: string | null; reasonCode?: string | null; reasonParams?: string | null }): {
  code: RolloutReasonCode | null;
  params: RolloutReasonParams | null;
} {
  if (row.reasonCode) return { code: row.reasonCode as RolloutReasonCode, params: row.reasonParams ? (JSON.parse(row.reasonParams) as RolloutReasonParams) : null };
  return { code: (row.reason !== null && CODE_OF_TEXT.get(row.reason)) || null, params: null };
}

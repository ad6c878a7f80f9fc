/**
 * Rollout parameters (spec 1, sections 5 and 9): validation, pause-limit defaults and the plan
 * preview shown before a rollout is created.
 */
import {
  ROLLOUT_BATCH_GAP_MAX_SECONDS,
  ROLLOUT_BATCH_GAP_MIN_SECONDS,
  ROLLOUT_BATCH_SIZE_MAX,
  ROLLOUT_BATCH_SIZE_MIN,
  ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  ROLLOUT_DEFAULT_BATCH_SIZE,
  ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS,
  ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT,
  ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT,
  ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS,
  ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS,
  ROLLOUT_PAUSE_LIMIT_MAX,
  ROLLOUT_PAUSE_LIMIT_MIN,
  ROLLOUT_PAUSE_LIMIT_START,
  ROLLOUT_PAUSE_LIMIT_STEP,
} from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import { PRODUCT } from '@shared/plugin-api/types';

export interface RolloutForm {
  batchSize: string;
  batchGapSeconds: string;
  automaticPauseLimits: string[];
  /** Seconds a device has to finish its operation before it counts as failed ('no answer from device'). */
  operationTimeoutSeconds: string;
  /** Empty: no threshold. */
  errorThresholdPercent: string;
}

export const defaultRolloutForm = (): RolloutForm => ({
  batchSize: String(ROLLOUT_DEFAULT_BATCH_SIZE),
  batchGapSeconds: String(ROLLOUT_DEFAULT_BATCH_GAP_SECONDS),
  automaticPauseLimits: [],
  operationTimeoutSeconds: String(ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS),
  errorThresholdPercent: '',
});

/** The name a new rollout gets: its software's name and version. */
export const defaultRolloutName = (software: { name: string; version: string }): string => `${software.name} ${software.version}`;

/**
 * Whether closing the dialog would lose something the user set: the name or a parameter differs
 * from what the dialog opened with (a value typed back is no edit).
 */
export function rolloutFormDirty(name: string, form: RolloutForm, software: { name: string; version: string }): boolean {
  const blank = defaultRolloutForm();
  return (
    name !== defaultRolloutName(software) ||
    form.batchSize !== blank.batchSize ||
    form.batchGapSeconds !== blank.batchGapSeconds ||
    form.operationTimeoutSeconds !== blank.operationTimeoutSeconds ||
    form.errorThresholdPercent !== blank.errorThresholdPercent ||
    form.automaticPauseLimits.length > 0
  );
}

/** The value of the n-th added pause limit (the first is 100, each further one 100 more). */
export const nextPauseLimit = (addedSoFar: number): number => ROLLOUT_PAUSE_LIMIT_START + ROLLOUT_PAUSE_LIMIT_STEP * addedSoFar;

export interface FieldError {
  field: 'batchSize' | 'batchGapSeconds' | 'operationTimeoutSeconds' | 'errorThresholdPercent' | `pause.${number}`;
  /** English message (i18n key) and its values. */
  message: string;
  values: Record<string, number>;
}

const INT = /^\s*\d+\s*$/;

function checkInt(raw: string, min: number, max: number): boolean {
  if (!INT.test(raw)) return false;
  const n = Number(raw);
  return n >= min && n <= max;
}

export const RANGE_MESSAGES = {
  batchSize: 'Batch size must be a whole number from {{min}} to {{max}}.',
  batchGapSeconds: 'Batch delay must be a whole number of seconds from {{min}} to {{max}}.',
  pause: 'Pause limits must be whole numbers from {{min}} to {{max}}.',
  operationTimeoutSeconds: 'Operation time-out must be a whole number of seconds from {{min}} to {{max}}.',
  errorThresholdPercent: 'Error threshold must be empty or a whole number of percent from {{min}} to {{max}}.',
} as const;

export function validateRolloutForm(form: RolloutForm): FieldError[] {
  const errors: FieldError[] = [];
  if (!checkInt(form.batchSize, ROLLOUT_BATCH_SIZE_MIN, ROLLOUT_BATCH_SIZE_MAX)) {
    errors.push({ field: 'batchSize', message: RANGE_MESSAGES.batchSize, values: { min: ROLLOUT_BATCH_SIZE_MIN, max: ROLLOUT_BATCH_SIZE_MAX } });
  }
  if (!checkInt(form.batchGapSeconds, ROLLOUT_BATCH_GAP_MIN_SECONDS, ROLLOUT_BATCH_GAP_MAX_SECONDS)) {
    errors.push({
      field: 'batchGapSeconds',
      message: RANGE_MESSAGES.batchGapSeconds,
      values: { min: ROLLOUT_BATCH_GAP_MIN_SECONDS, max: ROLLOUT_BATCH_GAP_MAX_SECONDS },
    });
  }
  if (!checkInt(form.operationTimeoutSeconds, ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS, ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS)) {
    errors.push({
      field: 'operationTimeoutSeconds',
      message: RANGE_MESSAGES.operationTimeoutSeconds,
      values: { min: ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS, max: ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS },
    });
  }
  if (form.errorThresholdPercent.trim() !== '' && !checkInt(form.errorThresholdPercent, ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT, ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT)) {
    errors.push({
      field: 'errorThresholdPercent',
      message: RANGE_MESSAGES.errorThresholdPercent,
      values: { min: ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT, max: ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT },
    });
  }
  form.automaticPauseLimits.forEach((raw, i) => {
    if (!checkInt(raw, ROLLOUT_PAUSE_LIMIT_MIN, ROLLOUT_PAUSE_LIMIT_MAX)) {
      errors.push({ field: `pause.${i}`, message: RANGE_MESSAGES.pause, values: { min: ROLLOUT_PAUSE_LIMIT_MIN, max: ROLLOUT_PAUSE_LIMIT_MAX } });
    }
  });
  return errors;
}

export interface RolloutParametersValue {
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
  operationTimeoutSeconds: number;
  errorThresholdPercent?: number;
}

/** The parameters of a valid form (pause limits sorted, duplicates merged; no threshold when empty). */
export function toParameters(form: RolloutForm): RolloutParametersValue {
  const threshold = form.errorThresholdPercent.trim();
  return {
    batchSize: Number(form.batchSize),
    batchGapSeconds: Number(form.batchGapSeconds),
    automaticPauseLimits: [...new Set(form.automaticPauseLimits.map(Number))].sort((a, b) => a - b),
    operationTimeoutSeconds: Number(form.operationTimeoutSeconds),
    ...(threshold !== '' ? { errorThresholdPercent: Number(threshold) } : {}),
  };
}

const PACKAGE_LIST = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
const INSTALLED = 'installed';
const OFFLINE = 'UNAVAILABLE';

/** Whether the device already reports the version installed. */
export function hasVersion(device: ManagedObject, name: string, version: string): boolean {
  const list = device[PACKAGE_LIST];
  if (!Array.isArray(list)) return false;
  return list.some((p: { name?: string; version?: string; status?: string; marked_for_deletion?: boolean }) =>
    p?.name === name && p.version === version && p.status === INSTALLED && !p.marked_for_deletion,
  );
}

export interface RolloutPlan {
  targets: number;
  batches: number;
  /** Seconds until the last batch starts (gaps between batches; install time comes on top). */
  estimatedSeconds: number;
  firstBatch: ManagedObject[];
  offline: number;
  alreadyInstalled: number;
  /** Pause limits (counts of failed devices) the rollout can reach: up to its number of devices. */
  pausesAt: number[];
}

/** What the rollout will do with these targets (devices in the order they are sent). */
export function planRollout(
  devices: readonly ManagedObject[],
  params: Pick<RolloutParametersValue, 'batchSize' | 'batchGapSeconds' | 'automaticPauseLimits'>,
  software?: { name: string; version: string },
): RolloutPlan {
  const batches = devices.length === 0 ? 0 : Math.ceil(devices.length / params.batchSize);
  return {
    targets: devices.length,
    batches,
    estimatedSeconds: Math.max(0, batches - 1) * params.batchGapSeconds,
    firstBatch: devices.slice(0, params.batchSize),
    offline: devices.filter((d) => (d.c8y_Availability as { status?: string } | undefined)?.status === OFFLINE).length,
    alreadyInstalled: software ? devices.filter((d) => hasVersion(d, software.name, software.version)).length : 0,
    pausesAt: params.automaticPauseLimits.filter((n) => n <= devices.length),
  };
}

/** '1 h 5 min 30 s' style duration. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', s || (!h && !m) ? `${s} s` : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * The IoTconnector replacement flow (spec 4 "Replacement flow"): per software of the source
 * device a validation row with an action, then installation on the replacement device.
 */
import type { SoftwareObject } from '@shared/platform/create-software-ng';
import { PRODUCT } from '@shared/plugin-api/types';

/** Set on a source IoTconnector once replaced (shell-dev/server/services/create-software-ng/README.md). */
export const REPLACED_BY_FRAGMENT = `${PRODUCT}_IoTconnector_ReplacedBy`;

/**
 * The device that replaced this IoTconnector (its name, else its id, else ''), undefined while it
 * is not replaced. A replaced IoTconnector is not replaced again: the service refuses the finish.
 */
export function replacedBy(device: Record<string, unknown>): string | undefined {
  const by = device[REPLACED_BY_FRAGMENT] as { name?: unknown; id?: unknown } | null | undefined;
  if (!by || typeof by !== 'object') return undefined;
  return [by.name, by.id].map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')).find(Boolean) ?? '';
}

export type ReplacementAction = 'CURRENT' | 'LATEST' | 'SKIP';
export const REPLACEMENT_ACTIONS: readonly ReplacementAction[] = ['CURRENT', 'LATEST', 'SKIP'];

export type ReplacementStep = 'pick' | 'validation' | 'install' | 'finish';

export interface ValidationResponse {
  softwareObject?: SoftwareObject | null;
  latestSoftwareObject?: SoftwareObject | null;
}

/** A software validation row (spec 3): name, version, response, action, installed, status. */
export interface ValidationRow {
  name: string;
  version: string;
  response: ValidationResponse;
  action: ReplacementAction;
  /** The version installed by this flow (set once the install step assigned it). */
  installed?: string;
  /** Installation status as the replacement device reports it. */
  status?: string;
}

/** CURRENT if the source version exists, else LATEST if a latest exists, else SKIP. */
export function defaultAction(response: ValidationResponse): ReplacementAction {
  if (response.softwareObject) return 'CURRENT';
  if (response.latestSoftwareObject) return 'LATEST';
  return 'SKIP';
}

/** Whether an action can be chosen for a row (there must be a package behind it). */
export function actionAvailable(response: ValidationResponse, action: ReplacementAction): boolean {
  if (action === 'CURRENT') return !!response.softwareObject;
  if (action === 'LATEST') return !!response.latestSoftwareObject;
  return true;
}

/** The package the row's action installs; undefined for SKIP. */
export function chosenSoftware(row: Pick<ValidationRow, 'action' | 'response'>): SoftwareObject | undefined {
  if (row.action === 'CURRENT') return row.response.softwareObject ?? undefined;
  if (row.action === 'LATEST') return row.response.latestSoftwareObject ?? undefined;
  return undefined;
}

/** Installation statuses that mean "still working" (spec 4). */
export const IN_PROGRESS_STATUSES = [
  'installing',
  'assigned',
  'registered',
  'downloading',
  'downloaded successfully',
  'to be installed',
  'to be executed',
  'executing',
  'waiting for approval',
] as const;

export type InstallOutcome = 'installed' | 'executed' | 'failed' | 'in-progress' | 'unknown';

export function installOutcome(status: string | undefined): InstallOutcome {
  const s = (status ?? '').trim().toLowerCase();
  if (!s) return 'unknown';
  if (s.includes('failed')) return 'failed';
  if (s === 'installed') return 'installed';
  if (s === 'executed') return 'executed';
  if ((IN_PROGRESS_STATUSES as readonly string[]).includes(s)) return 'in-progress';
  return 'unknown';
}

/**
 * The status of a row whose assignment the service refused (its failed counter): the package
 * will never reach the device, so the row ends as failed instead of waiting for ever.
 */
export const ASSIGNMENT_REFUSED = 'assignment failed';

/** Rows the install step works on. */
export const rowsToInstall = (rows: readonly ValidationRow[]): ValidationRow[] => rows.filter((r) => r.action !== 'SKIP');

/** Percent = (installed + failed + executed) / not skipped; 100 when nothing is to be installed. */
export function progressPercent(rows: readonly ValidationRow[]): number {
  const todo = rowsToInstall(rows);
  if (todo.length === 0) return 100;
  const done = todo.filter((r) => {
    const o = installOutcome(r.status);
    return o === 'installed' || o === 'executed' || o === 'failed';
  }).length;
  return Math.round((done / todo.length) * 100);
}

/**
 * Finish is blocked while any row is in progress. A row without a status yet (assignment not
 * reported back) counts as in progress too, since its installation has not been seen to end.
 */
export function isInstallRunning(rows: readonly ValidationRow[]): boolean {
  return rowsToInstall(rows).some((r) => {
    const o = installOutcome(r.status);
    return o === 'in-progress' || o === 'unknown';
  });
}

/** True when some row ended in a failure. */
export const hasInstallFailures = (rows: readonly ValidationRow[]): boolean =>
  rowsToInstall(rows).some((r) => installOutcome(r.status) === 'failed');

/**
 * Applies the replacement device's package list to the rows: a row takes the status of the
 * package of its name whose version is the one it chose to install.
 */
export function applyPackageStatuses(
  rows: readonly ValidationRow[],
  packages: readonly { name?: string; version?: string; status?: string }[],
): ValidationRow[] {
  return rows.map((row) => {
    const target = chosenSoftware(row);
    if (!target) return row;
    const pkg = packages.find((p) => p.name === target.name && p.version === target.version);
    return pkg ? { ...row, status: pkg.status, installed: pkg.version } : row;
  });
}

/** Writes of the Software tab (spec 7): package list, update strategy, approvals, clear pending. */
import { clearPendingAssignment } from '@shared/platform/create-software-ng';
import { getManagedObject, updateManagedObject } from '@shared/platform/inventory';
import { createOperation, listOperations, type OperationStatus } from '@shared/platform/operations';
import { INSTALL_OPERATION, installOperation, PACKAGE_LIST_FRAGMENT, UPDATE_STRATEGY_FRAGMENT, type SoftwarePackageEntry } from '../logic/packages';

export const savePackageList = (deviceId: string, list: SoftwarePackageEntry[]) => updateManagedObject(deviceId, { [PACKAGE_LIST_FRAGMENT]: list });

/**
 * The device as the platform holds it now: its package list is written whole, so a write based on
 * the tab's copy would undo what the device reported, or another user changed, since it reached the tab.
 */
export const deviceNow = (deviceId: string) => getManagedObject(deviceId);

export const saveSkipUpdateByProfile = (deviceId: string, skipUpdateByProfile: boolean) =>
  updateManagedObject(deviceId, { [UPDATE_STRATEGY_FRAGMENT]: { skipUpdateByProfile } });

/** An install operation in these statuses is still to be done by the device. */
const OPEN_STATUSES: readonly OperationStatus[] = ['PENDING', 'EXECUTING'];
/** The platform's largest page: a device has far fewer open installations. */
const OPEN_OPERATIONS_PAGE_SIZE = 2000;

/** The device's install operations it has not finished (PENDING or EXECUTING). */
export async function openInstallOperations(deviceId: string) {
  const pages = await Promise.all(
    OPEN_STATUSES.map((status) => listOperations({ deviceId, status, fragmentType: INSTALL_OPERATION, pageSize: OPEN_OPERATIONS_PAGE_SIZE })),
  );
  return pages.flatMap((p) => p.items);
}

/** What {@link approveInstallations} did: how many operations it created, and the packages it could not. */
export interface ApprovalOutcome {
  approved: number;
  failed: Array<{ pkg: SoftwarePackageEntry; error: unknown }>;
}

/**
 * One install operation per approved package, at once (scheduledinstallationtime '0'). Each is
 * sent whatever the others' answers: one refused does not hide those that were created.
 */
export async function approveInstallations(deviceId: string, packages: readonly SoftwarePackageEntry[]): Promise<ApprovalOutcome> {
  const results = await Promise.allSettled(packages.map((p) => createOperation(installOperation(deviceId, p))));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ pkg: packages[i], error: r.reason as unknown }] : []));
  return { approved: packages.length - failed.length, failed };
}

export const clearPending = (deviceId: string) => clearPendingAssignment([deviceId]);

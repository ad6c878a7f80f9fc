/** Writes of the Software tab (spec 7): package list, update strategy, approvals, clear pending. */
import { clearPendingAssignment } from '@shared/platform/create-software-ng';
import { updateManagedObject } from '@shared/platform/inventory';
import { createOperation } from '@shared/platform/operations';
import { installOperation, PACKAGE_LIST_FRAGMENT, UPDATE_STRATEGY_FRAGMENT, type SoftwarePackageEntry } from '../logic/packages';

export const savePackageList = (deviceId: string, list: SoftwarePackageEntry[]) => updateManagedObject(deviceId, { [PACKAGE_LIST_FRAGMENT]: list });

export const saveSkipUpdateByProfile = (deviceId: string, skipUpdateByProfile: boolean) =>
  updateManagedObject(deviceId, { [UPDATE_STRATEGY_FRAGMENT]: { skipUpdateByProfile } });

/** One install operation per approved package, at once (scheduledinstallationtime '0'). */
export const approveInstallations = (deviceId: string, packages: readonly SoftwarePackageEntry[]) =>
  Promise.all(packages.map((p) => createOperation(installOperation(deviceId, p))));

export const clearPending = (deviceId: string) => clearPendingAssignment([deviceId]);

/** Rules of the Software tab's package table (spec 2 "Software tab", 4 "Package statuses", 5, 6). */
import { PRODUCT, type Device } from '@shared/plugin-api/types';
import { UNDELETABLE_PACKAGE_TYPES, type SoftwarePackageEntry } from '@shared/domain/software-package';

export const PACKAGE_LIST_FRAGMENT = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
export const UPDATE_STRATEGY_FRAGMENT = `${PRODUCT}_IoTconnector_UpdateStrategy`;
export const APPLIED_PROFILE_FRAGMENT = `c8y_${PRODUCT}_service_dto_AppliedDeviceProfile`;
export const WAITING_FOR_APPROVAL = 'waiting for approval';
/** The operation that installs an approved package; '0' means at once. */
export const INSTALL_OPERATION = 'netbox_InstallSoftwarePackage';
export const INSTALL_NOW = '0';

export type { SoftwarePackageEntry };

/** The device's whole stored list (flagged entries included, so a save keeps them). */
export function packageList(device: Device): SoftwarePackageEntry[] {
  const list = device[PACKAGE_LIST_FRAGMENT];
  return Array.isArray(list) ? (list as SoftwarePackageEntry[]).filter((p) => p && typeof p.name === 'string') : [];
}

/** A version "unknown" counts as empty. */
export const displayVersion = (version: string | undefined): string => (!version || version.trim().toLowerCase() === 'unknown' ? '' : version);

/** The rows the table shows: packages flagged for deletion are hidden. */
export const visiblePackages = (list: readonly SoftwarePackageEntry[]): SoftwarePackageEntry[] => list.filter((p) => p.marked_for_deletion !== true);

/**
 * Spec 5: AGENT, AGENTUPDATER and WINDOWS packages (the agent needs them) are never deleted; who
 * may delete the others is a role question (REQUIRES.devicePackageDelete).
 */
export const isDeletableType = (pkg: SoftwarePackageEntry): boolean => !UNDELETABLE_PACKAGE_TYPES.includes((pkg.type ?? '').toUpperCase());

/** Same package: name and version (a version "unknown" equals an empty one). */
const samePackage = (a: SoftwarePackageEntry, b: SoftwarePackageEntry) => a.name === b.name && displayVersion(a.version) === displayVersion(b.version);

/** Whether the list still holds the package, not flagged for deletion (another user may have deleted it). */
export const holdsPackage = (list: readonly SoftwarePackageEntry[], pkg: SoftwarePackageEntry): boolean => list.some((p) => samePackage(p, pkg) && p.marked_for_deletion !== true);

/** The list to save when a package is deleted: deleting only flags marked_for_deletion. */
export function markForDeletion(list: readonly SoftwarePackageEntry[], pkg: SoftwarePackageEntry): SoftwarePackageEntry[] {
  return list.map((p) => (samePackage(p, pkg) ? { ...p, marked_for_deletion: true } : p));
}

export const waitingForApproval = (list: readonly SoftwarePackageEntry[]): SoftwarePackageEntry[] =>
  visiblePackages(list).filter((p) => (p.status ?? '').trim().toLowerCase() === WAITING_FOR_APPROVAL);

/** The install operation of an approved package (spec 7). */
export function installOperation(deviceId: string, pkg: SoftwarePackageEntry) {
  return {
    deviceId,
    description: `Install software package ${pkg.name} ${displayVersion(pkg.version)}`.trim(),
    [INSTALL_OPERATION]: { scheduledinstallationtime: INSTALL_NOW, name: pkg.name, version: pkg.version ?? '' },
  };
}

/**
 * The waiting packages split by whether an install operation the device has not finished yet
 * (PENDING or EXECUTING) already asks for them: approved before, the device has not reported back,
 * and a second approval would send the same installation twice.
 */
export function splitByOpenInstall(
  waiting: readonly SoftwarePackageEntry[],
  openOperations: readonly Record<string, unknown>[],
): { toApprove: SoftwarePackageEntry[]; alreadyApproved: SoftwarePackageEntry[] } {
  const asked = openOperations.flatMap((op) => {
    const f = op[INSTALL_OPERATION] as { name?: unknown; version?: unknown } | undefined;
    return typeof f?.name === 'string' ? [{ name: f.name, version: typeof f.version === 'string' ? f.version : undefined }] : [];
  });
  const isAsked = (p: SoftwarePackageEntry) => asked.some((a) => samePackage(a, p));
  return { toApprove: waiting.filter((p) => !isAsked(p)), alreadyApproved: waiting.filter(isAsked) };
}

/**
 * Distinct statuses of the visible rows, for the status filter, with the chosen one kept: after a
 * live update no package may have it any more, and the select must still name the filter that
 * empties the table (else it shows "All" over no rows).
 */
export const statusOptions = (list: readonly SoftwarePackageEntry[], chosen = ''): string[] =>
  [...new Set([...visiblePackages(list).map((p) => p.status ?? ''), chosen])].filter(Boolean).sort();

/** The device's profile update strategy: true while updates by profile are skipped. */
export const skipsProfileUpdates = (device: Device): boolean =>
  (device[UPDATE_STRATEGY_FRAGMENT] as { skipUpdateByProfile?: unknown } | undefined)?.skipUpdateByProfile === true;

export interface AppliedProfile {
  profileName?: string;
  profileId?: string;
  assignedAt?: string;
}
/** The applied device profile; none when the fragment is missing, cleared (null) or names no profile. */
export function appliedProfile(device: Device): AppliedProfile | undefined {
  const p = device[APPLIED_PROFILE_FRAGMENT] as AppliedProfile | null | undefined;
  return p && typeof p === 'object' && (p.profileId || p.profileName) ? p : undefined;
}

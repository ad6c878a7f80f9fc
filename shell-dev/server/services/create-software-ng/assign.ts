import { packageListCounters } from '@shared/domain/software-package';
import type { ManagedObject, ServerCore } from '../../core/api';
import {
  FRAGMENT_APPLIED_PROFILE,
  FRAGMENT_FAILED_INSTALLATIONS,
  FRAGMENT_PACKAGE_LIST,
  FRAGMENT_PENDING_UPDATES,
  OP_REGISTER_SOFTWARE,
  PACKAGE_STATUS_ASSIGNED,
  SOFTWARE_TYPE,
} from './constants';
import { activeEntry, isDevice, isFailed, packageList, softwareTypeOfDevice, str, type PackageEntry } from './model';

/**
 * A device's package list with the counters the lists show beside it (pending updates, failed
 * installations), so that no write of the list leaves a column telling the old story.
 */
export function packageListPatch(list: PackageEntry[]): Record<string, unknown> {
  const { pending, failed } = packageListCounters(list);
  return { [FRAGMENT_PACKAGE_LIST]: list, [FRAGMENT_PENDING_UPDATES]: pending, [FRAGMENT_FAILED_INSTALLATIONS]: failed };
}

/** Per-device outcome, named after the response counters of createSoftwareAssignment. */
export type AssignOutcome = 'success' | 'updated' | 'none' | 'failed';

export interface AssignCounters {
  noOfSuccessfullAssignment: number;
  noOfUpdatedAssignment: number;
  noOfNoAssignment: number;
  noOfFailedAssignment: number;
}

export const emptyAssignCounters = (): AssignCounters => ({
  noOfSuccessfullAssignment: 0,
  noOfUpdatedAssignment: 0,
  noOfNoAssignment: 0,
  noOfFailedAssignment: 0,
});

export function countOutcome(c: AssignCounters, o: AssignOutcome): void {
  if (o === 'success') c.noOfSuccessfullAssignment++;
  else if (o === 'updated') c.noOfUpdatedAssignment++;
  else if (o === 'none') c.noOfNoAssignment++;
  else c.noOfFailedAssignment++;
}

/** What is assigned: a package from the repository (or the payload's own description of it). */
export interface AssignablePackage {
  id: string;
  name: string;
  version: string;
  deviceType?: string;
  url?: string;
  category?: string;
  apptype?: string;
  installation_requires_approval?: boolean;
  c8y_encryptionKey?: boolean;
}

export function packageFromMo(mo: ManagedObject): AssignablePackage {
  return {
    id: mo.id,
    name: str(mo.name) ?? '',
    version: str(mo.version) ?? '',
    deviceType: str(mo.deviceType),
    url: str(mo.url) ?? str(mo.c8y_url),
    category: str(mo.category),
    apptype: str(mo.apptype),
    installation_requires_approval: mo.installation_requires_approval === true,
    c8y_encryptionKey: mo.c8y_encryptionKey === true,
  };
}

export type AssignTarget =
  | { kind: 'software'; pkg: AssignablePackage }
  | { kind: 'profile'; profile: { id: string; name: string; deviceType?: string }; packages: AssignablePackage[] };

/**
 * Assigns to one device: the package entry goes to 'assigned' and a registration operation is
 * created. Same name and version already present (assigned, on its way or installed) is left
 * alone unless forced; a different version, or the same version whose download or installation
 * failed, is replaced in place ('updated'): a failure is no reason to refuse a second attempt.
 */
export function assignToDevice(
  core: ServerCore,
  deviceId: string,
  target: AssignTarget,
  force: boolean,
  description: string | undefined,
  /** The device as the caller just read it in this transaction (saves a second read). */
  knownDevice?: ManagedObject,
): AssignOutcome {
  const device = knownDevice ?? core.inventory.get(deviceId);
  if (!isDevice(device)) return 'failed';
  const swType = softwareTypeOfDevice(device.type);
  const packages = target.kind === 'software' ? [target.pkg] : target.packages;
  const wantedType = target.kind === 'software' ? target.pkg.deviceType : target.profile.deviceType;
  if (wantedType !== undefined && wantedType !== swType) return 'failed';

  const list = packageList(device).slice();
  const now = new Date(core.clock.now()).toISOString();
  const outcomes: AssignOutcome[] = [];
  const toRegister: AssignablePackage[] = [];
  for (const pkg of packages) {
    if (!pkg.name || !pkg.version) {
      outcomes.push('failed');
      continue;
    }
    const current = activeEntry({ ...device, [FRAGMENT_PACKAGE_LIST]: list }, pkg.name);
    if (current && current.version === pkg.version && !force && !isFailed(current)) {
      outcomes.push('none');
      continue;
    }
    const entry: PackageEntry = {
      name: pkg.name,
      version: pkg.version,
      status: PACKAGE_STATUS_ASSIGNED,
      type: pkg.apptype ?? '',
      last_status_timestamp: now,
      failure_message: '',
      marked_for_deletion: false,
      repository_id: pkg.id,
      url: pkg.url ?? '',
      installation_requires_approval: pkg.installation_requires_approval === true,
      c8y_encryptionKey: pkg.c8y_encryptionKey === true,
    };
    const idx = current ? list.indexOf(current) : -1;
    if (idx >= 0) list[idx] = entry;
    else list.push(entry);
    outcomes.push(current && (current.version !== pkg.version || isFailed(current)) ? 'updated' : 'success');
    toRegister.push(pkg);
  }

  const patch: Record<string, unknown> = {};
  if (toRegister.length > 0) Object.assign(patch, packageListPatch(list));
  if (target.kind === 'profile' && !outcomes.includes('failed')) {
    patch[FRAGMENT_APPLIED_PROFILE] = { profileName: target.profile.name, profileId: target.profile.id, assignedAt: now };
  }
  if (Object.keys(patch).length > 0) core.inventory.patch(deviceId, patch);
  for (const pkg of toRegister) {
    core.operations.create({
      deviceId,
      description: description ?? `Assign software ${pkg.name} ${pkg.version}`,
      [OP_REGISTER_SOFTWARE]: {
        name: pkg.name,
        version: pkg.version,
        repository_id: pkg.id,
        url: pkg.url ?? '',
        category: pkg.category ?? 'normal',
        installation_requires_approval: pkg.installation_requires_approval === true,
        c8y_encryptionKey: pkg.c8y_encryptionKey === true,
      },
    });
  }
  return combine(outcomes);
}

/** A profile's per-device result: any failure fails the device, then updated, then new, else nothing to do. */
function combine(outcomes: AssignOutcome[]): AssignOutcome {
  if (outcomes.length === 0) return 'none';
  for (const o of ['failed', 'updated', 'success'] as const) if (outcomes.includes(o)) return o;
  return 'none';
}

export function isSoftwareMo(mo: ManagedObject | undefined): mo is ManagedObject {
  return mo !== undefined && mo.type === SOFTWARE_TYPE;
}

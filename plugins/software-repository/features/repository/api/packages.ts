/** Server state of the Software repository page: the package list per device type and its writes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  createSoftwarePackage,
  deleteSoftwarePackage,
  listSoftwarePackages,
  updateSoftwarePackage,
  type SoftwarePackageSaveResult,
  type SoftwarePackage,
} from '@shared/platform/create-software-ng';
import { deleteBinary, getManagedObject, uploadBinary } from '@shared/platform/inventory';
import { createQueryKeys } from '@shared/platform/query-keys';
import { softwareTypeFor, type DeviceType } from '@shared/domain/device-types';
import { SOFTWARE_TYPE } from '@shared/domain/constants';
import { compareByNameThenVersion } from '@shared/domain/software-package';
import { mergeEdit, toCreateRequest, toUpdateRequest, type AddForm, type EditForm } from '../model/package-form';

export const packageKeys = createQueryKeys<DeviceType>('software-repository', 'packages');

/** Packages of the device type, by name then version. */
export async function fetchPackages(deviceType: DeviceType): Promise<SoftwarePackage[]> {
  const list = await listSoftwarePackages({ deviceType: softwareTypeFor(deviceType) });
  return [...list].sort(compareByNameThenVersion);
}

export const packagesQuery = (deviceType: DeviceType) =>
  queryOptions({ queryKey: packageKeys.list(deviceType), queryFn: () => fetchPackages(deviceType) });

export const usePackages = (deviceType: DeviceType) => useQuery(packagesQuery(deviceType));

const BINARY_PATH = '/inventory/binaries/';

/**
 * The download URL of an uploaded binary: its `self` as the platform answers it; a self that
 * names the binary's managed object (the stand-in does) is turned into the binary's path.
 */
export function binaryDownloadUrl(binary: { id: string; self?: string }): string {
  if (binary.self?.includes(BINARY_PATH)) return binary.self;
  const origin = binary.self ? binary.self.replace(/\/inventory\/.*$/, '') : '';
  return `${origin}${BINARY_PATH}${binary.id}`;
}

/** Why adding failed: the file upload or the package itself (each has its own message). */
export class UploadError extends Error {}

/**
 * A binary uploaded for a package that could not be created, and that could not be removed
 * either (the connection dropped after the upload): the next Save of the same file uses it
 * instead of uploading the file a second time, Cancel removes it.
 */
export interface LeftBinary {
  file: Blob;
  id: string;
  url: string;
}

/** What one Add software form knows of the binary its last Save left behind. */
export interface UploadState {
  left: LeftBinary | null;
}

/**
 * Uploads a chosen file as a platform binary (its `self` becomes the package URL), then creates
 * the package. A binary left without its package is removed again; when that fails too it stays
 * in `state.left` for the next Save of the same file (see {@link LeftBinary}).
 */
export async function addPackage(form: AddForm, file: Blob | null, deviceType: DeviceType, state: UploadState = { left: null }): Promise<SoftwarePackageSaveResult> {
  let binary: LeftBinary | null = null;
  if (file && form.file) {
    if (state.left?.file === file) binary = state.left;
    else {
      // Another file (or none) is chosen now: the one left before is of no use.
      await forgetLeftBinary(state);
      try {
        const uploaded = await uploadBinary(file, { type: file.type || 'application/octet-stream', [SOFTWARE_TYPE]: {} }, form.file.name);
        binary = { file, id: uploaded.id, url: binaryDownloadUrl(uploaded) };
      } catch (e) {
        throw new UploadError(e instanceof Error ? e.message : String(e));
      }
    }
  } else await forgetLeftBinary(state);
  try {
    const saved = await createSoftwarePackage(toCreateRequest(form, softwareTypeFor(deviceType), binary?.url));
    state.left = null;
    return saved;
  } catch (e) {
    // The package's own failure is what the user is told; a binary that could not be removed
    // is kept for the next Save, and the log names it.
    if (binary) {
      const { id } = binary;
      const removed = await deleteBinary(id).then(
        () => true,
        (cleanup: unknown) => {
          console.warn(`Binary ${id} was left without its package:`, cleanup);
          return false;
        },
      );
      state.left = removed ? null : binary;
    }
    throw e;
  }
}

/** Removes the binary a failed Save left (the form is closed, or another file is chosen); a failure is logged. */
export async function forgetLeftBinary(state: UploadState): Promise<void> {
  const left = state.left;
  if (!left) return;
  state.left = null;
  await deleteBinary(left.id).catch((e: unknown) => console.warn(`Binary ${left.id} was left without its package:`, e));
}

/**
 * Saves the edit form opened on `pkg`: the package is read again first, and only the fields this
 * user changed are written over it (another user's edit since the card flipped is kept).
 */
export async function savePackage(pkg: SoftwarePackage, opened: EditForm, edited: EditForm) {
  const stored = (await getManagedObject(String(pkg.id))) as unknown as SoftwarePackage;
  return updateSoftwarePackage(toUpdateRequest(pkg, mergeEdit(opened, edited, stored)));
}

export const removePackage = (pkg: SoftwarePackage) => deleteSoftwarePackage(String(pkg.id));

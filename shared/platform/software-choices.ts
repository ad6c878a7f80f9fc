/**
 * What the Select software dialog offers (spec 1, section 2 Dialogs): software binaries
 * (c8y_Software) of the selected device types and device profiles (c8y_Profile) filtered to them,
 * each with its storage, and the assignment payload for the one chosen (spec 1, section 7).
 * Both the device lists and the dashboard's device lists assign through it.
 */
import { LOAD_ALL_PAGE_SIZE, SOFTWARE_TYPE } from '../domain/constants';
import { compareByNameThenVersion } from '../domain/software-package';
import type { SoftwareAssignmentRequest } from './create-software-ng';
import { listAllManagedObjects, type ManagedObject } from './inventory';
import { and, anyOf, buildQuery, eq, or } from './query-language';

export const PROFILE_TYPE = 'c8y_Profile';

/** The two known external storage hosts; any other URL is stored on the platform (Local). */
export const EXTERNAL_STORAGE_HOSTS = ['adamosstorage.blob.core.windows.net', 'adamossoftware.blob.core.windows.net'] as const;

/** Spec 3: the category of a software binary that names none. */
export const DEFAULT_SOFTWARE_CATEGORY = 'normal';

/** A binary's (or a package entry's) category as an assignment sends it: normal when it names none (spec 3). */
export const categoryOf = (category: unknown): string => (typeof category === 'string' && category !== '' ? category : DEFAULT_SOFTWARE_CATEGORY);

export type Storage = 'Profile' | 'External' | 'Local';

export interface SoftwareItem {
  id: string;
  kind: 'software' | 'profile';
  name: string;
  version: string;
  storage: Storage;
  url: string;
  category?: string;
  installationRequiresApproval: boolean;
  encryptionKey?: unknown;
  /** The software type it is for (a profile's c8y_Filter.type): devices of another family cannot take it. */
  deviceType?: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function storageOf(mo: ManagedObject): Storage {
  if (mo.type === PROFILE_TYPE) return 'Profile';
  const url = typeof mo.url === 'string' ? mo.url : '';
  return (EXTERNAL_STORAGE_HOSTS as readonly string[]).includes(hostOf(url)) ? 'External' : 'Local';
}

export function toSoftwareItem(mo: ManagedObject): SoftwareItem {
  const isProfile = mo.type === PROFILE_TYPE;
  return {
    id: mo.id,
    kind: isProfile ? 'profile' : 'software',
    name: mo.name ?? '',
    version: isProfile ? '' : String(mo.version ?? ''),
    storage: storageOf(mo),
    url: typeof mo.url === 'string' ? mo.url : '',
    category: isProfile ? undefined : categoryOf(mo.category),
    installationRequiresApproval: mo.installation_requires_approval === true,
    encryptionKey: mo.c8y_encryptionKey,
    deviceType: isProfile ? str((mo.c8y_Filter as { type?: unknown } | undefined)?.type) : str(mo.deviceType),
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The query: software of the types, profiles filtered to the types, matching the search on name or version. */
export function softwareQuery(deviceTypes: readonly string[], search: string): string {
  const text = search.trim();
  const pattern = text.includes('*') ? text : `*${text}*`;
  return buildQuery(
    and(
      or(and(eq('type', SOFTWARE_TYPE), anyOf('deviceType', deviceTypes)), and(eq('type', PROFILE_TYPE), anyOf('c8y_Filter.type', deviceTypes))),
      text ? or(eq('name', pattern), eq('version', pattern)) : undefined,
    ),
    [
      { field: 'name', direction: 'asc' },
      { field: 'version', direction: 'asc' },
    ],
  );
}

/**
 * Every choice matching, in the repository's order: name, then version order (spec 5: 9.0.0
 * before 10.0.0). The platform sorts versions only as text, and a page of its order sorted alone
 * would still put a later page's lower versions after it: the whole list is loaded (pages of
 * LOAD_ALL_PAGE_SIZE) and sorted here, and the dialog pages it by SHORT_LIST_PAGE_SIZE.
 */
export async function listSoftwareChoices(deviceTypes: readonly string[], search: string): Promise<SoftwareItem[]> {
  const all = await listAllManagedObjects({ query: softwareQuery(deviceTypes, search), withChildren: false }, LOAD_ALL_PAGE_SIZE);
  return all.map(toSoftwareItem).sort(compareByNameThenVersion);
}

/** Payload of POST /createSoftwareAssignment for a chosen software or profile. */
export function assignmentRequest(item: SoftwareItem, deviceIds: string[], forceInstallation: boolean): SoftwareAssignmentRequest {
  if (item.kind === 'profile') {
    return { devices: deviceIds, forceInstallation, description: `Assign device profile ${item.name}`, registerDeviceProfile: { deviceProfileId: item.id } };
  }
  return {
    devices: deviceIds,
    forceInstallation,
    description: `Assign software ${item.name} ${item.version}`,
    netbox_RegisterSoftwarePackage: {
      name: item.name,
      version: item.version,
      repository_id: item.id,
      url: item.url,
      category: item.category,
      installation_requires_approval: item.installationRequiresApproval,
      c8y_encryptionKey: item.encryptionKey,
    },
  };
}

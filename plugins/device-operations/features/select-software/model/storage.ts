/**
 * The select-software dialog's rows: software binaries (c8y_Software) and device profiles
 * (c8y_Profile) with their storage (spec 1, section 2 Dialogs).
 */
import type { ManagedObject } from '@shared/platform/inventory';

/** The two known external storage hosts; any other URL is stored on the platform (Local). */
export const EXTERNAL_STORAGE_HOSTS = ['adamosstorage.blob.core.windows.net', 'adamossoftware.blob.core.windows.net'] as const;

export type Storage = 'Profile' | 'External' | 'Local';

export const SOFTWARE_TYPE = 'c8y_Software';
export const PROFILE_TYPE = 'c8y_Profile';

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
    category: typeof mo.category === 'string' ? mo.category : undefined,
    installationRequiresApproval: mo.installation_requires_approval === true,
    encryptionKey: mo.c8y_encryptionKey,
  };
}

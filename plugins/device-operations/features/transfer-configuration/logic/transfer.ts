/** Which software a configuration transfer carries over (spec 5: names starting with KB excluded). */
import { PRODUCT, type Device } from '@shared/plugin-api/types';

export const PACKAGE_LIST = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
export const EXCLUDED_PREFIX = 'KB';

export interface TransferablePackage {
  name: string;
  version: string;
  repository_id?: string;
  url?: string;
  category?: string;
  installation_requires_approval?: boolean;
  c8y_encryptionKey?: unknown;
}

/** The source's packages a transfer can assign: repository packages, KB* and flagged ones left out. */
export function transferable(device: Device): TransferablePackage[] {
  const list = device[PACKAGE_LIST];
  if (!Array.isArray(list)) return [];
  return (list as (TransferablePackage & { marked_for_deletion?: boolean })[]).filter(
    (p) => typeof p?.name === 'string' && !p.name.startsWith(EXCLUDED_PREFIX) && p.marked_for_deletion !== true && !!p.repository_id,
  );
}

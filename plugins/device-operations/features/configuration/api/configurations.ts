/**
 * The admin area's configuration info: each IoTconnector's ccm configuration object (type
 * {product}_IoTconnector_ccm_configuration, a child addition of its device), paged on the server.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { and, buildQuery, eq, startsWith } from '@shared/platform/query-language';
import { PRODUCT } from '@shared/plugin-api/types';

export const CCM_CONFIGURATION_TYPE = `${PRODUCT}_IoTconnector_ccm_configuration`;
const CCM = `${PRODUCT}_adamos_netbox_ccm`;

export interface NetworkPort {
  mode?: string;
  ip?: string;
  netmask?: string;
  gateway?: string;
  enabled?: boolean;
  ssid?: string;
}

export interface CcmConfiguration {
  id: string;
  deviceId?: string;
  deviceName?: string;
  serial?: string;
  imageVersion?: string;
  commissioned?: string;
  machine?: { serial_number?: string; model?: string; control?: string; manufacturer?: string };
  x1?: NetworkPort;
  x2?: NetworkPort;
  wifi?: NetworkPort;
  lastUpdated?: string;
}

/** Reads the configuration object the way the device writes it; missing parts stay undefined. */
export function toConfiguration(mo: ManagedObject): CcmConfiguration {
  const ccm = (mo[CCM] ?? {}) as {
    machine?: CcmConfiguration['machine'];
    network?: { x1?: NetworkPort; x2?: NetworkPort; wifi?: NetworkPort };
    netbox?: { netbox_serial?: string; image_version?: string; commissioning_timestamp?: string };
  };
  const parent = mo.additionParents?.references?.[0]?.managedObject;
  return {
    id: mo.id,
    deviceId: parent?.id,
    deviceName: parent?.name,
    serial: ccm.netbox?.netbox_serial,
    imageVersion: ccm.netbox?.image_version,
    commissioned: ccm.netbox?.commissioning_timestamp,
    machine: ccm.machine,
    x1: ccm.network?.x1,
    x2: ccm.network?.x2,
    wifi: ccm.network?.wifi,
    lastUpdated: mo.lastUpdated,
  };
}

export interface ConfigurationFilter {
  serial: string;
  pageSize: number;
  currentPage: number;
}

/** Type filter plus an optional serial begins-with, ordered by serial. */
export function configurationQuery(f: ConfigurationFilter): string {
  const serial = f.serial.trim();
  return buildQuery(and(eq('type', CCM_CONFIGURATION_TYPE), serial ? startsWith(`${CCM}.netbox.netbox_serial`, serial) : undefined), [
    { field: `${CCM}.netbox.netbox_serial`, direction: 'asc' },
  ]);
}

export const configurationsQuery = (f: ConfigurationFilter) =>
  queryOptions({
    queryKey: ['device-operations', 'configurations', f] as const,
    queryFn: async () => {
      const page = await listManagedObjects({
        query: configurationQuery(f),
        pageSize: f.pageSize,
        currentPage: f.currentPage,
        withTotalPages: true,
        withParents: true,
      });
      return { items: page.items.map(toConfiguration), totalPages: page.statistics.totalPages, hasNext: page.hasNext };
    },
    placeholderData: keepPreviousData,
  });

export const useConfigurations = (f: ConfigurationFilter) => useQuery(configurationsQuery(f));

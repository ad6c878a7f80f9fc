/**
 * The three device families: route device types (spec: /views/{deviceType}) and the inventory
 * types behind them.
 */
import { PRODUCT } from '../plugin-api/types';

/** Route / repository device types. */
export type DeviceType = 'iotconnector' | 'celosos_x64' | 'celosos_aarch64';

/** All device types in navigator order. */
export const DEVICE_TYPES: readonly DeviceType[] = ['iotconnector', 'celosos_x64', 'celosos_aarch64'];

/** Where an empty hash leads (spec 1: defaults to /views/iotconnector). */
export const DEFAULT_DEVICE_TYPE: DeviceType = 'iotconnector';

/** Inventory types of the families. */
export const NETBOX_TYPE = `${PRODUCT}_NETbox`;
export const CELOSX_TYPE = `${PRODUCT}_celosx`;
export const IPC_X64_TYPE = `${PRODUCT}_ipc-x64`;
export const IOTCONNECTOR_FLEX_TYPE = `${PRODUCT}_iotconnectorflex`;
/** The mobile router's managed-object type. */
export const MOBILE_ROUTER_TYPE = `${PRODUCT}_MobileRouter`;

const TYPES: Record<DeviceType, readonly string[]> = {
  iotconnector: [NETBOX_TYPE],
  // Selecting a celosx device also adds the IPC x64 type (spec 1, section 9).
  celosos_x64: [CELOSX_TYPE, IPC_X64_TYPE],
  celosos_aarch64: [IOTCONNECTOR_FLEX_TYPE],
};

/** Navigator labels (Devices menu). */
export const NAVIGATOR_LABELS: Record<DeviceType, string> = {
  iotconnector: 'IoTconnectors',
  celosos_x64: 'CELOS OS (IPC x64)',
  celosos_aarch64: 'CELOS OS (IOT2050)',
};

/**
 * A device's family as the screens name the device (a group's sub-assets, the Info tab's Type,
 * devices left out of a software selection): the navigator's names (spec 1: "CELOS OS (IOT2050)"),
 * one device each.
 */
export const DEVICE_LABELS: Record<DeviceType, string> = {
  iotconnector: 'IoTconnector',
  celosos_x64: NAVIGATOR_LABELS.celosos_x64,
  celosos_aarch64: NAVIGATOR_LABELS.celosos_aarch64,
};

/**
 * Labels of the software repository's and device profiles' device-type selects: the type software
 * is stored under (spec 2 names it 'CELOS OS (aarch64)' there).
 */
export const REPOSITORY_LABELS: Record<DeviceType, string> = {
  iotconnector: 'IoTconnector',
  celosos_x64: 'CELOS OS (IPC x64)',
  celosos_aarch64: 'CELOS OS (aarch64)',
};

/**
 * The readable name of a device's inventory type of the three families ("IoTconnector",
 * "CELOS OS (IPC x64)", "CELOS OS (IOT2050)", as the navigator names their lists); undefined for
 * any other type.
 */
export function deviceTypeLabel(type: string | null | undefined): string | undefined {
  const family = deviceTypeOf(type);
  return family ? DEVICE_LABELS[family] : undefined;
}

/** Type guard for route parameters. */
export const isDeviceType = (value: unknown): value is DeviceType => DEVICE_TYPES.includes(value as DeviceType);

/** Inventory types listed for a device type. */
export const typesFor = (deviceType: DeviceType): readonly string[] => TYPES[deviceType];

/** The type software packages and profiles of a device type are stored under. */
export function softwareTypeFor(deviceType: DeviceType): string {
  return deviceType === 'celosos_x64' ? IPC_X64_TYPE : TYPES[deviceType][0];
}

/** The device type of an inventory type (undefined for other devices). */
export function deviceTypeOf(type: string | null | undefined): DeviceType | undefined {
  if (!type) return undefined;
  return DEVICE_TYPES.find((dt) => TYPES[dt].includes(type));
}

/**
 * Inventory types to use when devices of these types are selected: a celosx selection also
 * includes the IPC x64 type, so software for either is offered.
 */
export function typesForSelection(types: readonly string[]): string[] {
  const result = new Set<string>();
  for (const t of types) {
    result.add(t);
    if (t === CELOSX_TYPE) result.add(IPC_X64_TYPE);
  }
  return [...result];
}

/** The software type a device of this inventory type installs (celosx devices take IPC x64 software). */
export const softwareTypeOfInventoryType = (type: string | null | undefined): string | undefined => (type === CELOSX_TYPE ? IPC_X64_TYPE : type ?? undefined);

/**
 * The devices software (or a profile) for `softwareType` cannot apply to: the ones of another
 * family. Software without a type is taken to fit every device.
 */
export function devicesOutsideType<T extends { type?: string | null }>(devices: readonly T[], softwareType: string | null | undefined): T[] {
  if (!softwareType) return [];
  return devices.filter((d) => softwareTypeOfInventoryType(d.type) !== softwareType);
}

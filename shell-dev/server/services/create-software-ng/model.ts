import type { SoftwarePackageEntry } from '@shared/domain/software-package';
import type { ManagedObject } from '../../core/api';
import {
  DEVICE_TYPE_CELOSX,
  DEVICE_TYPE_IPC_X64,
  FRAGMENT_PACKAGE_LIST,
  PACKAGE_STATUS_FAILED_MARK,
  PACKAGE_STATUS_INSTALLED,
} from './constants';

/** One entry of a device's software package list (device-operations.md §3). */
export type PackageEntry = SoftwarePackageEntry & { version: string; status: string; c8y_encryptionKey?: boolean };

export interface SoftwareRef {
  id: string;
  name: string;
  version: string;
  url?: string;
  action?: string;
}

/** The software type a device takes: CELOS x64 devices of type celosx install ipc-x64 software (§9). */
export function softwareTypeOfDevice(deviceType: string | undefined): string | undefined {
  return deviceType === DEVICE_TYPE_CELOSX ? DEVICE_TYPE_IPC_X64 : deviceType;
}

export function packageList(device: ManagedObject): PackageEntry[] {
  const list = device[FRAGMENT_PACKAGE_LIST];
  return Array.isArray(list) ? (list as PackageEntry[]) : [];
}

export function activeEntry(device: ManagedObject, name: string): PackageEntry | undefined {
  return packageList(device).find((e) => e.name === name && !e.marked_for_deletion);
}

export function isInstalled(e: PackageEntry | undefined): boolean {
  return e?.status === PACKAGE_STATUS_INSTALLED;
}

export function isFailed(e: PackageEntry | undefined): boolean {
  return typeof e?.status === 'string' && e.status.toLowerCase().includes(PACKAGE_STATUS_FAILED_MARK);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function isDevice(mo: ManagedObject | undefined): mo is ManagedObject {
  return mo !== undefined && mo.c8y_IsDevice !== undefined && mo.c8y_IsDevice !== null;
}

/** CSV export of a device list: the visible columns, every matching device. */
import type { ManagedObject } from '@shared/platform/inventory';
import type { DeviceColumn } from './columns';

/** RFC 4180 quoting; a leading formula character is neutralised so spreadsheets do not run it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => cells.map(csvCell).join(',') + '\r\n';

export function csvHeader(columns: readonly DeviceColumn[], label: (c: DeviceColumn) => string): string {
  return csvLine(['id', ...columns.map(label)]);
}

export function csvRows(devices: readonly ManagedObject[], columns: readonly DeviceColumn[], now: number): string {
  return devices.map((d) => csvLine([d.id, ...columns.map((c) => c.text(d, now))])).join('');
}

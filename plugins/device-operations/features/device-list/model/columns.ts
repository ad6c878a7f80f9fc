/**
 * The device list's columns (spec 1, section 2): what each shows, where it reads, how it filters
 * and sorts on the server. A list is a set of these; components render them by id.
 */
import { DAY_MS } from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import { AVAILABILITY_STATES, FIELD, readPath } from './fields';
import type { FilterKind } from './filters';

export type ColumnId =
  | 'status'
  | 'name'
  | 'machineSerial'
  | 'machineModel'
  | 'registrationDate'
  | 'daysSinceLastMessage'
  | 'agentVersion'
  | 'imageVersion'
  | 'machineControl'
  | 'pendingUpdates'
  | 'failedInstallations'
  | 'alarms'
  | 'group'
  | 'customerName'
  | 'customerNumber'
  | 'model';

export interface DeviceColumn {
  id: ColumnId;
  /** English header text (an i18n key). */
  label: string;
  /** Query-language path the filter applies to. */
  filterField?: string;
  filter?: FilterKind;
  /** Fixed picker entries of a select filter (besides "Empty"). */
  options?: readonly string[];
  /** Query-language path to order by; absent when the column cannot be sorted on the server. */
  sortField?: string;
  /** Ascending on the column is descending on the path (days since last message). */
  sortInverted?: boolean;
  /** Plain text of the cell (CSV export and the title attribute). */
  text: (device: ManagedObject, now: number) => string;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const at = (path: string) => (d: ManagedObject) => str(readPath(d, path));

/** Whole days between the last message and now; undefined when the device never sent one. */
export function daysSince(iso: unknown, now: number): number | undefined {
  if (typeof iso !== 'string') return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, Math.floor((now - t) / DAY_MS));
}

/** Names of the groups a device belongs to (needs the list fetched withParents). */
export function groupNames(device: ManagedObject): string[] {
  return (device.assetParents?.references ?? []).map((r) => r.managedObject.name ?? r.managedObject.id);
}

export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;

export function alarmCounts(device: ManagedObject): Record<(typeof ALARM_SEVERITIES)[number], number> {
  const status = (readPath(device, FIELD.alarms) ?? {}) as Record<string, unknown>;
  const n = (k: string) => (typeof status[k] === 'number' ? (status[k] as number) : 0);
  return { critical: n('critical'), major: n('major'), minor: n('minor'), warning: n('warning') };
}

export const COLUMNS: Record<ColumnId, DeviceColumn> = {
  status: { id: 'status', label: 'Status', filterField: FIELD.status, filter: 'select', options: AVAILABILITY_STATES, sortField: FIELD.status, text: at(FIELD.status) },
  name: { id: 'name', label: 'Name', filterField: FIELD.name, filter: 'text', sortField: FIELD.name, text: at(FIELD.name) },
  machineSerial: {
    id: 'machineSerial',
    label: 'Machine serial',
    filterField: FIELD.machineSerial,
    filter: 'prefix',
    sortField: FIELD.machineSerial,
    text: at(FIELD.machineSerial),
  },
  machineModel: { id: 'machineModel', label: 'Machine model', filterField: FIELD.machineModel, filter: 'text', sortField: FIELD.machineModel, text: at(FIELD.machineModel) },
  registrationDate: {
    id: 'registrationDate',
    label: 'Registration date',
    filterField: FIELD.registrationDate,
    filter: 'date',
    sortField: FIELD.registrationDate,
    text: at(FIELD.registrationDate),
  },
  daysSinceLastMessage: {
    id: 'daysSinceLastMessage',
    label: 'Days since last message',
    filterField: FIELD.lastMessage,
    filter: 'date',
    sortField: FIELD.lastMessage,
    sortInverted: true,
    text: (d, now) => str(daysSince(readPath(d, FIELD.lastMessage), now)),
  },
  agentVersion: { id: 'agentVersion', label: 'Agent version', filterField: FIELD.agentVersion, filter: 'select', sortField: FIELD.agentVersion, text: at(FIELD.agentVersion) },
  imageVersion: { id: 'imageVersion', label: 'Image version', filterField: FIELD.imageVersion, filter: 'select', sortField: FIELD.imageVersion, text: at(FIELD.imageVersion) },
  machineControl: {
    id: 'machineControl',
    label: 'Machine control',
    filterField: FIELD.machineControl,
    filter: 'select',
    sortField: FIELD.machineControl,
    text: at(FIELD.machineControl),
  },
  pendingUpdates: {
    id: 'pendingUpdates',
    label: 'Pending updates',
    filterField: FIELD.pendingUpdates,
    filter: 'number',
    sortField: FIELD.pendingUpdates,
    text: at(FIELD.pendingUpdates),
  },
  failedInstallations: {
    id: 'failedInstallations',
    label: 'Failed installations',
    filterField: FIELD.failedInstallations,
    filter: 'number',
    sortField: FIELD.failedInstallations,
    text: at(FIELD.failedInstallations),
  },
  alarms: {
    id: 'alarms',
    label: 'Alarms',
    sortField: FIELD.alarmsCritical,
    text: (d) => {
      const c = alarmCounts(d);
      return ALARM_SEVERITIES.map((s) => `${s}:${c[s]}`).join(' ');
    },
  },
  group: { id: 'group', label: 'Group', filter: 'group', text: (d) => groupNames(d).join(', ') },
  customerName: { id: 'customerName', label: 'Customer name', filterField: FIELD.customerName, filter: 'select', sortField: FIELD.customerName, text: at(FIELD.customerName) },
  customerNumber: {
    id: 'customerNumber',
    label: 'Customer number',
    filterField: FIELD.customerNumber,
    filter: 'text',
    sortField: FIELD.customerNumber,
    text: at(FIELD.customerNumber),
  },
  model: { id: 'model', label: 'Model', filterField: FIELD.model, filter: 'select', sortField: FIELD.model, text: at(FIELD.model) },
};

/** Default columns of the non-admin list, in order (after the select column). */
export const DEFAULT_COLUMNS: readonly ColumnId[] = [
  'status',
  'name',
  'machineSerial',
  'machineModel',
  'registrationDate',
  'daysSinceLastMessage',
  'agentVersion',
  'imageVersion',
  'machineControl',
  'pendingUpdates',
  'failedInstallations',
  'alarms',
];

/** The admin list adds group and customer name (spec 6). */
export const ADMIN_COLUMNS: readonly ColumnId[] = [...DEFAULT_COLUMNS, 'group', 'customerName'];

/** Columns a user can add: customer number and model exist but are hidden by default. */
export const OPTIONAL_COLUMNS: readonly ColumnId[] = ['customerNumber', 'model'];

/** Every column a list may offer, in order, for the column configuration. */
export function availableColumns(admin: boolean): ColumnId[] {
  return [...(admin ? ADMIN_COLUMNS : DEFAULT_COLUMNS), ...OPTIONAL_COLUMNS];
}

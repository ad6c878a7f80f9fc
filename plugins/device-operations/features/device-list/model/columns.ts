/**
 * The device list's columns (spec 1, section 2): what each shows, where it reads, how it filters
 * and sorts on the server. The cells are the shared device cells (shared/ui/device-columns).
 */
import type { ManagedObject } from '@shared/platform/inventory';
import type { GridColumn } from '@shared/ui/data-grid-model';
import { AVAILABILITY_STATES, DEVICE_CELLS, FIELD, textAt as at } from '@shared/ui/device-columns';
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
  /** Paths ordering rows the sort field ties (same direction), e.g. major after critical alarms. */
  thenBy?: readonly string[];
  /** Ascending on the column is descending on the path (days since last message). */
  sortInverted?: boolean;
  /** Plain text of the value (CSV export, the filter's value picker). */
  text: (device: ManagedObject, now: number) => string;
  /** How the grid shows it, when not as `text` (shared with the dashboard's list). */
  show?: Pick<GridColumn<ManagedObject>, 'text' | 'cell' | 'cellWidth'>;
}

/** The grid's column of a list column: translated label, its cell, sort and filter buttons. */
export const gridColumn = (column: DeviceColumn, t: (key: string) => string): GridColumn<ManagedObject> => ({
  id: column.id,
  label: t(column.label),
  text: column.text,
  ...column.show,
  sortable: !!column.sortField,
  filterable: !!column.filter,
});

export const COLUMNS: Record<ColumnId, DeviceColumn> = {
  status: { id: 'status', label: 'Status', filterField: FIELD.status, filter: 'select', options: AVAILABILITY_STATES, sortField: FIELD.status, text: at(FIELD.status), show: DEVICE_CELLS.status },
  name: { id: 'name', label: 'Name', filterField: FIELD.name, filter: 'text', sortField: FIELD.name, text: at(FIELD.name), show: DEVICE_CELLS.name },
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
    show: DEVICE_CELLS.registrationDate,
  },
  daysSinceLastMessage: {
    id: 'daysSinceLastMessage',
    label: 'Days since last message',
    filterField: FIELD.lastMessage,
    filter: 'date',
    sortField: FIELD.lastMessage,
    sortInverted: true,
    text: DEVICE_CELLS.daysSinceLastMessage.text,
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
    // Most critical first, then by major, minor and warning counts (the badges from left to right).
    sortField: FIELD.alarmsCritical,
    thenBy: ['major', 'minor', 'warning'].map((s) => `${FIELD.alarms}.${s}`),
    text: DEVICE_CELLS.alarms.text,
    show: DEVICE_CELLS.alarms,
  },
  group: { id: 'group', label: 'Group', filter: 'group', text: DEVICE_CELLS.group.text, show: DEVICE_CELLS.group },
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

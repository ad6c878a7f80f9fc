/**
 * The device columns both device lists show (/views/<type> and /devicesFromDashboard): where a
 * device document holds each value, and how its cell reads (one status icon and label, one date
 * format, one name link, one set of alarm badges). The device list adds its filters and sort
 * paths to these.
 */
import { DAY_MS } from '../domain/constants';
import { formatDateTime } from '../domain/formats';
import type { ManagedObject } from '../platform/inventory';
import { msg } from '../plugin-api/i18n';
import { PRODUCT } from '../plugin-api/types';
import type { GridColumn } from './data-grid-model';
import { el } from './dom';
import { deviceHref } from './device-link';

/** Where each column reads its value (spec 1, section 3); the list filters and sorts on these paths. */
export const FIELD = {
  status: 'c8y_Availability.status',
  lastMessage: 'c8y_Availability.lastMessage',
  name: 'name',
  type: 'type',
  machineSerial: `${PRODUCT}_adamos_netbox_MachineSerialNumber`,
  machineModel: `${PRODUCT}_IoTconnector_Machine.model`,
  registrationDate: 'creationTime',
  agentVersion: 'c8y_Agent.version',
  imageVersion: `${PRODUCT}_adamos_netbox_Hardware.information`,
  machineControl: `${PRODUCT}_adamos_netbox_MachineControlType`,
  pendingUpdates: `${PRODUCT}_adamos_netbox_PendingUpdates`,
  failedInstallations: `${PRODUCT}_adamos_netbox_FailedInstallationCount`,
  alarms: 'c8y_ActiveAlarmsStatus',
  alarmsCritical: 'c8y_ActiveAlarmsStatus.critical',
  customerName: `${PRODUCT}_adamos_netbox_Customer.name`,
  customerNumber: `${PRODUCT}_adamos_netbox_Customer.number`,
  model: 'c8y_Hardware.model',
} as const;

/** Availability states (spec 1, section 4, device send connection). */
export const AVAILABILITY_STATES = ['AVAILABLE', 'UNAVAILABLE', 'NOT_MONITORED', 'UNKNOWN', 'MAINTENANCE'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

/** Reads a dotted path from a document; undefined when any step is missing. */
export function readPath(doc: Record<string, unknown>, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
/** The plain text at a path. */
export const textAt = (path: string) => (d: ManagedObject) => str(readPath(d, path));
/** A date at a path in the spec's format (HH:mm:ss dd.MM.yyyy, issue 19.22). */
export const dateAt = (path: string) => (d: ManagedObject) => formatDateTime(str(readPath(d, path)) || undefined);

/** Whole days between the last message and now; undefined when the device never sent one. */
export function daysSince(iso: unknown, now: number): number | undefined {
  if (typeof iso !== 'string') return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, Math.floor((now - t) / DAY_MS));
}

/**
 * A stored name as cell content, isolated from the text around it: a name with a bidirectional
 * override (U+202E) would otherwise turn the text after it (other names, the count) around. The
 * cells of the device lists put every user-supplied name through it.
 */
export const isolatedName = (name: string): HTMLElement => el('bdi', {}, name);
/** The same for a text attribute (a tooltip): first-strong isolate and pop directional isolate. */
const isolatedText = (name: string): string => `\u2068${name}\u2069`;

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

/**
 * Each availability state's icon, colour and label (the label is the icon's title and
 * screen-reader text). Icons of the platform's icon font: it has no "unknown" glyph, which left
 * not monitored devices without an icon.
 */
export const STATUS: Record<AvailabilityState, { icon: string; cls: string; label: string }> = {
  AVAILABLE: { icon: 'connected', cls: 'text-success', label: msg('Online') },
  UNAVAILABLE: { icon: 'disconnected', cls: 'text-danger', label: msg('Offline') },
  NOT_MONITORED: { icon: 'eye-slash', cls: 'text-muted', label: msg('Not monitored') },
  MAINTENANCE: { icon: 'wrench', cls: 'text-warning', label: msg('Maintenance') },
  UNKNOWN: { icon: 'question-circle', cls: 'text-muted', label: msg('Unknown') },
};

const availability = (d: ManagedObject): AvailabilityState => {
  const s = String(readPath(d, FIELD.status) ?? 'UNKNOWN');
  return (AVAILABILITY_STATES as readonly string[]).includes(s) ? (s as AvailabilityState) : 'UNKNOWN';
};

/** Tooltip texts of the alarm counters. */
const SEVERITY_LABELS: Record<(typeof ALARM_SEVERITIES)[number], string> = {
  critical: msg('Critical'),
  major: msg('Major'),
  minor: msg('Minor'),
  warning: msg('Warning'),
};

const ALARM_CLASS: Record<(typeof ALARM_SEVERITIES)[number], string> = {
  critical: 'badge badge-danger',
  major: 'badge badge-warning',
  minor: 'badge badge-info',
  warning: 'badge badge-default',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;
type DeviceCell = Pick<GridColumn<ManagedObject>, 'text' | 'cell' | 'cellWidth'>;

/** Width of the status icon and of four alarm badges, in px. */
const STATUS_CELL_PX = 20;
const ALARMS_CELL_PX = 4 * 30;

/**
 * The cells by column id: text (plain cells, CSV) or a rich cell. Columns the lists define
 * themselves (their labels, filters, sort) take their cell from here.
 */
export const DEVICE_CELLS = {
  status: {
    text: (d) => availability(d),
    cell: (d, t) => {
      const state = availability(d);
      const s = STATUS[state];
      return el('span', { title: t(s.label), 'data-status': state }, el('i', { class: `dlt-c8y-icon-${s.icon} ${s.cls}`, 'aria-hidden': 'true' }), ' ', el('span', { class: 'sr-only' }, t(s.label)));
    },
    cellWidth: STATUS_CELL_PX,
  },
  name: {
    text: (d) => d.name ?? d.id,
    cell: (d) => el('a', { href: deviceHref(d.id), title: d.name ?? '' }, isolatedName(d.name ?? d.id)),
  },
  alarms: {
    text: (d) => {
      const c = alarmCounts(d);
      return ALARM_SEVERITIES.map((s) => `${s}:${c[s]}`).join(' ');
    },
    cell: (d, t) => {
      const c = alarmCounts(d);
      const badges = ALARM_SEVERITIES.filter((s) => c[s] > 0).map((s) => el('span', { class: ALARM_CLASS[s], title: t(SEVERITY_LABELS[s]) }, String(c[s])));
      return el('span', { class: 'd-flex', style: 'gap: 2px' }, ...badges);
    },
    cellWidth: ALARMS_CELL_PX,
  },
  registrationDate: { text: dateAt(FIELD.registrationDate) },
  lastMessage: { text: dateAt(FIELD.lastMessage) },
  daysSinceLastMessage: { text: (d, now) => str(daysSince(readPath(d, FIELD.lastMessage), now)) },
  group: {
    text: (d) => groupNames(d).join(', '),
    // Each name isolated: one group's override turned the names after it around (the text stays for the CSV).
    cell: (d) => {
      const names = groupNames(d);
      return el('span', { title: names.map(isolatedText).join(', ') }, ...names.flatMap((n, i) => (i === 0 ? [isolatedName(n)] : [', ', isolatedName(n)])));
    },
  },
} satisfies Record<string, DeviceCell & { cell?: (d: ManagedObject, t: Translate) => HTMLElement }>;

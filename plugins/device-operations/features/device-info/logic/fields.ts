/** Reading the device fragments the Info tab shows (spec 3 "Device"). */
import { PRODUCT, type Device } from '@shared/plugin-api/types';
import { FRAGMENTS as FRAGMENT } from '@shared/platform/fragments';
import { sendStatus } from '@shared/domain/availability';
import { findTimezone } from '@shared/domain/timezones';
import { intervalInputError, parseInterval } from './interval';


export { FRAGMENT };
export const AZURE_DPS_TYPE = `${PRODUCT}_IoTconnector_azure_dps_config`;
export const RESPONSE_INTERVAL_MAINTENANCE = -1;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** The first non-empty string or number among the values, as text. */
export function text(...values: unknown[]): string {
  for (const v of values) {
    if (typeof v === 'string' && v.trim()) return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
}
/** Nested read: path('a.b.c'). */
export function at(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => obj(o)[k], source);
}

export interface Availability {
  send: string;
  push: string;
  maintenance: boolean;
  lastMessage: string;
  responseInterval: number;
}

export function availability(device: Device): Availability {
  const responseInterval = Number(at(device, 'c8y_RequiredAvailability.responseInterval') ?? 0) || 0;
  return {
    // Derived as the platform does: a negative interval is maintenance, none is not monitored,
    // whatever status the device last had (the platform's own update of it follows later).
    send: sendStatus(device),
    push: text(at(device, 'c8y_Connection.status'), 'UNKNOWN'),
    maintenance: responseInterval < 0,
    lastMessage: text(at(device, 'c8y_Availability.lastMessage')),
    responseInterval,
  };
}

/**
 * The maintenance switch toggles the sign of the required interval (the platform treats a
 * negative interval as maintenance); a device without interval goes to the platform's -1.
 */
export function toggledInterval(current: number, maintenance: boolean): number {
  const abs = Math.abs(current);
  if (maintenance) return abs === 0 ? RESPONSE_INTERVAL_MAINTENANCE : -abs;
  return abs;
}

export interface IoTconnectorInfo {
  hardwareModel: string;
  image: string;
  serial: string;
  machine: { serial: string; model: string; control: string; manufacturer: string };
  timezone: string;
  ipX1: string;
  ipX2: string;
  ipWifi: string;
  commissioningDate: string;
}

const ip = (v: unknown) => text(at(v, 'ip'), at(v, 'ipAddress'), at(v, 'address'), typeof v === 'string' ? v : undefined);

export function iotConnectorInfo(device: Device): IoTconnectorInfo {
  const info = obj(device[FRAGMENT.info]);
  const hw = obj(device[FRAGMENT.netboxHardware]);
  const ccm = obj(device[FRAGMENT.ccm]);
  const net = obj(ccm.network ?? ccm.networkConfiguration);
  const netbox = obj(ccm.netbox ?? ccm.netbox_info);
  return {
    hardwareModel: text(hw.model, info.model),
    image: text(hw.information, info.imageVersion),
    serial: text(info.serial, netbox.netbox_serial, at(device, 'c8y_Hardware.serialNumber')),
    machine: machineInfo(device),
    timezone: timezoneText(text(device[FRAGMENT.timezone])),
    ipX1: text(ip(at(info, 'networkInterfaces.EthernetX1')), ip(net.x1)),
    ipX2: text(ip(at(info, 'networkInterfaces.EthernetX2')), ip(net.x2)),
    ipWifi: text(ip(net.wifi), ip(at(info, 'networkInterfaces.Wifi'))),
    commissioningDate: text(info.commissioningDate, netbox.commissioning_timestamp),
  };
}

/**
 * The device's time zone as the Set timezone dialog names it ('(UTC+09:00) Seoul'), not its
 * stored '{name}#{windowsZone}'; a value of no listed zone is shown as stored.
 */
export const timezoneText = (stored: string): string => findTimezone(stored)?.label ?? stored;

/**
 * The machine the IoTconnector serves. The machine fragment, once there, is what counts (Reset
 * clears it to empty strings): falling back to the ccm's copy would show a reset machine as if
 * nothing had happened. Devices that never had the fragment show the ccm's machine.
 */
export function machineInfo(device: Device): IoTconnectorInfo['machine'] {
  const machine = device[FRAGMENT.machine];
  if (machine && typeof machine === 'object') {
    const m = obj(machine);
    return {
      serial: text(m.number, device[FRAGMENT.machineSerial]),
      model: text(m.model),
      control: text(m.controller, device[FRAGMENT.machineControl]),
      manufacturer: text(m.manufacturer),
    };
  }
  const ccmMachine = obj(obj(device[FRAGMENT.ccm]).machine);
  return {
    serial: text(device[FRAGMENT.machineSerial], ccmMachine.serial_number, ccmMachine.serial, ccmMachine.number),
    model: text(ccmMachine.model),
    control: text(device[FRAGMENT.machineControl], ccmMachine.controller, ccmMachine.control),
    manufacturer: text(ccmMachine.manufacturer),
  };
}

/** Whether there is machine information a Reset would clear. */
export const hasMachineInfo = (device: Device): boolean => Object.values(machineInfo(device)).some((v) => v !== '');

/** The save that resets machine data: machine, customer and serial fields cleared (spec 7). */
export function machineResetPatch(): Record<string, unknown> {
  return {
    [FRAGMENT.machine]: { number: '', model: '', controller: '', manufacturer: '' },
    [FRAGMENT.customer]: { name: '', number: '', regio: '' },
    [FRAGMENT.machineSerial]: '',
    [FRAGMENT.machineControl]: '',
  };
}

export const customer = (device: Device) => {
  const c = obj(device[FRAGMENT.customer]);
  return { name: text(c.name), number: text(c.number), regio: text(c.regio) };
};

export const MOBILE_FIELDS = [
  ['msisdn', 'MSISDN'],
  ['imsi', 'IMSI'],
  ['imei', 'IMEI'],
  ['iccid', 'ICCID'],
  ['currentOperator', 'Operator'],
  ['currentBand', 'Band'],
  ['connType', 'Access technology'],
  ['rssi', 'Signal strength'],
  ['ecn0', 'Signal quality'],
  ['rcsp', 'Received signal code power'],
  ['mcc', 'MCC'],
  ['mnc', 'MNC'],
  ['lac', 'LAC'],
  ['cellId', 'Cell ID'],
] as const;

/** The cell's position on OpenCelliD, when the cell is fully identified. */
export function locateLink(mobile: Obj): string | undefined {
  const [mcc, mnc, lac, cellId] = ['mcc', 'mnc', 'lac', 'cellId'].map((k) => text(mobile[k]));
  if (!mcc || !mnc || !lac || !cellId) return undefined;
  return `https://opencellid.org/#zoom=16&mcc=${encodeURIComponent(mcc)}&mnc=${encodeURIComponent(mnc)}&lac=${encodeURIComponent(lac)}&cell_id=${encodeURIComponent(cellId)}`;
}

/** The editable part of the Info tab. */
export interface InfoForm {
  notes: string;
  interval: string;
}
/**
 * The form after the device changed on the server (the page keeps it live): fields the user has
 * not edited take the new values, edited ones stay as typed.
 */
export function rebaseForm(form: InfoForm, before: InfoForm, after: InfoForm): InfoForm {
  return {
    notes: form.notes === before.notes ? after.notes : form.notes,
    interval: form.interval === before.interval ? after.interval : form.interval,
  };
}

/**
 * What Save changes writes: only the fields the user changed (the platform merges the fragments of
 * a managed object's update). Writing both would put back the other field as this tab read it,
 * undoing another user's change of it that had not reached this tab yet. The interval keeps the
 * device's maintenance sign; 0 in maintenance becomes the platform's maintenance value.
 */
export function formPatch(form: InfoForm, saved: InfoForm, maintenance: boolean): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (form.notes !== saved.notes) patch.c8y_Notes = form.notes;
  const interval = parseInterval(form.interval);
  if (interval !== parseInterval(saved.interval)) {
    patch.c8y_RequiredAvailability = { responseInterval: interval === 0 && maintenance ? toggledInterval(0, true) : (maintenance ? -1 : 1) * interval };
  }
  return patch;
}

/**
 * Whether leaving the tab would lose something typed: the form differs from the device as read,
 * or holds an interval that is no number (equal to 0 once parsed, but not what the user meant).
 */
export const formDirty = (form: InfoForm, saved: InfoForm): boolean =>
  Object.keys(formPatch(form, saved, false)).length > 0 || (form.interval !== saved.interval && !!intervalInputError(form.interval));

export const formOf = (device: Device): InfoForm => ({
  notes: text(device.c8y_Notes),
  interval: String(Math.abs(availability(device).responseInterval)),
});

/**
 * The agent version as the device reports it: c8y_Agent, else the AGENT package of the list.
 * (The Device Control feature reads it the same way; a shared/domain home would end the copy.)
 */
export function agentVersion(device: Device): string | undefined {
  const version = at(device, 'c8y_Agent.version');
  if (typeof version === 'string' && version) return version;
  const list = device[`${PRODUCT}_adamos_netbox_SoftwarePackageList`];
  if (!Array.isArray(list)) return undefined;
  const pkg = (list as { type?: string; version?: unknown }[]).find((p) => p?.type === 'AGENT');
  return typeof pkg?.version === 'string' ? pkg.version : undefined;
}

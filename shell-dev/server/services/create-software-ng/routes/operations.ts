import type { AddressInfo } from 'node:net';
import { DEFAULT_TIMEZONE, TIMEZONES, timezoneValue } from '@shared/domain/timezones';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ManagedObject, ServerCore } from '../../../core/api';
import { HttpError } from '../../../core/api';
import { isSoftwareMo, packageFromMo, type AssignablePackage, type AssignTarget } from '../assign';
import {
  DEVICE_TYPE_NETBOX,
  EXTERNAL_ID_TYPE,
  FRAGMENT_APPLIED_PROFILE,
  FRAGMENT_CUSTOMER,
  FRAGMENT_MACHINE,
  FRAGMENT_MACHINE_CONTROL,
  FRAGMENT_MACHINE_SERIAL,
  FRAGMENT_REPLACED_BY,
  FRAGMENT_REPLACES,
  FRAGMENT_TIMEZONE,
  FRAGMENT_UPDATE_STRATEGY,
  GROUP_FRAGMENT,
  JOB_RESPONSE_WAIT_MS,
  OP_REGISTER_PROFILE,
  OP_REGISTER_SOFTWARE,
  OP_SET_TIMEZONE,
  PROFILE_TYPE,
  ROLE_READ,
} from '../constants';
import { type Query, str as lastOf } from '../../../http/common';
import { serviceRoute } from '../../../http/schemas';
import { idList, notFound, scanAll, type ServiceContext } from '../helpers';
import type { JobSnapshot } from '../jobs';
import { isDevice, str } from '../model';
import { badRequest, validationError } from '../validation';
import { deviceIds, schemaError } from './schemas';

/** Fragments that describe the machine and customer, not the hardware: they move to the replacement. */
export const REPLACEMENT_MOVED_FRAGMENTS = [
  'c8y_Notes',
  'c8y_RequiredAvailability',
  FRAGMENT_CUSTOMER,
  FRAGMENT_MACHINE_SERIAL,
  FRAGMENT_MACHINE_CONTROL,
  FRAGMENT_MACHINE,
  FRAGMENT_TIMEZONE,
  FRAGMENT_APPLIED_PROFILE,
  FRAGMENT_UPDATE_STRATEGY,
];

const TIMEZONE_BODY = {
  type: 'object',
  required: ['devices', 'timezone'],
  properties: {
    devices: deviceIds('devices'),
    timezone: { type: 'string', pattern: '^[^#]+#[^#]+$', 'x-message': "timezone must read '{name}#{windowsZone}'." },
  },
};
/** The values the Set timezone dialog offers (device-operations.md §2): a device takes no other. */
const TIMEZONE_VALUES = new Set(TIMEZONES.map(timezoneValue));

const ASSIGNMENT_BODY = { type: 'object', required: ['devices'], properties: { devices: deviceIds('devices') } };
const DEVICE_LIST_BODY = { type: 'object', required: ['deviceList'], properties: { deviceList: deviceIds('deviceList') } };
const REPLACEMENT_QUERY = ['sourceExternalId', 'targetExternalId'].map((name) => ({
  name,
  required: true,
  schema: { type: 'string', 'x-message': 'sourceExternalId and targetExternalId are required.' },
}));

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A machine is attached when the device has a machine serial number (either fragment). */
export function hasMachine(d: ManagedObject): boolean {
  return hasValue(d[FRAGMENT_MACHINE_SERIAL]) || hasValue((d[FRAGMENT_MACHINE] as { number?: unknown } | undefined)?.number);
}

/**
 * Replacement targets: IoTconnectors that serve no machine yet, were not replaced themselves and
 * are not known to be offline (the new software has to be installed on them).
 */
export function isReplacementCandidate(d: ManagedObject): boolean {
  return (
    d.type === DEVICE_TYPE_NETBOX &&
    isDevice(d) &&
    !hasMachine(d) &&
    !hasValue(d[FRAGMENT_REPLACED_BY]) &&
    (d.c8y_Availability as { status?: unknown } | undefined)?.status !== 'UNAVAILABLE'
  );
}

function jobAnswer(s: JobSnapshot) {
  return { jobId: s.jobId, statusObjectId: s.statusObjectId, status: s.status, total: s.total, done: s.done, ...s.counters };
}

function assignTarget(core: ServerCore, body: Record<string, unknown>): AssignTarget {
  const sw = body[OP_REGISTER_SOFTWARE] as Record<string, unknown> | undefined;
  const prof = body[OP_REGISTER_PROFILE] as { deviceProfileId?: unknown } | undefined;
  if (!!sw === !!prof) throw badRequest(`Exactly one of ${OP_REGISTER_SOFTWARE} or ${OP_REGISTER_PROFILE} is required.`);
  if (sw) {
    const repoId = sw.repository_id;
    if (hasValue(repoId)) {
      const mo = core.inventory.get(String(repoId));
      if (!isSoftwareMo(mo)) throw notFound('Software package', String(repoId));
      return { kind: 'software', pkg: packageFromMo(mo) };
    }
    // No repository entry: the payload describes the package itself (the device type is not checked then).
    const name = str(sw.name);
    const version = str(sw.version);
    if (!name || !version) throw badRequest(`${OP_REGISTER_SOFTWARE} needs repository_id or name and version.`);
    const pkg: AssignablePackage = {
      id: '',
      name,
      version,
      url: str(sw.url),
      category: str(sw.category),
      installation_requires_approval: sw.installation_requires_approval === true,
      c8y_encryptionKey: sw.c8y_encryptionKey === true,
    };
    return { kind: 'software', pkg };
  }
  const profileId = prof?.deviceProfileId;
  if (!hasValue(profileId)) throw badRequest(`${OP_REGISTER_PROFILE}.deviceProfileId is required.`);
  const profile = core.inventory.get(String(profileId));
  if (!profile || profile.type !== PROFILE_TYPE) throw notFound('Device profile', String(profileId));
  const entries = ((profile.c8y_DeviceProfile as { software?: unknown } | undefined)?.software ?? []) as { id?: unknown; action?: unknown }[];
  const packages = entries
    .filter((e) => e.action === undefined || e.action === 'install')
    .map((e) => {
      const mo = core.inventory.get(String(e.id));
      if (!isSoftwareMo(mo)) throw validationError([`Software ${String(e.id)} of the profile no longer exists.`]);
      return packageFromMo(mo);
    });
  return { kind: 'profile', profile: { id: profile.id, name: String(profile.name ?? ''), deviceType: str(profile.deviceType) }, packages };
}

/**
 * Looks an external id up through the platform's identity API, as the real microservice does:
 * over HTTP to this server, with the caller's credentials.
 */
async function deviceByExternalId(app: FastifyInstance, req: FastifyRequest, type: string, externalId: string): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of ['authorization', 'cookie', 'x-xsrf-token']) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new HttpError(503, 'create-software-ng/unavailable', 'The identity API is not reachable.');
  const res = await fetch(`http://127.0.0.1:${address.port}/identity/externalIds/${encodeURIComponent(type)}/${encodeURIComponent(externalId)}`, { headers });
  if (res.status !== 200) throw notFound(`Device with external id ${type}`, externalId);
  const id = ((await res.json()) as { managedObject?: { id?: unknown } }).managedObject?.id;
  if (!hasValue(id)) throw notFound(`Device with external id ${type}`, externalId);
  return String(id);
}

function parentGroups(core: ServerCore, device: ManagedObject): string[] {
  const refs = ((device.assetParents as { references?: { managedObject?: { id?: unknown } }[] } | undefined)?.references ?? []).map((r) =>
    String(r.managedObject?.id ?? ''),
  );
  return refs.filter((id) => id !== '' && core.inventory.get(id)?.[GROUP_FRAGMENT] !== undefined);
}

export function registerOperationRoutes(app: FastifyInstance, { core, jobs }: ServiceContext): void {
  app.get('/getIotConnectorReplacmentlist', async (req) => {
    core.requireRole(req, ROLE_READ);
    const exclude = (req.query as { sourceDeviceId?: string }).sourceDeviceId;
    const deviceList = scanAll(core, { type: DEVICE_TYPE_NETBOX }).filter((d) => d.id !== exclude && isReplacementCandidate(d));
    return { deviceList };
  });

  app.post('/createTimezoneOperations', serviceRoute({ body: TIMEZONE_BODY, error: schemaError }), async (req) => {
    const body = req.body as { devices: unknown[]; timezone: string };
    const devices = idList(body.devices, 'devices');
    const timezone = body.timezone;
    if (!TIMEZONE_VALUES.has(timezone)) {
      throw badRequest(`timezone must be one of the ${TIMEZONES.length} time zones of the list, as '{name}#{windowsZone}' (e.g. '${timezoneValue(DEFAULT_TIMEZONE)}').`);
    }
    const noOfOperationsCreated = core.transaction(() => {
      let created = 0;
      let found = 0;
      for (const id of devices) {
        const d = core.inventory.get(id);
        if (!isDevice(d)) continue;
        found++;
        // Only IoTconnectors take a time zone (device-operations.md §2).
        if (d.type !== DEVICE_TYPE_NETBOX) continue;
        core.operations.create({ deviceId: id, description: `Set time zone to ${timezone.split('#')[0]}`, [OP_SET_TIMEZONE]: { timezone } });
        created++;
      }
      if (found === 0) throw new HttpError(404, 'create-software-ng/notFound', 'None of the devices exists.');
      return created;
    });
    return { noOfOperationsCreated, noOfDevices: devices.length };
  });

  app.post('/createSoftwareAssignment', serviceRoute({ body: ASSIGNMENT_BODY, error: schemaError }), async (req) => {
    const body = req.body as Record<string, unknown>;
    const devices = idList(body.devices, 'devices');
    const target = assignTarget(core, body);
    const snap = jobs.start('assign', { target, force: body.forceInstallation === true, description: str(body.description) }, devices);
    await jobs.wait(snap.jobId, JOB_RESPONSE_WAIT_MS);
    return jobAnswer(jobs.snapshot(snap.jobId));
  });

  app.put('/clearPendingAssignment/selectedDevices', serviceRoute({ body: DEVICE_LIST_BODY, error: schemaError }), async (req) => {
    const body = req.body as Record<string, unknown>;
    const devices = idList(body.deviceList, 'deviceList');
    const operationType = str(body.operationType) ?? OP_REGISTER_SOFTWARE;
    const snap = jobs.start('clearPending', { operationType }, devices);
    await jobs.wait(snap.jobId, JOB_RESPONSE_WAIT_MS);
    return jobAnswer(jobs.snapshot(snap.jobId));
  });

  app.put('/initialize', serviceRoute({ body: DEVICE_LIST_BODY, error: schemaError }), async (req) => {
    const devices = idList((req.body as { deviceList: unknown[] }).deviceList, 'deviceList');
    const snap = jobs.start('initialize', {}, devices);
    await jobs.wait(snap.jobId, JOB_RESPONSE_WAIT_MS);
    return jobAnswer(jobs.snapshot(snap.jobId));
  });

  app.put('/assignTargetDeviceToSourceDevice', serviceRoute({ query: REPLACEMENT_QUERY, error: schemaError }), async (req) => {
    const q = req.query as Query;
    // The last of a repeated parameter, as the schema read it.
    const type = lastOf(q, 'externalIdType') || EXTERNAL_ID_TYPE;
    const sourceId = await deviceByExternalId(app, req, type, lastOf(q, 'sourceExternalId')!);
    const targetId = await deviceByExternalId(app, req, type, lastOf(q, 'targetExternalId')!);
    if (sourceId === targetId) throw badRequest('Source and target are the same device.');
    return core.transaction(() => {
      const source = core.inventory.get(sourceId);
      const target = core.inventory.get(targetId);
      if (!isDevice(source)) throw notFound('Device', sourceId);
      if (!isDevice(target)) throw notFound('Device', targetId);
      // Only an IoTconnector is replaced (device-operations.md §1, the Device Control tab of IoTconnectors), and only once.
      if (source.type !== DEVICE_TYPE_NETBOX) {
        throw new HttpError(409, 'create-software-ng/notReplaceable', `Device ${source.name ?? sourceId} is no IoTconnector: only IoTconnectors are replaced.`);
      }
      const replacedBy = source[FRAGMENT_REPLACED_BY] as { name?: unknown; id?: unknown } | undefined;
      if (hasValue(replacedBy)) {
        throw new HttpError(409, 'create-software-ng/notReplaceable', `Device ${source.name ?? sourceId} was already replaced by ${String(replacedBy?.name ?? replacedBy?.id ?? 'another device')}.`);
      }
      if (!isReplacementCandidate(target)) {
        throw new HttpError(409, 'create-software-ng/notReplaceable', `Device ${target.name ?? targetId} cannot replace another IoTconnector.`);
      }
      const at = new Date(core.clock.now()).toISOString();
      const moved: Record<string, unknown> = { [FRAGMENT_REPLACES]: { id: sourceId, name: source.name ?? '', time: at } };
      const cleared: Record<string, unknown> = { [FRAGMENT_REPLACED_BY]: { id: targetId, name: target.name ?? '', time: at } };
      for (const f of REPLACEMENT_MOVED_FRAGMENTS) {
        if (source[f] === undefined) continue;
        moved[f] = source[f];
        cleared[f] = null;
      }
      const targetGroups = new Set(parentGroups(core, target));
      for (const g of parentGroups(core, source)) {
        if (!targetGroups.has(g)) core.inventory.addChild(g, 'childAssets', targetId);
        core.inventory.removeChild(g, 'childAssets', sourceId);
      }
      const updatedTarget = core.inventory.update(targetId, moved);
      core.inventory.update(sourceId, cleared);
      return { source: { id: sourceId }, target: updatedTarget, movedFragments: Object.keys(moved).filter((f) => f !== FRAGMENT_REPLACES) };
    });
  });
}

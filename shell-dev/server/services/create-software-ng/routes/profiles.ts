import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ManagedObject, ServerCore } from '../../../core/api';
import { GROUP_FRAGMENT, PROFILE_TYPE, ROLE_READ, SERVICE_PREFIX, SOFTWARE_DEVICE_TYPES } from '../constants';
import { bodyOf, notFound, scanAll, type ServiceContext } from '../helpers';
import { str } from '../model';
import { serviceRoute } from '../../../http/schemas';
import { isSoftwareMo } from '../assign';
import { badRequest, ChoicesGoneError, validationError, type GoneChoice } from '../validation';
import { schemaError } from './schemas';
import { allPackages, dependencyNodes } from './software';
import { namesInTwoVersions } from '@shared/domain/software-package';

export type ProfileErrorCode =
  | 'NAME_NOT_UNIQUE'
  | 'DEFAULT_PROFILE_ALREADY_AVAILABLE'
  | 'DEVICE_GROUP_NOT_EXISTS'
  | 'GROUP_ALREADY_ASSIGNED_TO_PROFILE';

export const PROFILE_ERROR_MESSAGES: Record<ProfileErrorCode, string> = {
  NAME_NOT_UNIQUE: 'Device profile name is not unique.',
  DEFAULT_PROFILE_ALREADY_AVAILABLE: 'Default profile already available. A device group is required.',
  DEVICE_GROUP_NOT_EXISTS: 'Device group does not exist.',
  GROUP_ALREADY_ASSIGNED_TO_PROFILE: 'Group already assigned to profile.',
};

export interface Restrictions {
  alreadyUsedProfileNames: string[];
  alreadyAssignedGroups: string[];
  deviceTypeWithDefaultProfile: string[];
}

const groupOf = (p: ManagedObject): string | null => (p.deviceGroup === null || p.deviceGroup === undefined || p.deviceGroup === '' ? null : String(p.deviceGroup));

export function restrictions(profiles: ManagedObject[], excluded: Set<string>): Restrictions {
  const others = profiles.filter((p) => !excluded.has(p.id));
  return {
    alreadyUsedProfileNames: [...new Set(others.map((p) => String(p.name ?? '')))],
    alreadyAssignedGroups: [...new Set(others.map(groupOf).filter((g): g is string => g !== null))],
    deviceTypeWithDefaultProfile: [...new Set(others.filter((p) => groupOf(p) === null).map((p) => String(p.deviceType ?? '')))],
  };
}

interface ProfileInput {
  name: string;
  deviceType: string;
  deviceGroup: string | null;
}

/** Business rules shared by create and update (dashboards §5); names and types compare case-insensitively. */
function ruleErrors(core: ServerCore, input: ProfileInput, profiles: ManagedObject[], selfId: string | null): ProfileErrorCode[] {
  const r = restrictions(profiles, new Set(selfId ? [selfId] : []));
  const errors: ProfileErrorCode[] = [];
  const lower = (s: string) => s.toLowerCase();
  if (r.alreadyUsedProfileNames.some((n) => lower(n) === lower(input.name))) errors.push('NAME_NOT_UNIQUE');
  if (input.deviceGroup === null) {
    if (r.deviceTypeWithDefaultProfile.some((t) => lower(t) === lower(input.deviceType))) errors.push('DEFAULT_PROFILE_ALREADY_AVAILABLE');
  } else {
    const group = core.inventory.get(input.deviceGroup);
    if (!group || group[GROUP_FRAGMENT] === undefined) errors.push('DEVICE_GROUP_NOT_EXISTS');
    else if (r.alreadyAssignedGroups.includes(input.deviceGroup)) errors.push('GROUP_ALREADY_ASSIGNED_TO_PROFILE');
  }
  return errors;
}

function parseInput(body: Record<string, unknown>, current?: ManagedObject): ProfileInput {
  const name = str(body.name) ?? (current ? str(current.name) : undefined);
  const deviceType = str(body.deviceType) ?? (current ? str(current.deviceType) : undefined);
  if (!name || !name.trim()) throw badRequest('name is required.');
  if (!deviceType) throw badRequest('deviceType is required.');
  if (!(SOFTWARE_DEVICE_TYPES as readonly string[]).includes(deviceType)) throw badRequest(`deviceType must be one of ${SOFTWARE_DEVICE_TYPES.join(', ')}.`);
  const raw = 'deviceGroup' in body ? body.deviceGroup : current?.deviceGroup;
  // A group's id, or none (the device type's default): `[1]` was read as group 1, `{}` as '[object Object]'.
  if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') throw badRequest('deviceGroup must be a group id or null.');
  const deviceGroup = raw === null || raw === undefined || raw === '' ? null : String(raw);
  return { name: name.trim(), deviceType, deviceGroup };
}

const PROFILE_SOFTWARE = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'version'],
    properties: { id: { type: ['string', 'number'] }, name: { type: 'string', minLength: 1 }, version: { type: 'string', minLength: 1 } },
    'x-message': 'Each profile software needs id, name and version.',
  },
  'x-message': 'c8y_DeviceProfile.software must be a list.',
};

/**
 * A profile's fields (dashboards §5) where the body has them; on an update, the stored profile
 * gives the others (parseInput). A c8y_DeviceProfile that is no object is ignored, as always.
 */
function profileBody(required: string[]) {
  return {
    type: 'object',
    required,
    properties: {
      name: { type: 'string', pattern: '\\S', 'x-message': 'name is required.' },
      deviceType: {
        type: 'string',
        enum: [...SOFTWARE_DEVICE_TYPES],
        'x-message': { required: 'deviceType is required.', default: `deviceType must be one of ${SOFTWARE_DEVICE_TYPES.join(', ')}.` },
      },
      c8y_DeviceProfile: { properties: { software: PROFILE_SOFTWARE } },
    },
  };
}
const CREATE_PROFILE = profileBody(['name', 'deviceType']);
const UPDATE_PROFILE = profileBody([]);

/** The route's schema checked the entries. */
function parseSoftware(v: Array<Record<string, unknown>>): Record<string, unknown>[] {
  return v.map((e) => ({ id: String(e.id), name: e.name, version: e.version, url: str(e.url) ?? '', action: str(e.action) ?? 'install' }));
}

/**
 * Software added to a profile (entries the stored profile does not hold yet) must be a package of
 * the repository for the profile's device type, named as the repository names it, and at most one
 * version per name (the selection dialog locks names already assigned, dashboards §2, §4); else 422
 * before anything is written. Entries already held pass as they are: their package may have been
 * deleted since, and the user must still be able to save the profile without them.
 */
function checkAddedSoftware(core: ServerCore, software: Record<string, unknown>[], deviceType: string, stored: unknown): void {
  const held = new Set(((stored as { software?: { id?: unknown }[] } | undefined)?.software ?? []).map((e) => String(e?.id)));
  const problems: string[] = [];
  // Chosen from the list the dialog read, deleted by another user since: said apart, with names.
  const gone: GoneChoice[] = [];
  const names = new Map<string, number>();
  for (const e of software) names.set(String(e.name), (names.get(String(e.name)) ?? 0) + 1);
  for (const e of software) {
    const label = `${String(e.name)} ${String(e.version)}`;
    if (names.get(String(e.name))! > 1) problems.push(`Software ${String(e.name)} can be in a profile in one version only.`);
    if (held.has(String(e.id))) continue;
    const pkg = core.inventory.get(String(e.id));
    if (!pkg) gone.push({ id: String(e.id), name: String(e.name), version: String(e.version) });
    else if (!isSoftwareMo(pkg)) problems.push(`Software ${String(e.id)} (${label}) is not a package of the software repository.`);
    else if (pkg.deviceType !== deviceType) problems.push(`Software ${label} is for ${String(pkg.deviceType)}, not for ${deviceType}.`);
    else if (pkg.name !== e.name || pkg.version !== e.version) problems.push(`Software ${String(e.id)} is ${String(pkg.name)} ${String(pkg.version)}, not ${label}.`);
  }
  if (gone.length > 0) throw new ChoicesGoneError(gone);
  // Added software must not need, further down its dependencies, another version of a name the
  // profile needs (a device holds one version of a name): the selection dialog does not offer it.
  if (problems.length === 0 && software.some((e) => !held.has(String(e.id)))) {
    const twice = namesInTwoVersions(dependencyNodes(allPackages(core)), software.map((e) => String(e.id)));
    if (twice.length > 0) problems.push(`The profile's software with its dependencies would need ${twice.join(' and ')}; a device holds one version of a name.`);
  }
  if (problems.length > 0) throw validationError([...new Set(problems)]);
}

/** The software a stored profile holds. */
const storedSoftware = (p: ManagedObject): Array<Record<string, unknown>> => {
  const list = (p.c8y_DeviceProfile as { software?: unknown } | undefined)?.software;
  return Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
};

type ProfileBody = Record<string, unknown> & { c8y_DeviceProfile?: { software?: Array<Record<string, unknown>> } };
const softwareOf = (body: ProfileBody) => (body.c8y_DeviceProfile && typeof body.c8y_DeviceProfile === 'object' ? parseSoftware(body.c8y_DeviceProfile.software ?? []) : undefined);

function sendErrors(reply: FastifyReply, errors: ProfileErrorCode[]) {
  return reply.code(422).send({
    error: 'create-software-ng/profileValidation',
    message: errors.map((c) => PROFILE_ERROR_MESSAGES[c]).join(' '),
    info: SERVICE_PREFIX,
    ok: null,
    errors,
  });
}

export function registerProfileRoutes(app: FastifyInstance, { core }: ServiceContext): void {
  const profiles = () => scanAll(core, { type: PROFILE_TYPE });
  const getProfile = (id: string) => {
    const p = core.inventory.get(id);
    if (!p || p.type !== PROFILE_TYPE) throw notFound('Device profile', id);
    return p;
  };
  const now = () => new Date(core.clock.now()).toISOString();
  const excludedOf = (q: unknown): Set<string> => {
    const raw = (q as { excludedIds?: string | string[] }).excludedIds;
    const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
    return new Set(list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));
  };

  app.get('/deviceProfile', async (req) => {
    core.requireRole(req, ROLE_READ);
    return profiles().sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')));
  });

  app.get('/deviceProfile/restrictions', async (req) => {
    core.requireRole(req, ROLE_READ);
    return restrictions(profiles(), excludedOf(req.query));
  });

  app.get('/deviceProfile/restrictions/:id', async (req) => {
    core.requireRole(req, ROLE_READ);
    const excluded = excludedOf(req.query);
    excluded.add((req.params as { id: string }).id);
    return restrictions(profiles(), excluded);
  });

  app.get('/deviceProfile/:id', async (req) => {
    core.requireRole(req, ROLE_READ);
    return getProfile((req.params as { id: string }).id);
  });

  app.post('/deviceProfile', serviceRoute({ body: CREATE_PROFILE, error: schemaError }), async (req, reply) => {
    const body = req.body as ProfileBody;
    const input = parseInput(body);
    const software = softwareOf(body) ?? [];
    const result = core.transaction(() => {
      checkAddedSoftware(core, software, input.deviceType, undefined);
      const errors = ruleErrors(core, input, profiles(), null);
      if (errors.length > 0) return errors;
      return core.inventory.create({
        type: PROFILE_TYPE,
        ...input,
        c8y_Filter: { type: input.deviceType },
        c8y_DeviceProfile: { software },
        lastUpdatedDateTime: now(),
      });
    });
    if (Array.isArray(result)) return sendErrors(reply, result);
    return reply.code(201).send({ ok: result, errors: [] });
  });

  app.put('/deviceProfile/:id', serviceRoute({ body: UPDATE_PROFILE, error: schemaError }), async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const body = req.body as ProfileBody;
    const software = softwareOf(body);
    const result = core.transaction(() => {
      const current = getProfile(id);
      const input = parseInput(body, current);
      // A new device type takes the profile's software only where it is that type's too (else its
      // devices would get another type's software): every entry is checked, held ones too.
      const typeChanged = input.deviceType !== current.deviceType;
      const kept = software ?? (typeChanged ? parseSoftware(storedSoftware(current)) : undefined);
      if (kept) checkAddedSoftware(core, kept, input.deviceType, typeChanged ? undefined : current.c8y_DeviceProfile);
      const errors = ruleErrors(core, input, profiles(), id);
      if (errors.length > 0) return errors;
      return core.inventory.update(id, {
        ...input,
        c8y_Filter: { type: input.deviceType },
        ...(software ? { c8y_DeviceProfile: { software } } : {}),
        lastUpdatedDateTime: now(),
      });
    });
    if (Array.isArray(result)) return sendErrors(reply, result);
    return { ok: result, errors: [] };
  });

  app.delete('/deviceProfile/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    core.transaction(() => {
      getProfile(id);
      core.inventory.remove(id);
    });
    return reply.code(204).send();
  });

  /**
   * The copy keeps the source's device type and software. Its name and group come from the body
   * when given ({name?, deviceGroup?}); otherwise a free "<name> (copy)" and no group. The rules
   * of a create apply, so a copy never becomes a second default of its type (spec 2: one default
   * per device type): without a group where the type has a default it is refused with
   * DEFAULT_PROFILE_ALREADY_AVAILABLE, as a create would be.
   */
  app.post('/deviceProfile/:id/duplicate', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const body = req.body === undefined || req.body === null ? {} : bodyOf(req);
    const result = core.transaction(() => {
      const src = getProfile(id);
      const all = profiles();
      let name = str(body.name)?.trim();
      if (!name) {
        const used = new Set(all.map((p) => String(p.name ?? '').toLowerCase()));
        const base = `${String(src.name ?? '')} (copy)`;
        name = base;
        for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
      }
      const input = parseInput({ name, deviceType: src.deviceType, deviceGroup: 'deviceGroup' in body ? body.deviceGroup : null });
      const errors = ruleErrors(core, input, all, null);
      if (errors.length > 0) return errors;
      return core.inventory.create({
        type: PROFILE_TYPE,
        ...input,
        c8y_Filter: { type: input.deviceType },
        c8y_DeviceProfile: src.c8y_DeviceProfile ?? { software: [] },
        lastUpdatedDateTime: now(),
      });
    });
    if (Array.isArray(result)) return sendErrors(reply, result);
    return reply.code(201).send(result);
  });
}

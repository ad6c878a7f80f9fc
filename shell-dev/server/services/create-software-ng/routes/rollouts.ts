import type { FastifyInstance } from 'fastify';
import { isSoftwareMo } from '../assign';
import {
  ROLLOUT_BATCH_GAP_MAX,
  ROLLOUT_BATCH_GAP_MIN,
  ROLLOUT_BATCH_SIZE_MAX,
  ROLLOUT_BATCH_SIZE_MIN,
  ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  ROLLOUT_DEFAULT_BATCH_SIZE,
  ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS,
  ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT,
  ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT,
  ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS,
  ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS,
  ROLLOUT_PAUSE_LIMIT_MAX,
  ROLLOUT_PAUSE_LIMIT_MIN,
  ROLLOUT_TYPE,
  ROLE_READ,
} from '../constants';
import { maxCurrentPage, type Query, readRole, str } from '../../../http/common';
import { serviceRoute } from '../../../http/schemas';
import { idList, notFound, type ServiceContext } from '../helpers';
import { countersFrom, deviceIdsOf, type RolloutParameters } from '../rollout-engine';
import { reasonCodeOf, REASONS } from '../reasons';
import { noStateCounts, type RolloutDeviceState } from '../store';
import { badRequest, validationError } from '../validation';
import { deviceIds } from './schemas';

/** A whole number in a range, failing with the spec's words for it. */
const intIn = (name: string, min: number, max: number) => ({ type: 'integer', minimum: min, maximum: max, 'x-message': `${name} must be an integer from ${min} to ${max}.` });

/**
 * The rollout a console creates (device-operations.md §5, §9; the OAS has no description of the
 * microservice): devices, the software, and parameters in the spec's ranges plus the engine's own
 * two (issue 20): operationTimeoutSeconds and the optional errorThresholdPercent (absent or null:
 * none).
 */
export const CREATE_ROLLOUT_SCHEMA = {
  type: 'object',
  required: ['devices', 'softwareId'],
  properties: {
    devices: deviceIds('devices'),
    softwareId: { type: ['string', 'number'], 'x-message': 'softwareId is required.' },
    rolloutParameters: {
      type: ['object', 'null'],
      'x-message': 'rolloutParameters must be an object.',
      properties: {
        batchSize: intIn('batchSize', ROLLOUT_BATCH_SIZE_MIN, ROLLOUT_BATCH_SIZE_MAX),
        batchGapSeconds: intIn('batchGapSeconds', ROLLOUT_BATCH_GAP_MIN, ROLLOUT_BATCH_GAP_MAX),
        automaticPauseLimits: {
          type: 'array',
          items: { type: 'integer', minimum: ROLLOUT_PAUSE_LIMIT_MIN, maximum: ROLLOUT_PAUSE_LIMIT_MAX },
          'x-message': `automaticPauseLimits must be integers from ${ROLLOUT_PAUSE_LIMIT_MIN} to ${ROLLOUT_PAUSE_LIMIT_MAX}.`,
        },
        operationTimeoutSeconds: intIn('operationTimeoutSeconds', ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS, ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS),
        errorThresholdPercent: { ...intIn('errorThresholdPercent', ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT, ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT), type: ['integer', 'null'] },
      },
    },
  },
};

/** Parameters outside their ranges are invalid data (422), anything else a bad request (400), as before. */
const rolloutError = (message: string, field: string) => (field.startsWith('rolloutParameters.') ? validationError([message]) : badRequest(message));

/** Rollout parameters with the spec's defaults (the route's schema checked their ranges). */
export function rolloutParameters(raw: Record<string, unknown> | null | undefined): RolloutParameters {
  const p = raw ?? {};
  const threshold = (p.errorThresholdPercent ?? null) as number | null;
  return {
    batchSize: (p.batchSize ?? ROLLOUT_DEFAULT_BATCH_SIZE) as number,
    batchGapSeconds: (p.batchGapSeconds ?? ROLLOUT_DEFAULT_BATCH_GAP_SECONDS) as number,
    automaticPauseLimits: [...new Set((p.automaticPauseLimits ?? []) as number[])].sort((a, b) => a - b),
    operationTimeoutSeconds: (p.operationTimeoutSeconds ?? ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS) as number,
    ...(threshold !== null ? { errorThresholdPercent: threshold } : {}),
  };
}

const DEVICES_PAGE_SIZE = 20;
const DEVICES_PAGE_SIZE_MAX = 100;
/** The result names the console sees (the two waiting states are one: 'waiting'). */
const RESULT_OF: Record<RolloutDeviceState, string> = {
  pending: 'pending',
  waitingNew: 'waiting',
  waitingUpdated: 'waiting',
  success: 'success',
  updated: 'updated',
  upToDate: 'upToDate',
  failed: 'failed',
  disabled: 'disabled',
  cancelled: 'cancelled',
};
const RESULT_FILTERS: Record<string, RolloutDeviceState[]> = {
  pending: ['pending'],
  waiting: ['waitingNew', 'waitingUpdated'],
  success: ['success'],
  updated: ['updated'],
  upToDate: ['upToDate'],
  failed: ['failed'],
  disabled: ['disabled'],
  cancelled: ['cancelled'],
  processed: ['success', 'updated', 'upToDate', 'failed', 'disabled'],
};

/** The devices list's query (the route's schema reads it as the OAS routes' queries are read). */
const DEVICES_QUERY = [
  { name: 'pageSize', schema: { type: 'integer', minimum: 1, maximum: DEVICES_PAGE_SIZE_MAX, 'x-message': `pageSize must be an integer from 1 to ${DEVICES_PAGE_SIZE_MAX}.` } },
  {
    name: 'currentPage',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: maxCurrentPage(DEVICES_PAGE_SIZE_MAX),
      'x-message': `currentPage must be an integer from 1 to ${maxCurrentPage(DEVICES_PAGE_SIZE_MAX)}.`,
    },
  },
  { name: 'result', schema: { type: 'string', enum: Object.keys(RESULT_FILTERS), 'x-message': `result must be one of ${Object.keys(RESULT_FILTERS).join(', ')}.` } },
];

export function registerRolloutRoutes(app: FastifyInstance, { core, engine, store }: ServiceContext): void {
  app.post('/createSoftwareRollout', serviceRoute({ body: CREATE_ROLLOUT_SCHEMA, error: rolloutError }), async (req, reply) => {
    const body = req.body as { devices: unknown[]; softwareId: string | number; name?: unknown; forceInstallation?: unknown; rolloutParameters?: Record<string, unknown> | null };
    const devices = idList(body.devices, 'devices');
    const softwareId = body.softwareId;
    const rolloutParams = rolloutParameters(body.rolloutParameters);
    const software = core.inventory.get(String(softwareId));
    if (!isSoftwareMo(software)) throw notFound('Software package', String(softwareId));
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : `${software.name} ${software.version}`;
    const mo = core.inventory.create({
      type: ROLLOUT_TYPE,
      name,
      software: { id: software.id, name: software.name, version: software.version },
      status: 'CREATED',
      counters: countersFrom(noStateCounts(), devices.length),
      rolloutParameters: rolloutParams,
      devices,
      forceInstallation: body.forceInstallation === true,
      finishedTime: null,
    });
    return reply.code(201).send(mo);
  });

  app.put('/updateSoftwareRolloutStatus/:id/:status', async (req) => {
    const { id, status } = req.params as { id: string; status: string };
    return engine.changeStatus(id, status, core.user(req).userName);
  });

  /**
   * The devices of a rollout with each one's result and failure reason, in rollout order
   * (the card's counters open this). `result` filters: a state, or 'waiting' for both waiting states.
   * failureReason is the English text; failureReasonCode and failureReasonParams say an engine
   * reason in words the console translates (null for a device's own text).
   */
  app.get('/softwareRollout/:id/devices', { ...readRole(core, ROLE_READ), ...serviceRoute({ query: DEVICES_QUERY, error: (m) => badRequest(m) }) }, async (req) => {
    const { id } = req.params as { id: string };
    const q = req.query as Query;
    const mo = core.inventory.get(id);
    if (!mo || mo.type !== ROLLOUT_TYPE) throw notFound('Software rollout', id);
    // The last of a repeated parameter, as the schema read it.
    const pageSize = Number(str(q, 'pageSize') || DEVICES_PAGE_SIZE);
    const currentPage = Number(str(q, 'currentPage') || 1);
    const result = str(q, 'result');
    const states = result ? RESULT_FILTERS[result] : null;
    const offset = (currentPage - 1) * pageSize;
    let rows: { deviceId: string; state: RolloutDeviceState; reason: string | null; reasonCode?: string | null; reasonParams?: string | null; opId: string | null }[];
    let total: number;
    if (store.hasDevices(id)) {
      ({ rows, total } = store.devicesPage(id, states, pageSize, offset));
    } else {
      // Never started: every device is still to be sent, or got nothing when the rollout was cancelled.
      const cancelled = mo.status === 'CANCELLED';
      const state: RolloutDeviceState = cancelled ? 'cancelled' : 'pending';
      const all = states && !states.includes(state) ? [] : deviceIdsOf(mo);
      total = all.length;
      const reason = cancelled ? REASONS.cancelledNotSent() : null;
      rows = all.slice(offset, offset + pageSize).map((deviceId) => ({ deviceId, state, reason: reason?.text ?? null, reasonCode: reason?.code ?? null, opId: null }));
    }
    return {
      devices: rows.map((r) => {
        const device = core.inventory.get(r.deviceId);
        // The engine's reasons also as a code with values (the console translates them); a device's own text has none.
        const { code, params } = reasonCodeOf(r);
        return { id: r.deviceId, name: device?.name ?? null, result: RESULT_OF[r.state], failureReason: r.reason, failureReasonCode: code, failureReasonParams: params, operationId: r.opId };
      }),
      statistics: { currentPage, pageSize, totalElements: total },
    };
  });
}

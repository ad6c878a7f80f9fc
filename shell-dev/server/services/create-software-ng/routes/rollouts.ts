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
  REASON_NOT_SENT,
  ROLLOUT_TYPE,
  ROLE_READ,
} from '../constants';
import { bodyOf, idList, notFound, type ServiceContext } from '../helpers';
import { countersFrom, deviceIdsOf, type RolloutParameters } from '../rollout-engine';
import type { RolloutDeviceState } from '../store';
import { badRequest, validationError } from '../validation';

const isIntIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Rollout parameters with the spec's defaults and ranges (device-operations.md §5, §9), and the
 * engine's own two (issue 20): operationTimeoutSeconds (default one hour) and the optional
 * errorThresholdPercent (absent or null: none).
 */
export function rolloutParameters(raw: unknown): RolloutParameters {
  const p = (raw ?? {}) as Record<string, unknown>;
  const batchSize = p.batchSize ?? ROLLOUT_DEFAULT_BATCH_SIZE;
  const batchGapSeconds = p.batchGapSeconds ?? ROLLOUT_DEFAULT_BATCH_GAP_SECONDS;
  const limits = p.automaticPauseLimits ?? [];
  const timeout = p.operationTimeoutSeconds ?? ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS;
  const threshold = p.errorThresholdPercent ?? null;
  const problems: string[] = [];
  if (!isIntIn(batchSize, ROLLOUT_BATCH_SIZE_MIN, ROLLOUT_BATCH_SIZE_MAX)) problems.push(`batchSize must be an integer from ${ROLLOUT_BATCH_SIZE_MIN} to ${ROLLOUT_BATCH_SIZE_MAX}.`);
  if (!isIntIn(batchGapSeconds, ROLLOUT_BATCH_GAP_MIN, ROLLOUT_BATCH_GAP_MAX)) problems.push(`batchGapSeconds must be an integer from ${ROLLOUT_BATCH_GAP_MIN} to ${ROLLOUT_BATCH_GAP_MAX}.`);
  if (!Array.isArray(limits) || !limits.every((l) => isIntIn(l, ROLLOUT_PAUSE_LIMIT_MIN, ROLLOUT_PAUSE_LIMIT_MAX))) {
    problems.push(`automaticPauseLimits must be integers from ${ROLLOUT_PAUSE_LIMIT_MIN} to ${ROLLOUT_PAUSE_LIMIT_MAX}.`);
  }
  if (!isIntIn(timeout, ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS, ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS)) {
    problems.push(`operationTimeoutSeconds must be an integer from ${ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS} to ${ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS}.`);
  }
  if (threshold !== null && !isIntIn(threshold, ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT, ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT)) {
    problems.push(`errorThresholdPercent must be an integer from ${ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT} to ${ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT}.`);
  }
  if (problems.length > 0) throw validationError(problems);
  return {
    batchSize: batchSize as number,
    batchGapSeconds: batchGapSeconds as number,
    automaticPauseLimits: [...new Set(limits as number[])].sort((a, b) => a - b),
    operationTimeoutSeconds: timeout as number,
    ...(threshold !== null ? { errorThresholdPercent: threshold as number } : {}),
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

export function registerRolloutRoutes(app: FastifyInstance, { core, engine, store }: ServiceContext): void {
  app.post('/createSoftwareRollout', async (req, reply) => {
    const body = bodyOf(req);
    const devices = idList(body.devices, 'devices');
    const softwareId = body.softwareId;
    if (typeof softwareId !== 'string' && typeof softwareId !== 'number') throw badRequest('softwareId is required.');
    const rolloutParams = rolloutParameters(body.rolloutParameters);
    const software = core.inventory.get(String(softwareId));
    if (!isSoftwareMo(software)) throw notFound('Software package', String(softwareId));
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : `${software.name} ${software.version}`;
    const zero = { pending: 0, waitingNew: 0, waitingUpdated: 0, success: 0, updated: 0, upToDate: 0, failed: 0, disabled: 0, cancelled: 0 };
    const mo = core.inventory.create({
      type: ROLLOUT_TYPE,
      name,
      software: { id: software.id, name: software.name, version: software.version },
      status: 'CREATED',
      counters: countersFrom(zero, devices.length),
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
   */
  app.get('/softwareRollout/:id/devices', async (req) => {
    core.requireRole(req, ROLE_READ);
    const { id } = req.params as { id: string };
    const q = req.query as Record<string, string | undefined>;
    const mo = core.inventory.get(id);
    if (!mo || mo.type !== ROLLOUT_TYPE) throw notFound('Software rollout', id);
    const pageSize = q.pageSize === undefined ? DEVICES_PAGE_SIZE : Number(q.pageSize);
    const currentPage = q.currentPage === undefined ? 1 : Number(q.currentPage);
    if (!isIntIn(pageSize, 1, DEVICES_PAGE_SIZE_MAX)) throw badRequest(`pageSize must be an integer from 1 to ${DEVICES_PAGE_SIZE_MAX}.`);
    if (!isIntIn(currentPage, 1, Number.MAX_SAFE_INTEGER)) throw badRequest('currentPage must be a positive integer.');
    let states: RolloutDeviceState[] | null = null;
    if (q.result !== undefined) {
      states = RESULT_FILTERS[q.result] ?? null;
      if (!states) throw badRequest(`result must be one of ${Object.keys(RESULT_FILTERS).join(', ')}.`);
    }
    const offset = (currentPage - 1) * pageSize;
    let rows: { deviceId: string; state: RolloutDeviceState; reason: string | null; opId: string | null }[];
    let total: number;
    if (store.hasDevices(id)) {
      ({ rows, total } = store.devicesPage(id, states, pageSize, offset));
    } else {
      // Never started: every device is still to be sent, or got nothing when the rollout was cancelled.
      const cancelled = mo.status === 'CANCELLED';
      const state: RolloutDeviceState = cancelled ? 'cancelled' : 'pending';
      const all = states && !states.includes(state) ? [] : deviceIdsOf(mo);
      total = all.length;
      rows = all.slice(offset, offset + pageSize).map((deviceId) => ({ deviceId, state, reason: cancelled ? REASON_NOT_SENT : null, opId: null }));
    }
    return {
      devices: rows.map((r) => {
        const device = core.inventory.get(r.deviceId);
        return { id: r.deviceId, name: device?.name ?? null, result: RESULT_OF[r.state], failureReason: r.reason, operationId: r.opId };
      }),
      statistics: { currentPage, pageSize, totalElements: total },
    };
  });
}

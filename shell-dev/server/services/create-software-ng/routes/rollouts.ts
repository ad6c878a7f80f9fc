import type { FastifyInstance } from 'fastify';
import { isSoftwareMo } from '../assign';
import {
  ROLLOUT_BATCH_GAP_MAX,
  ROLLOUT_BATCH_GAP_MIN,
  ROLLOUT_BATCH_SIZE_MAX,
  ROLLOUT_BATCH_SIZE_MIN,
  ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  ROLLOUT_DEFAULT_BATCH_SIZE,
  ROLLOUT_PAUSE_LIMIT_MAX,
  ROLLOUT_PAUSE_LIMIT_MIN,
  ROLLOUT_TYPE,
} from '../constants';
import { bodyOf, idList, notFound, type ServiceContext } from '../helpers';
import { countersFrom, type RolloutParameters } from '../rollout-engine';
import { badRequest, validationError } from '../validation';

const isIntIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Rollout parameters with the spec's defaults and ranges (device-operations.md §5, §9). */
export function rolloutParameters(raw: unknown): RolloutParameters {
  const p = (raw ?? {}) as Record<string, unknown>;
  const batchSize = p.batchSize ?? ROLLOUT_DEFAULT_BATCH_SIZE;
  const batchGapSeconds = p.batchGapSeconds ?? ROLLOUT_DEFAULT_BATCH_GAP_SECONDS;
  const limits = p.automaticPauseLimits ?? [];
  const problems: string[] = [];
  if (!isIntIn(batchSize, ROLLOUT_BATCH_SIZE_MIN, ROLLOUT_BATCH_SIZE_MAX)) problems.push(`batchSize must be an integer from ${ROLLOUT_BATCH_SIZE_MIN} to ${ROLLOUT_BATCH_SIZE_MAX}.`);
  if (!isIntIn(batchGapSeconds, ROLLOUT_BATCH_GAP_MIN, ROLLOUT_BATCH_GAP_MAX)) problems.push(`batchGapSeconds must be an integer from ${ROLLOUT_BATCH_GAP_MIN} to ${ROLLOUT_BATCH_GAP_MAX}.`);
  if (!Array.isArray(limits) || !limits.every((l) => isIntIn(l, ROLLOUT_PAUSE_LIMIT_MIN, ROLLOUT_PAUSE_LIMIT_MAX))) {
    problems.push(`automaticPauseLimits must be integers from ${ROLLOUT_PAUSE_LIMIT_MIN} to ${ROLLOUT_PAUSE_LIMIT_MAX}.`);
  }
  if (problems.length > 0) throw validationError(problems);
  return {
    batchSize: batchSize as number,
    batchGapSeconds: batchGapSeconds as number,
    automaticPauseLimits: [...new Set(limits as number[])].sort((a, b) => a - b),
  };
}

export function registerRolloutRoutes(app: FastifyInstance, { core, engine }: ServiceContext): void {
  app.post('/createSoftwareRollout', async (req, reply) => {
    const body = bodyOf(req);
    const devices = idList(body.devices, 'devices');
    const softwareId = body.softwareId;
    if (typeof softwareId !== 'string' && typeof softwareId !== 'number') throw badRequest('softwareId is required.');
    const rolloutParams = rolloutParameters(body.rolloutParameters);
    const software = core.inventory.get(String(softwareId));
    if (!isSoftwareMo(software)) throw notFound('Software package', String(softwareId));
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : `${software.name} ${software.version}`;
    const zero = { pending: 0, waitingNew: 0, waitingUpdated: 0, success: 0, updated: 0, upToDate: 0, failed: 0, disabled: 0 };
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
    return engine.changeStatus(id, status);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Alarm, OperationStatus } from '../core/api';
import { ROLES } from '../core/auth';
import { invalid, notFound } from '../core/context';
import type { Core } from '../core/core';
import { ALARM_STATUSES, type AlarmListFilter, SEVERITIES } from '../core/alarms';
import { OPERATION_STATUSES, type OperationFilter } from '../core/operations';
import { AuditLog, registerAudit } from './audit';
import { registerMeasurements } from './measurements';
import { baseUrl, body, bool, bulkFilterQuery, collection, date, list, MEDIA, oneOf, paging, q, type Query, readRole, sendJson, str } from './common';

function withSelf<T extends { id: string; source?: { id: string } }>(req: FastifyRequest, path: string, doc: T): T {
  const base = baseUrl(req);
  return {
    ...doc,
    self: `${base}${path}/${doc.id}`,
    ...(doc.source ? { source: { ...doc.source, self: `${base}/inventory/managedObjects/${doc.source.id}` } } : {}),
  };
}

/** The parameters alarmFilter reads. */
const ALARM_FILTERS = [
  'source',
  'status',
  'severity',
  'type',
  'resolved',
  'withSourceDevices',
  'withSourceAssets',
  'dateFrom',
  'dateTo',
  'createdFrom',
  'createdTo',
  'lastUpdatedFrom',
  'lastUpdatedTo',
] as const;

function alarmFilter(query: Query): AlarmListFilter {
  return {
    source: str(query, 'source') || undefined,
    status: oneOf(query, 'status', ALARM_STATUSES),
    severity: oneOf(query, 'severity', SEVERITIES),
    type: list(query, 'type'),
    resolved: bool(query, 'resolved'),
    withSourceDevices: bool(query, 'withSourceDevices'),
    withSourceAssets: bool(query, 'withSourceAssets'),
    dateFrom: date(query, 'dateFrom'),
    dateTo: date(query, 'dateTo'),
    createdFrom: date(query, 'createdFrom'),
    createdTo: date(query, 'createdTo'),
    lastUpdatedFrom: date(query, 'lastUpdatedFrom'),
    lastUpdatedTo: date(query, 'lastUpdatedTo'),
  };
}

/** The filters GET and DELETE /devicecontrol/operations share. */
const OPERATION_FILTERS = ['deviceId', 'agentId', 'status', 'dateFrom', 'dateTo'] as const;

function operationFilter(query: Query): OperationFilter {
  return {
    deviceId: str(query, 'deviceId') || undefined,
    agentId: str(query, 'agentId') || undefined,
    status: oneOf(query, 'status', OPERATION_STATUSES)?.[0] as OperationStatus | undefined,
    dateFrom: date(query, 'dateFrom'),
    dateTo: date(query, 'dateTo'),
  };
}

/**
 * As the platform (its API description of `revert` for events and operations): revert turns the
 * order round only in a range query, with dateFrom or dateTo; without one it is ignored.
 */
function revertInRange(query: Query): boolean {
  return bool(query, 'revert') === true && (!!str(query, 'dateFrom') || !!str(query, 'dateTo'));
}

const ALARM_PATH = '/alarm/alarms';
const EVENT_PATH = '/event/events';
const OPERATION_PATH = '/devicecontrol/operations';

/** Pages read when collecting the alarms a bulk update is about to change (for their audit records). */
const BULK_SCAN_PAGE_SIZE = 2000;

export function registerRecords(app: FastifyInstance, core: Core): void {
  const audit = new AuditLog(core);
  registerAudit(app, core);
  registerMeasurements(app, core);
  // Alarms ---------------------------------------------------------------------------------
  app.get(ALARM_PATH, readRole(core, ROLES.alarmRead), async (req, reply) => {
    const p = paging(q(req));
    const page = core.alarms.list({ ...alarmFilter(q(req)), ...p });
    return sendJson(reply, MEDIA.alarmCollection, collection(req, 'alarms', page.items.map((a) => withSelf(req, ALARM_PATH, a)), p, page.totalElements));
  });

  app.get(`${ALARM_PATH}/count`, readRole(core, ROLES.alarmRead), async (req, reply) => {
    return sendJson(reply, 'application/json', core.alarms.count(alarmFilter(q(req))));
  });

  app.post(ALARM_PATH, async (req, reply) => {
    const alarm = withSelf(req, ALARM_PATH, core.alarms.create(body(req, 'alarm') as Parameters<Core['alarms']['create']>[0]));
    reply.header('Location', alarm.self);
    return sendJson(reply, MEDIA.alarm, alarm, 201);
  });

  app.get(`${ALARM_PATH}/:id`, async (req, reply) => {
    core.requireRole(req, ROLES.alarmRead);
    const { id } = req.params as { id: string };
    const alarm = core.alarms.get(id);
    if (!alarm) throw notFound('alarm', 'alarm', id);
    return sendJson(reply, MEDIA.alarm, withSelf(req, ALARM_PATH, alarm));
  });

  app.put(`${ALARM_PATH}/:id`, async (req, reply) => {
    const { id } = req.params as { id: string };
    const patch = body(req, 'alarm') as Partial<Alarm>;
    const user = core.user(req).userName;
    const updated = core.transaction(() => {
      const before = core.alarms.get(id);
      const after = core.alarms.update(id, patch);
      if (before) audit.recordAlarmUpdate(before, after, user);
      return after;
    });
    return sendJson(reply, MEDIA.alarm, withSelf(req, ALARM_PATH, updated));
  });

  /** Bulk status change of every alarm matching the filter, as the platform: only `status`. */
  app.put(ALARM_PATH, async (req, reply) => {
    const b = body(req, 'alarm');
    if (!ALARM_STATUSES.includes(b.status as Alarm['status'])) throw invalid('alarm', `'status' must be one of ${ALARM_STATUSES.join(', ')}`);
    const filter = alarmFilter(bulkFilterQuery(q(req), ALARM_FILTERS, 'PUT /alarm/alarms'));
    if (!Object.values(filter).some((v) => v !== undefined)) throw invalid('alarm', 'A bulk update needs at least one filter');
    const user = core.user(req).userName;
    core.transaction(() => {
      const before: Alarm[] = [];
      for (let page = 1; ; page++) {
        const { items } = core.alarms.list({ ...filter, pageSize: BULK_SCAN_PAGE_SIZE, currentPage: page });
        before.push(...items);
        if (items.length < BULK_SCAN_PAGE_SIZE) break;
      }
      core.alarms.updateMany(filter, { status: b.status as Alarm['status'] });
      for (const a of before) audit.recordAlarmUpdate(a, core.alarms.get(a.id)!, user);
    });
    return reply.code(200).send();
  });

  /** As the platform: no filter at all removes every alarm (but an unknown or empty parameter is 422, bulkFilterQuery). */
  app.delete(ALARM_PATH, async (req, reply) => {
    core.alarms.removeMany(alarmFilter(bulkFilterQuery(q(req), ALARM_FILTERS, 'DELETE /alarm/alarms')));
    return reply.code(204).send();
  });

  // Events ---------------------------------------------------------------------------------
  app.get(EVENT_PATH, readRole(core, ROLES.eventRead), async (req, reply) => {
    const query = q(req);
    const p = paging(query);
    const page = core.events.list({
      source: str(query, 'source') || undefined,
      type: str(query, 'type') || undefined,
      fragmentType: str(query, 'fragmentType') || undefined,
      dateFrom: date(query, 'dateFrom'),
      dateTo: date(query, 'dateTo'),
      createdFrom: date(query, 'createdFrom'),
      createdTo: date(query, 'createdTo'),
      withSourceDevices: bool(query, 'withSourceDevices'),
      withSourceAssets: bool(query, 'withSourceAssets'),
      revert: revertInRange(query),
      ...p,
    });
    return sendJson(reply, MEDIA.eventCollection, collection(req, 'events', page.items.map((e) => withSelf(req, EVENT_PATH, e)), p, page.totalElements));
  });

  app.post(EVENT_PATH, async (req, reply) => {
    const event = withSelf(req, EVENT_PATH, core.events.create(body(req, 'event') as Parameters<Core['events']['create']>[0]));
    reply.header('Location', event.self);
    return sendJson(reply, MEDIA.event, event, 201);
  });

  app.get(`${EVENT_PATH}/:id`, async (req, reply) => {
    core.requireRole(req, ROLES.eventRead);
    const { id } = req.params as { id: string };
    const event = core.events.get(id);
    if (!event) throw notFound('event', 'event', id);
    return sendJson(reply, MEDIA.event, withSelf(req, EVENT_PATH, event));
  });

  app.put(`${EVENT_PATH}/:id`, async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendJson(reply, MEDIA.event, withSelf(req, EVENT_PATH, core.events.update(id, body(req, 'event'))));
  });

  app.delete(`${EVENT_PATH}/:id`, async (req, reply) => {
    core.events.remove((req.params as { id: string }).id);
    return reply.code(204).send();
  });

  // Operations -----------------------------------------------------------------------------
  app.get(OPERATION_PATH, readRole(core, ROLES.deviceControlRead), async (req, reply) => {
    const query = q(req);
    const p = paging(query);
    const page = core.operations.list({ ...operationFilter(query), fragmentType: str(query, 'fragmentType') || undefined, revert: revertInRange(query), ...p });
    return sendJson(reply, MEDIA.operationCollection, collection(req, 'operations', page.items.map((o) => withSelf(req, OPERATION_PATH, o)), p, page.totalElements));
  });

  /** As the platform: no filter at all removes every operation (but an unknown or empty parameter is 422, bulkFilterQuery). */
  app.delete(OPERATION_PATH, async (req, reply) => {
    core.operations.removeMany(operationFilter(bulkFilterQuery(q(req), OPERATION_FILTERS, 'DELETE /devicecontrol/operations')));
    return reply.code(204).send();
  });

  app.post(OPERATION_PATH, async (req, reply) => {
    const b = body(req, 'devicecontrol');
    const op = withSelf(req, OPERATION_PATH, core.operations.create(b as Parameters<Core['operations']['create']>[0]));
    reply.header('Location', op.self);
    return sendJson(reply, MEDIA.operation, op, 201);
  });

  app.get(`${OPERATION_PATH}/:id`, async (req, reply) => {
    core.requireRole(req, ROLES.deviceControlRead);
    const { id } = req.params as { id: string };
    const op = core.operations.get(id);
    if (!op) throw notFound('devicecontrol', 'operation', id);
    return sendJson(reply, MEDIA.operation, withSelf(req, OPERATION_PATH, op));
  });

  app.put(`${OPERATION_PATH}/:id`, async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendJson(reply, MEDIA.operation, withSelf(req, OPERATION_PATH, core.operations.update(id, body(req, 'devicecontrol'))));
  });
}

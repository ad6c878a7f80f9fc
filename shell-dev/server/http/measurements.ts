/** /measurement/measurements: create (one or a collection), list, detail, delete, series. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Measurement, MeasurementFilter } from '../core/api';
import { ROLES } from '../core/auth';
import { invalid, notFound } from '../core/context';
import type { Core } from '../core/core';
import { AGGREGATIONS } from '../core/measurements';
import { baseUrl, body, bool, bulkFilterQuery, collection, date, list, MEDIA, oneOf, paging, q, type Query, readRole, sendJson, str } from './common';

const PATH = '/measurement/measurements';

function view(req: FastifyRequest, m: Measurement): Measurement & { self: string; source: { id: string; self: string } } {
  const base = baseUrl(req);
  return { ...m, self: `${base}${PATH}/${m.id}`, source: { ...m.source, self: `${base}/inventory/managedObjects/${m.source.id}` } };
}

function filter(query: Query): MeasurementFilter {
  return {
    source: str(query, 'source') || undefined,
    type: str(query, 'type') || undefined,
    dateFrom: date(query, 'dateFrom'),
    dateTo: date(query, 'dateTo'),
  };
}

function required(query: Query, name: string): string {
  const v = str(query, name);
  if (!v) throw invalid('measurement', `'${name}' is required`);
  return v;
}

/** The platform tells one measurement from a collection by the request's media type. */
function isCollection(req: FastifyRequest): boolean {
  return String(req.headers['content-type'] ?? '').includes('measurementcollection');
}

export function registerMeasurements(app: FastifyInstance, core: Core): void {
  app.post(PATH, async (req, reply) => {
    if (!isCollection(req)) {
      const m = view(req, core.measurements.create(body(req, 'measurement') as Parameters<Core['measurements']['create']>[0]));
      reply.header('Location', m.self);
      return sendJson(reply, MEDIA.measurement, m, 201);
    }
    const items = body(req, 'measurement').measurements;
    if (!Array.isArray(items) || items.length === 0) throw invalid('measurement', "'measurements' must be a non-empty array");
    const created = core.measurements.createMany(items).map((m) => view(req, m));
    return sendJson(reply, MEDIA.measurementCollection, { measurements: created, self: `${baseUrl(req)}${PATH}` }, 201);
  });

  app.get(PATH, readRole(core, ROLES.measurementRead), async (req, reply) => {
    const query = q(req);
    const p = paging(query);
    const page = core.measurements.list({
      ...filter(query),
      valueFragmentType: str(query, 'valueFragmentType') || undefined,
      valueFragmentSeries: str(query, 'valueFragmentSeries') || undefined,
      revert: bool(query, 'revert'),
      ...p,
    });
    return sendJson(reply, MEDIA.measurementCollection, collection(req, 'measurements', page.items.map((m) => view(req, m)), p, page.totalElements));
  });

  /** As the platform: no filter at all removes every measurement (but an unknown or empty parameter is 422, bulkFilterQuery). */
  app.delete(PATH, async (req, reply) => {
    const query = bulkFilterQuery(q(req), ['source', 'type', 'dateFrom', 'dateTo', 'fragmentType'], 'DELETE /measurement/measurements');
    core.measurements.removeMany({ ...filter(query), fragmentType: str(query, 'fragmentType') || undefined });
    return reply.code(204).send();
  });

  app.get(`${PATH}/series`, readRole(core, ROLES.measurementRead), async (req, reply) => {
    const query = q(req);
    const result = core.measurements.series({
      source: required(query, 'source'),
      dateFrom: required(query, 'dateFrom'),
      dateTo: required(query, 'dateTo'),
      series: list(query, 'series'),
      aggregationType: oneOf(query, 'aggregationType', AGGREGATIONS)?.[0],
      revert: bool(query, 'revert'),
    });
    return sendJson(reply, 'application/json', result);
  });

  app.get(`${PATH}/:id`, async (req, reply) => {
    core.requireRole(req, ROLES.measurementRead);
    const { id } = req.params as { id: string };
    const m = core.measurements.get(id);
    if (!m) throw notFound('measurement', 'measurement', id);
    return sendJson(reply, MEDIA.measurement, view(req, m));
  });

  app.delete(`${PATH}/:id`, async (req, reply) => {
    core.measurements.remove((req.params as { id: string }).id);
    return reply.code(204).send();
  });
}

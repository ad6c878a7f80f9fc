import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../core/api';
import { invalid, isPlainObject } from '../core/context';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 2000;
export const ERROR_INFO = 'https://cumulocity.com/api/core/#section/REST-implementation/HTTP-response-codes';
/**
 * Deepest JSON nesting accepted (the platform's JSON reader, Jackson, refuses beyond 1000 too).
 * Deeper documents would overflow the stack of the recursive code that stores and answers them.
 */
export const MAX_JSON_DEPTH = 1000;

export const MEDIA = {
  managedObject: 'application/vnd.com.nsn.cumulocity.managedobject+json',
  managedObjectCollection: 'application/vnd.com.nsn.cumulocity.managedobjectcollection+json',
  reference: 'application/vnd.com.nsn.cumulocity.managedobjectreference+json',
  referenceCollection: 'application/vnd.com.nsn.cumulocity.managedobjectreferencecollection+json',
  alarm: 'application/vnd.com.nsn.cumulocity.alarm+json',
  alarmCollection: 'application/vnd.com.nsn.cumulocity.alarmcollection+json',
  event: 'application/vnd.com.nsn.cumulocity.event+json',
  eventCollection: 'application/vnd.com.nsn.cumulocity.eventcollection+json',
  operation: 'application/vnd.com.nsn.cumulocity.operation+json',
  operationCollection: 'application/vnd.com.nsn.cumulocity.operationcollection+json',
  measurement: 'application/vnd.com.nsn.cumulocity.measurement+json',
  measurementCollection: 'application/vnd.com.nsn.cumulocity.measurementcollection+json',
  externalId: 'application/vnd.com.nsn.cumulocity.externalid+json',
  externalIdCollection: 'application/vnd.com.nsn.cumulocity.externalidcollection+json',
  currentUser: 'application/vnd.com.nsn.cumulocity.currentuser+json',
  user: 'application/vnd.com.nsn.cumulocity.user+json',
  userCollection: 'application/vnd.com.nsn.cumulocity.usercollection+json',
  userReference: 'application/vnd.com.nsn.cumulocity.userreference+json',
  userReferenceCollection: 'application/vnd.com.nsn.cumulocity.userreferencecollection+json',
  group: 'application/vnd.com.nsn.cumulocity.group+json',
  groupCollection: 'application/vnd.com.nsn.cumulocity.groupcollection+json',
  groupReferenceCollection: 'application/vnd.com.nsn.cumulocity.groupreferencecollection+json',
  role: 'application/vnd.com.nsn.cumulocity.role+json',
  roleCollection: 'application/vnd.com.nsn.cumulocity.rolecollection+json',
  currentTenant: 'application/vnd.com.nsn.cumulocity.currenttenant+json',
  application: 'application/vnd.com.nsn.cumulocity.application+json',
  applicationCollection: 'application/vnd.com.nsn.cumulocity.applicationcollection+json',
  error: 'application/vnd.com.nsn.cumulocity.error+json',
} as const;

export const CHARSET = '; charset=UTF-8';

export function sendJson(reply: FastifyReply, media: string, body: unknown, status = 200): FastifyReply {
  return reply.code(status).type(media + CHARSET).send(JSON.stringify(body));
}

export type Query = Record<string, string | string[] | undefined>;

export function q(req: FastifyRequest): Query {
  return (req.query ?? {}) as Query;
}

/** Last value of a query parameter (repeated parameters: the platform takes one). */
export function str(query: Query, name: string): string | undefined {
  const v = query[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function bool(query: Query, name: string): boolean | undefined {
  const v = str(query, name);
  if (v === undefined || v === '') return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  throw invalid('query', `'${name}' must be true or false`);
}

export function list(query: Query, name: string): string[] | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  return ([] as string[])
    .concat(v)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

export function oneOf<T extends string>(query: Query, name: string, allowed: readonly T[]): T[] | undefined {
  const values = list(query, name)?.map((v) => v.toUpperCase());
  if (!values) return undefined;
  for (const v of values) if (!allowed.includes(v as T)) throw invalid('query', `'${name}' must be one of ${allowed.join(', ')}`);
  return values as T[];
}

export function date(query: Query, name: string): string | undefined {
  const v = str(query, name);
  if (v === undefined || v === '') return undefined;
  if (Number.isNaN(Date.parse(v))) throw invalid('query', `'${name}' must be a date and time (ISO 8601)`);
  return v;
}

export interface Paging {
  pageSize: number;
  currentPage: number;
  withTotal: boolean;
  withTotalPages: boolean;
  withTotalElements: boolean;
}

function positiveInt(query: Query, name: string, fallback: number, max: number): number {
  const v = str(query, name);
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > max) throw invalid('query', `'${name}' must be a whole number from 1 to ${max}`);
  return Number(v);
}

export function paging(query: Query): Paging {
  const withTotalPages = bool(query, 'withTotalPages') ?? false;
  const withTotalElements = bool(query, 'withTotalElements') ?? false;
  return {
    pageSize: positiveInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    currentPage: positiveInt(query, 'currentPage', 1, Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE),
    withTotal: withTotalPages || withTotalElements,
    withTotalPages,
    withTotalElements,
  };
}

export function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function pageUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, baseUrl(req));
  url.searchParams.set('currentPage', String(page));
  return url.toString();
}

/** The platform's collection shape: items under `key`, statistics, self, next, prev. */
export function collection(req: FastifyRequest, key: string, items: unknown[], p: Paging, total?: number): Record<string, unknown> {
  const statistics: Record<string, number> = { pageSize: p.pageSize, currentPage: p.currentPage };
  if (p.withTotalPages && total !== undefined) statistics.totalPages = Math.ceil(total / p.pageSize);
  if (p.withTotalElements && total !== undefined) statistics.totalElements = total;
  const hasNext = total !== undefined ? p.currentPage * p.pageSize < total : items.length === p.pageSize;
  return {
    [key]: items,
    statistics,
    self: new URL(req.url, baseUrl(req)).toString(),
    ...(hasNext ? { next: pageUrl(req, p.currentPage + 1) } : {}),
    ...(p.currentPage > 1 ? { prev: pageUrl(req, p.currentPage - 1) } : {}),
  };
}

/** The request body as an object, or 422: the platform answers a wrong shape as invalid data. */
export function body(req: FastifyRequest, domain: string): Record<string, unknown> {
  if (!isPlainObject(req.body)) throw invalid(domain, 'The request body must be a JSON object');
  return req.body;
}

export function errorBody(error: string, message: string) {
  return { error, message, info: ERROR_INFO };
}

/** Deepest bracket nesting of a JSON text, brackets inside strings not counted. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Errors fastify answers before routing (undecodable URL, over-long path parameter) in the platform's shape. */
export function frameworkError(err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return sendJson(reply, MEDIA.error, errorBody(tooLong ? 'general/URI Too Long' : 'general/Bad Request', err.message), tooLong ? 414 : 400);
}

/** JSON in every media type the platform uses, a form parser for login, raw bytes for binaries. */
export function registerParsersAndErrors(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/([\w.-]+\+)?json/, { parseAs: 'string' }, (_req, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    if (nestingDepth(text) > MAX_JSON_DEPTH) {
      return done(new HttpError(400, 'general/Bad Request', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'general/Bad Request', 'The request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, raw, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(raw))));
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, raw, done) => done(null, raw));

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return sendJson(reply, MEDIA.error, errorBody(err.error, err.message), err.status);
    const e = err as { statusCode?: number; code?: string; message: string };
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      const error = e.statusCode === 413 ? 'general/Request Entity Too Large' : e.statusCode === 415 ? 'general/Unsupported Media Type' : 'general/Bad Request';
      return sendJson(reply, MEDIA.error, errorBody(error, e.message), e.statusCode);
    }
    if (e.code === 'SQLITE_BUSY') return sendJson(reply, MEDIA.error, errorBody('general/Service Unavailable', 'The database is busy, retry'), 503);
    req.log.error(err);
    return sendJson(reply, MEDIA.error, errorBody('general/Internal Server Error', 'An unexpected error occurred'), 500);
  });
}

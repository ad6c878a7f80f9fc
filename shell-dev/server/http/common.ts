import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../core/api';
import { invalid, isPlainObject, parseIsoTime } from '../core/context';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 2000;
export const ERROR_INFO = 'https://cumulocity.com/api/core/#section/REST-implementation/HTTP-response-codes';
/**
 * Deepest JSON nesting accepted (the platform's JSON reader, Jackson, refuses beyond 1000 too).
 * Deeper documents would overflow the stack of the recursive code that stores and answers them.
 */
export const MAX_JSON_DEPTH = 1000;
/**
 * Most properties one object of a JSON body may have (the stand-in's own limit; the platform
 * documents none). Every step from parsing to the answer copies a document's fragments; at
 * 100,000 of them (1.5 MB, within the body limit) that held the event loop 1.2 to 2.5 s, every
 * other request waiting. Arrays are not limited: a bulk body's length is its body limit's business.
 */
export const MAX_JSON_MEMBERS = 1000;

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

/**
 * The filter of a bulk change or deletion (`DELETE /alarm/alarms`, `PUT /alarm/alarms`, ...): every
 * parameter must be one the route filters by and carry a value. The platform ignores an unknown or
 * empty one, so a misspelt (`sources=1`) or empty (`source=`) filter there widens the request to
 * every record of the tenant; here it is 422 and nothing changes.
 */
export function bulkFilterQuery(query: Query, known: readonly string[], route: string): Query {
  for (const [name, value] of Object.entries(query)) {
    if (!known.includes(name)) throw invalid('query', `'${name}' is not a filter of ${route} (filters: ${known.join(', ')})`);
    if ([value ?? ''].flat().some((v) => v.trim() === '')) throw invalid('query', `'${name}' must not be empty in ${route}`);
  }
  return query;
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
  if (parseIsoTime(v) === undefined) throw invalid('query', `'${name}' must be a date and time (ISO 8601)`);
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

/**
 * The last page whose first row still has a safe integer offset, for a list of at most
 * maxPageSize rows a page: beyond, SQLite is handed an offset it cannot bind (a 500).
 */
export const maxCurrentPage = (maxPageSize: number): number => Math.floor(Number.MAX_SAFE_INTEGER / maxPageSize);

export function paging(query: Query): Paging {
  const withTotalPages = bool(query, 'withTotalPages') ?? false;
  const withTotalElements = bool(query, 'withTotalElements') ?? false;
  return {
    pageSize: positiveInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    currentPage: positiveInt(query, 'currentPage', 1, maxCurrentPage(MAX_PAGE_SIZE)),
    withTotal: withTotalPages || withTotalElements,
    withTotalPages,
    withTotalElements,
  };
}

/**
 * Route options checking a read role first, before the route's schema reads the query: a caller
 * without the role gets 403 whatever it asks, as when the handler checked it.
 */
export function readRole(core: { requireRole(req: FastifyRequest, role: string): void }, role: string): { onRequest: (req: FastifyRequest) => Promise<void> } {
  return { onRequest: async (req) => core.requireRole(req, role) };
}

export function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Whether an Origin header names the host the request was sent to (its Host header): a page of
 * this server. Only host and port are compared (a proxy in front may end TLS); the Host is read
 * with the Origin's scheme, so a default port counts as written or left out. `null` (a sandboxed
 * frame, a redirect from elsewhere) is never this server.
 */
export function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
    return new URL(`${o.protocol}//${host}`).host === o.host;
  } catch {
    return false;
  }
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
  // Raw bytes are an object too; they never become a document (one key per byte, issue 18).
  if (Buffer.isBuffer(req.body)) throw new HttpError(415, 'general/Unsupported Media Type', 'The request body must be JSON');
  if (!isPlainObject(req.body)) throw invalid(domain, 'The request body must be a JSON object');
  return req.body;
}

export function errorBody(error: string, message: string) {
  return { error, message, info: ERROR_INFO };
}

/** An HttpError as the platform's error body; a throttled login's wait goes out as Retry-After. */
export function sendError(reply: FastifyReply, e: HttpError): FastifyReply {
  const retryAfterS = (e as { retryAfterS?: unknown }).retryAfterS;
  if (typeof retryAfterS === 'number') reply.header('Retry-After', String(retryAfterS));
  return sendJson(reply, MEDIA.error, errorBody(e.error, e.message), e.status);
}

/**
 * The shape of a JSON text, brackets and colons inside strings not counted: its deepest bracket
 * nesting, and the most members any one object has.
 */
export function jsonShape(text: string): { depth: number; widest: number } {
  // One counter per open bracket: members of an object, -1 for an array (a colon never belongs to one).
  const open: number[] = [];
  let depth = 0;
  let widest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a && open.length) {
      const n = ++open[open.length - 1];
      if (n > widest) widest = n;
    } else if (c === 0x7b || c === 0x5b) {
      open.push(c === 0x7b ? 0 : -1);
      if (open.length > depth) depth = open.length;
    } else if (c === 0x7d || c === 0x5d) open.pop();
  }
  return { depth, widest };
}

/**
 * Media types of uploaded bytes that browsers never run: shown (images but SVG, text) or downloaded.
 * Anything else (HTML, SVG, XML, JavaScript, unknown types) goes out as application/octet-stream.
 */
export const SAFE_DOWNLOAD_TYPES: readonly string[] = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/json',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
];
/** Longest file name offered for a download (the rest of a longer name is cut). */
const MAX_DOWNLOAD_NAME = 200;

export function safeDownloadType(contentType: string | undefined): string {
  const essence = String(contentType ?? '').split(';')[0].trim().toLowerCase();
  return SAFE_DOWNLOAD_TYPES.includes(essence) ? essence : 'application/octet-stream';
}

/** A Content-Disposition that always downloads: an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const cut = Array.from(name).slice(0, MAX_DOWNLOAD_NAME).join('');
  const ascii = cut.replace(/[^\w.\- ]/g, '_').trim() || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cut).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Bytes a user uploaded, answered so they never run as a page of this origin (issue 18: an
 * uploaded text/html read the admin's XSRF token): always a download, a type from
 * SAFE_DOWNLOAD_TYPES, no sniffing, and a sandbox for the case a browser renders it anyway.
 */
export function sendUserBytes(reply: FastifyReply, data: Buffer | UserFile, contentType: string | undefined, name: string): FastifyReply {
  if (!Buffer.isBuffer(data)) reply.header('Content-Length', data.length);
  reply.header('Content-Disposition', attachmentDisposition(name));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', 'sandbox');
  reply.header('Cache-Control', 'private, no-cache');
  return reply.type(safeDownloadType(contentType)).send(Buffer.isBuffer(data) ? data : data.stream);
}

/** A stored file answered as it is read (never whole in memory): its stream and its length in bytes. */
export interface UserFile {
  stream: Readable;
  length: number;
}

/** Errors fastify answers before routing (undecodable URL, over-long path parameter) in the platform's shape. */
export function frameworkError(err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return sendJson(reply, MEDIA.error, errorBody(tooLong ? 'general/URI Too Long' : 'general/Bad Request', err.message), tooLong ? 414 : 400);
}

/**
 * Requests Node's HTTP parser refuses before fastify sees them (a URL or headers beyond its 16 KB,
 * e.g. a very long `query=`; a malformed request line): 431 or 400 with the platform's error body
 * (fastify's own answer has another shape), then the connection is closed.
 */
export function clientError(err: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const overflow = err.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, error, message] = timeout
    ? [408, 'Request Timeout', 'general/Request Timeout', 'The request was not received in time']
    : overflow
      ? [431, 'Request Header Fields Too Large', 'general/Request Header Fields Too Large', 'The URL and headers exceed 16 KB (send long filters in fewer or shorter parameters)']
      : [400, 'Bad Request', 'general/Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(error, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${MEDIA.error}${CHARSET}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** JSON in every media type the platform uses, a form parser for login, raw bytes for binaries. */
export function registerParsersAndErrors(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/([\w.-]+\+)?json/, { parseAs: 'string' }, (_req, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    const shape = jsonShape(text);
    if (shape.depth > MAX_JSON_DEPTH) {
      return done(new HttpError(400, 'general/Bad Request', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    if (shape.widest > MAX_JSON_MEMBERS) {
      return done(new HttpError(413, 'general/Request Entity Too Large', `An object in the request body has more than ${MAX_JSON_MEMBERS} properties`), undefined);
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
  // Raw bytes for the one route that takes them (PUT /inventory/binaries/{id}); the role table
  // (roles.ts) refuses every other media type on JSON routes before their body is read.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, raw, done) => done(null, raw));
  // No answer of the API is to be read as another type than it says (uploaded bytes least of all).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return sendError(reply, err);
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

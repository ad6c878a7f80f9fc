/**
 * The one HTTP entry point of the SDK: same-origin fetch with the platform's cookie auth.
 * The server sets an HttpOnly `authorization` cookie (sent by the browser) and a readable
 * `XSRF-TOKEN` cookie whose value every write must echo in the X-XSRF-TOKEN header.
 */

import { READ_TIMEOUT_MS } from '../domain/constants';
import { PAGE_I18N } from '../plugin-api/page-i18n';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query parameter; arrays repeat the key, undefined/null are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  query?: QueryParams;
  /** Objects are sent as JSON; FormData, Blob and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Milliseconds until the request fails with {@link RequestTimeoutError} (waiting for the answer
   * and its body). Reads default to READ_TIMEOUT_MS; writes to none (0): a file upload or a long
   * server job takes what it takes. 0 waits for ever.
   */
  timeoutMs?: number;
}

/** The platform's media types (reference/c8y-oas.json spells them in lower case). */
export const MEDIA = {
  json: 'application/json',
  managedObject: 'application/vnd.com.nsn.cumulocity.managedobject+json',
  managedObjectCollection: 'application/vnd.com.nsn.cumulocity.managedobjectcollection+json',
  managedObjectReference: 'application/vnd.com.nsn.cumulocity.managedobjectreference+json',
  managedObjectReferenceCollection: 'application/vnd.com.nsn.cumulocity.managedobjectreferencecollection+json',
  alarm: 'application/vnd.com.nsn.cumulocity.alarm+json',
  alarmCollection: 'application/vnd.com.nsn.cumulocity.alarmcollection+json',
  event: 'application/vnd.com.nsn.cumulocity.event+json',
  eventCollection: 'application/vnd.com.nsn.cumulocity.eventcollection+json',
  operation: 'application/vnd.com.nsn.cumulocity.operation+json',
  operationCollection: 'application/vnd.com.nsn.cumulocity.operationcollection+json',
  externalId: 'application/vnd.com.nsn.cumulocity.externalid+json',
  externalIdCollection: 'application/vnd.com.nsn.cumulocity.externalidcollection+json',
  currentUser: 'application/vnd.com.nsn.cumulocity.currentuser+json',
  user: 'application/vnd.com.nsn.cumulocity.user+json',
  application: 'application/vnd.com.nsn.cumulocity.application+json',
  applicationCollection: 'application/vnd.com.nsn.cumulocity.applicationcollection+json',
  auditRecordCollection: 'application/vnd.com.nsn.cumulocity.auditrecordcollection+json',
} as const;

/** Names of the cookie and header of the platform's XSRF protection. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Marks a translation key for the locale checks (plugin-api/i18n's msg, without its i18next import). */
const msg = <T extends string>(key: T): T => key;

/** The 'shared' namespace's key of a bare refusal's message (shared/ui/locales). */
const FORBIDDEN_TEXT = msg('Your user has no permission for this.');
/** Likewise of a request without a valid session (the login the shell then shows says the same). */
const SESSION_ENDED_TEXT = msg('Your session has ended. Please log in again.');

/**
 * The user's words for the platform's stock answers, which are English and say nothing to a user:
 * a bare refusal ("Access is denied", the stand-in adds the missing role) and a request whose
 * session has ended ("Full authentication is required…": the toast of the action that met it stays
 * over the login). Other messages are the server's own.
 */
function userMessage(status: number, serverMessage: string): string {
  if (status === 403 && /^Access is denied\b/i.test(serverMessage)) return pageText(FORBIDDEN_TEXT, {});
  if (status === 401 && /^Full authentication is required\b/i.test(serverMessage)) return pageText(SESSION_ENDED_TEXT, {});
  return serverMessage;
}

/** A non-2xx answer; `error` and `message` come from the platform's {error, message, info} body. */
export class PlatformError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The platform's error code, e.g. 'security/Forbidden' (empty when the body had none). */
  readonly error: string;
  /** The parsed response body (JSON or text), null when empty. */
  readonly data: unknown;
  /** Seconds the server asks to wait before trying again (its Retry-After, e.g. a throttled login's 429). */
  readonly retryAfterS: number | undefined;

  /** The server's own message (the log's); {@link message} is the user's, which differs for a bare refusal. */
  readonly serverMessage: string;

  constructor(status: number, statusText: string, data: unknown, retryAfterS?: number) {
    const body = (data && typeof data === 'object' ? data : {}) as { error?: unknown; message?: unknown };
    const serverMessage =
      typeof body.message === 'string' && body.message
        ? body.message
        : typeof data === 'string' && data
          ? data
          : `${status} ${statusText}`.trim();
    // Said in the page's language where the platform's is a stock English text; the log keeps the server's.
    super(userMessage(status, serverMessage));
    this.serverMessage = serverMessage;
    this.name = 'PlatformError';
    this.status = status;
    this.statusText = statusText;
    this.error = typeof body.error === 'string' ? body.error : '';
    this.data = data;
    this.retryAfterS = retryAfterS;
  }
}

/**
 * Type guard for errors thrown by {@link request}, also by another bundle's copy of this module
 * (each plugin bundles its own; the page's query client is the shell's): known by name and status.
 */
export const isPlatformError = (e: unknown): e is PlatformError =>
  e instanceof PlatformError || (e instanceof Error && e.name === 'PlatformError' && typeof (e as { status?: unknown }).status === 'number');


/** The 'shared' namespace's key of the time-out message (shared/ui/locales). */
const TIMEOUT_TEXT = msg('The server did not answer within {{seconds}} seconds.');

/**
 * A message of the 'shared' namespace in the page's language, from the page's i18next instance
 * (published by plugin-api/i18n): the client does not import i18next, which would bundle it a
 * second time into the shell's inline early script. Before any instance exists, the English text.
 */
function pageText(key: string, values: Record<string, string | number>): string {
  const i18n = (globalThis as unknown as Record<symbol, { t: (key: string, options: object) => string } | undefined>)[PAGE_I18N];
  return i18n ? i18n.t(key, { ns: 'shared', ...values }) : key.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

const timeoutText = (seconds: number): string => pageText(TIMEOUT_TEXT, { seconds });

/** No answer within the request's time-out; its message is the user's text, in the page's language. */
export class RequestTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(timeoutText(Math.round(timeoutMs / 1000)));
    this.name = 'RequestTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** Also for another bundle's copy of the class (see {@link isPlatformError}). */
export const isRequestTimeout = (e: unknown): e is RequestTimeoutError => e instanceof RequestTimeoutError || (e instanceof Error && e.name === 'RequestTimeoutError');

/** The 'shared' namespace's key of the no-connection message (shared/ui/locales). */
const UNREACHABLE_TEXT = msg('The platform cannot be reached. Check the connection and try again.');

/**
 * No answer at all (the connection failed: the browser's "Failed to fetch"): its message is the
 * user's text, in the page's language; the browser's own error is its `cause`.
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(pageText(UNREACHABLE_TEXT, {}), { cause });
    this.name = 'NetworkError';
  }
}

/** A request without any answer; by name too, as isRequestTimeout (another bundle's copy of this class). */
export const isNetworkError = (e: unknown): e is NetworkError => e instanceof NetworkError || (e instanceof Error && e.name === 'NetworkError');

/** Told of a request of the page that got no answer at all. */
export type NoAnswerListener = (error: NetworkError) => void;

// One set of listeners per page, as the configuration below: every plugin bundle carries its own
// copy of this module, and a read of one bundle's screen must reach the realtime client of another.
const NO_ANSWER_KEY = Symbol.for('adamos.shared.platform.noAnswer');
const noAnswerListeners: Set<NoAnswerListener> = ((globalThis as typeof globalThis & { [NO_ANSWER_KEY]?: Set<NoAnswerListener> })[NO_ANSWER_KEY] ??= new Set());

/**
 * Calls `listener` each time a request of the page, of any bundle, gets no answer at all (a
 * {@link NetworkError}: the connection failed, was refused or cut off): the connection is gone
 * now, not only for that request. The realtime client ends its held long-poll then, which would
 * otherwise learn of a connection that died without a word only when its hold ends. Neither a
 * caller's cancel nor a time-out nor an HTTP error status (the server answered) is said. Returns
 * the function that stops listening.
 */
export function onNoAnswer(listener: NoAnswerListener): () => void {
  noAnswerListeners.add(listener);
  return () => noAnswerListeners.delete(listener);
}

function tellNoAnswer(error: NetworkError) {
  for (const listener of [...noAnswerListeners]) {
    try {
      listener(error);
    } catch (e) {
      // The request's own failure is what its caller must see.
      console.warn('A listener of requests without answer failed:', e);
    }
  }
}

/** The 'shared' namespace's key of the unreadable-answer message (shared/ui/locales). */
const UNREADABLE_TEXT = msg('The server answered without the data asked for.');

/**
 * A 2xx answer without what the call reads (a proxy's HTML page, `{}` where a list was asked
 * for): a failure, never an empty list. Its message is the user's text, in the page's language;
 * the call and what came are for the log ({@link describeFailure}).
 */
export class UnreadableAnswerError extends Error {
  /** The call's path, without its query. */
  readonly path: string;
  /** The answer's body as parsed. */
  readonly data: unknown;

  constructor(path: string, data: unknown) {
    super(pageText(UNREADABLE_TEXT, {}));
    this.name = 'UnreadableAnswerError';
    this.path = path;
    this.data = data;
  }
}

/** A short description of an answer's body for the log: its first 120 characters. */
const describeBody = (data: unknown): string => {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return text === undefined ? String(data) : text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/**
 * The list a collection answer holds: under `prop`, or the answer itself when `prop` is null (a
 * service that answers with a bare array). Anything else throws {@link UnreadableAnswerError},
 * which holds the call and the answer for the log ({@link describeFailure}).
 */
export function listIn<T>(body: unknown, prop: string | null, path: string): T[] {
  const list = prop === null ? body : body && typeof body === 'object' ? (body as Record<string, unknown>)[prop] : undefined;
  if (Array.isArray(list)) return list as T[];
  throw new UnreadableAnswerError(path, body);
}

/**
 * The object an answer about one item is: one that names itself by `key` (a managed object's
 * id, a user's userName). Anything else (`{}`, an HTML page, a list) throws
 * {@link UnreadableAnswerError}, never an item with every field blank.
 */
export function objectIn<T>(body: unknown, key: string, path: string): T {
  const value = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined;
  if ((typeof value === 'string' && value !== '') || typeof value === 'number') return body as T;
  throw new UnreadableAnswerError(path, body);
}

/**
 * A failure as the log says it: the user's message and what lies behind it (the status and error
 * code of a refusal, the browser's error of a request without answer, the call and body of an
 * unreadable answer).
 */
export function describeFailure(error: unknown): string {
  // By name, not instanceof: the error may come from another bundle's copy of this module.
  if (isPlatformError(error)) return `${error.status}${error.error ? ` ${error.error}` : ''}: ${error.serverMessage ?? error.message}`;
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'UnreadableAnswerError') return `${error.message} (GET ${(error as UnreadableAnswerError).path}: ${describeBody((error as UnreadableAnswerError).data)})`;
  return error.cause instanceof Error ? `${error.message} (${error.cause.name}: ${error.cause.message})` : error.message;
}

/**
 * An answer that asking again cannot change: the request itself was refused (400-499: not found,
 * not permitted, invalid), except a time-out (408) and throttling (429), which pass.
 */
const isFinalRefusal = (e: unknown): boolean => isPlatformError(e) && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;

/**
 * React Query's retry for the page's query clients: up to three more tries (its default, with its
 * 1, 2 and 4 s back-off) only for failures that may pass: no answer, a 5xx, 408 or 429. A read
 * that timed out is not asked again (the user would wait four minutes for the message), nor one
 * the server refused (a 404 or 403 showed its message only after those 7 s).
 */
export const retryTransientFailures = (failureCount: number, error: unknown): boolean => !isRequestTimeout(error) && !isFinalRefusal(error) && failureCount < 3;

export interface ClientConfig {
  /** Prefix for every path; '' on the same origin (default). */
  baseUrl: string;
  /** Replaceable for tests and Node; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  /** Reads the XSRF token; defaults to the XSRF-TOKEN cookie of document.cookie. */
  xsrfToken?: () => string;
  /** Called on every 401, e.g. by the shell to show its login. */
  onUnauthorized?: (error: PlatformError) => void;
}

// One configuration per page: every plugin bundle carries its own copy of this module, and the
// shell's settings (onUnauthorized, a proxy's base URL) must reach all of them.
const CONFIG_KEY = Symbol.for('adamos.shared.platform.config');
const pageGlobal = globalThis as typeof globalThis & { [CONFIG_KEY]?: ClientConfig };
const config: ClientConfig = (pageGlobal[CONFIG_KEY] ??= { baseUrl: '' });

/** Changes the page-wide client settings (the client is a singleton shared by every plugin). */
export function configureClient(patch: Partial<ClientConfig>): void {
  Object.assign(config, patch);
}

/** The page's cookies; none outside a browser (the server's type project has no DOM: tsconfig.server.json). */
const pageCookies = (): string => (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';

/** The value of a cookie, '' when absent. */
export function readCookie(name: string, cookies: string = pageCookies()): string {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return '';
}

/** The token writes must send (also used by the realtime handshake). */
export const currentXsrfToken = (): string => (config.xsrfToken ? config.xsrfToken() : readCookie(XSRF_COOKIE));

/** `path?query` with arrays repeated, in the order given; undefined/null left out. */
export function buildUrl(path: string, query?: QueryParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  }
  const base = `${config.baseUrl}${path}`;
  return parts.length ? `${base}${base.includes('?') ? '&' : '?'}${parts.join('&')}` : base;
}

const isWrite = (method: HttpMethod) => method !== 'GET' && method !== 'HEAD';

function encodeBody(body: unknown, headers: Record<string, string>): RequestInit['body'] {
  if (body === undefined) return undefined;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const isBlob = typeof Blob !== 'undefined' && body instanceof Blob;
  if (isForm || isBlob || typeof body === 'string') return body as RequestInit['body'];
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = MEDIA.json;
  return JSON.stringify(body);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends one request and returns the parsed body (JSON, text, or null when empty).
 * Throws {@link PlatformError} on any non-2xx answer.
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  if (!isWrite(method)) return send<T>(method, path, options);
  try {
    return await send<T>(method, path, options);
  } catch (error) {
    // The user reads the failure where the write was asked for; the log gets the call and its
    // cause (failed reads are logged by the page's query cache once their retries are spent).
    if (!options.signal?.aborted) console.warn(`${method} ${path} failed: ${describeFailure(error)}`, error);
    throw error;
  }
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: MEDIA.json, ...options.headers };
  const body = encodeBody(options.body, headers);
  if (isWrite(method)) {
    const token = currentXsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? (isWrite(method) ? 0 : READ_TIMEOUT_MS);
  // The time-out aborts the fetch (freeing the connection) and fails the request even when a
  // fetch ignores the abort; the caller's own signal still cancels.
  const guard = timeoutMs > 0 ? new AbortController() : undefined;
  const passOn = () => guard?.abort(options.signal?.reason);
  if (options.signal?.aborted) passOn();
  else options.signal?.addEventListener('abort', passOn, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const signal = guard ? guard.signal : options.signal;
  const work = (async () => {
    try {
      const res = await doFetch(buildUrl(path, options.query), { method, headers, body, credentials: 'same-origin', signal });
      return { res, data: await readBody(res) };
    } catch (e) {
      // fetch's TypeError is the failure to get an answer (no connection, a body cut off); a cancel
      // stays a cancel and any other error passes unchanged.
      if (signal?.aborted || !(e instanceof TypeError)) throw e;
      const failure = new NetworkError(e);
      tellNoAnswer(failure);
      throw failure;
    }
  })();
  let answer: Awaited<typeof work>;
  try {
    answer = guard
      ? await Promise.race([
          work,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              reject(new RequestTimeoutError(timeoutMs));
              guard.abort();
            }, timeoutMs);
          }),
        ])
      : await work;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', passOn);
  }
  const { res, data } = answer;
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    const error = new PlatformError(res.status, res.statusText, data, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
    if (res.status === 401) config.onUnauthorized?.(error);
    throw error;
  }
  return data as T;
}

/** Paging as the platform reports it in a collection's `statistics`. */
export interface PageStatistics {
  currentPage: number;
  pageSize: number;
  /** Only with withTotalPages=true. */
  totalPages?: number;
  /** Only with withTotalElements=true. */
  totalElements?: number;
}

/** A page of a platform collection, normalised: items under one name whatever the resource. */
export interface Paged<T> {
  items: T[];
  statistics: PageStatistics;
  /** The platform sends a `next` link while more pages may follow. */
  hasNext: boolean;
}

/** Paging parameters every platform collection accepts. */
export interface PagingParams {
  pageSize?: number;
  currentPage?: number;
  withTotalElements?: boolean;
  withTotalPages?: boolean;
}

/**
 * Turns a platform collection body (`{<prop>: [...], statistics, next}`) into {@link Paged}; an
 * answer without the list throws {@link UnreadableAnswerError} (never an empty page).
 */
export function toPaged<T>(answer: unknown, prop: string, path = ''): Paged<T> {
  const items = listIn<T>(answer, prop, path);
  const body = answer as Record<string, unknown>;
  const stats = (body.statistics ?? {}) as Partial<PageStatistics>;
  return {
    items,
    statistics: {
      currentPage: stats.currentPage ?? 1,
      pageSize: stats.pageSize ?? items.length,
      totalPages: stats.totalPages,
      totalElements: stats.totalElements,
    },
    hasNext:
      stats.totalPages !== undefined
        ? (stats.currentPage ?? 1) < stats.totalPages
        : typeof body.next === 'string' && items.length > 0 && items.length >= (stats.pageSize ?? Infinity),
  };
}

/** Fetches a typed collection page. */
export async function getPage<T>(path: string, prop: string, query?: QueryParams, accept?: string): Promise<Paged<T>> {
  const body = await request<unknown>('GET', path, { query, headers: accept ? { Accept: accept } : undefined });
  return toPaged<T>(body, prop, path);
}

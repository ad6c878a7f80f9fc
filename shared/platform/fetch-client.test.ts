import { READ_TIMEOUT_MS } from '../domain/constants';
import { getI18n } from '../plugin-api/i18n';
import { SHARED_NS } from '../ui/i18n';
import de from '../ui/locales/de.json';
import { countAlarms } from './alarms';
import {
  NetworkError,
  PlatformError,
  RequestTimeoutError,
  UnreadableAnswerError,
  buildUrl,
  configureClient,
  describeFailure,
  getPage,
  objectIn,
  onNoAnswer,
  readCookie,
  request,
  retryTransientFailures,
  toPaged,
} from './fetch-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, contentType = 'application/json') {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, statusText: status === 200 ? 'OK' : 'Err', headers: { 'content-type': contentType } });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

afterEach(() => configureClient({ fetch: undefined, xsrfToken: undefined, onUnauthorized: undefined }));

describe('request', () => {
  it('sends same-origin credentials and the XSRF header on writes only', async () => {
    const { fn, calls } = fakeFetch(200, { id: '1' });
    configureClient({ fetch: fn, xsrfToken: () => 'tok' });
    await request('GET', '/inventory/managedObjects/1');
    await request('PUT', '/inventory/managedObjects/1', { body: { name: 'x' } });
    expect(calls[0].init.credentials).toBe('same-origin');
    expect((calls[0].init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
    const writeHeaders = calls[1].init.headers as Record<string, string>;
    expect(writeHeaders['X-XSRF-TOKEN']).toBe('tok');
    expect(writeHeaders['Content-Type']).toBe('application/json');
    expect(calls[1].init.body).toBe('{"name":"x"}');
  });

  it('keeps an explicit media type and sends FormData untouched', async () => {
    const { fn, calls } = fakeFetch(201, { id: '2' });
    configureClient({ fetch: fn });
    await request('POST', '/x', { body: { a: 1 }, headers: { 'Content-Type': 'application/vnd.com.nsn.cumulocity.managedobject+json' } });
    const form = new FormData();
    await request('POST', '/inventory/binaries', { body: form });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/vnd.com.nsn.cumulocity.managedobject+json');
    expect(calls[1].init.body).toBe(form);
    expect((calls[1].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws PlatformError with the platform error body', async () => {
    const { fn } = fakeFetch(403, { error: 'security/Forbidden', message: 'Access is denied', info: 'x' });
    configureClient({ fetch: fn });
    const err = await request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ status: 403, statusText: 'Err', error: 'security/Forbidden', serverMessage: 'Access is denied' });
    expect((err as PlatformError).data).toEqual({ error: 'security/Forbidden', message: 'Access is denied', info: 'x' });
  });

  it("says the platform's bare refusal in the user's words, keeps a refusal that explains itself, and logs the server's", () => {
    const bare = new PlatformError(403, 'Forbidden', { error: 'security/Forbidden', message: 'Access is denied: missing role ROLE_ALARM_READ' });
    expect(bare.message).toBe('Your user has no permission for this.');
    expect(describeFailure(bare)).toBe('403 security/Forbidden: Access is denied: missing role ROLE_ALARM_READ');
    // A session that ended: the toast of the action that met it stays over the shell's login.
    const ended = new PlatformError(401, 'Unauthorized', { error: 'security/Unauthorized', message: 'Full authentication is required to access this resource' });
    expect(ended.message).toBe('Your session has ended. Please log in again.');
    expect(describeFailure(ended)).toBe('401 security/Unauthorized: Full authentication is required to access this resource');
    expect(new PlatformError(401, 'Unauthorized', { error: 'security/Unauthorized', message: 'Invalid credentials!' }).message).toBe('Invalid credentials!');
    const own = new PlatformError(403, 'Forbidden', { error: 'security/Forbidden', message: 'A user cannot delete itself' });
    expect(own.message).toBe('A user cannot delete itself');
    // Not a refusal: the same words in another status stay the server's.
    expect(new PlatformError(401, 'Unauthorized', { message: 'Access is denied' }).message).toBe('Access is denied');
  });

  it('hands on the server\'s Retry-After (a throttled login\'s 429)', async () => {
    configureClient({
      fetch: (async () =>
        new Response('{"message":"Too many failed logins: try again in 300 s"}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '300' } })) as unknown as typeof fetch,
    });
    await expect(request('POST', '/tenant/oauth')).rejects.toMatchObject({ status: 429, retryAfterS: 300 });
    configureClient({ fetch: fakeFetch(500, { message: 'x' }).fn });
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 500, retryAfterS: undefined });
  });

  it('falls back to status text and reports 401 to the shell', async () => {
    const { fn } = fakeFetch(401, 'Unauthorized', 'text/plain');
    const seen: number[] = [];
    configureClient({ fetch: fn, onUnauthorized: (e) => seen.push(e.status) });
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 401, message: 'Unauthorized', error: '' });
    expect(seen).toEqual([401]);
  });

  it('logs a failed write with the call and its cause, once; a read (logged by the query cache) and a cancelled write are not logged here', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      configureClient({ fetch: fakeFetch(422, { error: 'inventory/Invalid', message: 'name must be text' }).fn });
      await expect(request('PUT', '/inventory/managedObjects/7', { body: { name: 1 } })).rejects.toMatchObject({ status: 422 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith('PUT /inventory/managedObjects/7 failed: 422 inventory/Invalid: name must be text', expect.any(PlatformError));
      await expect(request('GET', '/inventory/managedObjects/7')).rejects.toMatchObject({ status: 422 });
      const cancel = new AbortController();
      configureClient({ fetch: (async () => new Promise<Response>((_, reject) => cancel.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))))) as unknown as typeof fetch });
      const cancelled = request('POST', '/devicecontrol/operations', { body: {}, signal: cancel.signal });
      cancel.abort();
      await expect(cancelled).rejects.toThrow('cancelled');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('returns null for 204 and text for text bodies', async () => {
    configureClient({ fetch: fakeFetch(204, undefined).fn });
    await expect(request('DELETE', '/x')).resolves.toBeNull();
    configureClient({ fetch: fakeFetch(200, '42', 'text/plain').fn });
    await expect(request('GET', '/alarm/alarms/count')).resolves.toBe('42');
  });
});

describe('time-out', () => {
  /** A server that takes the request and never answers; records whether the client let go of it. */
  function silentFetch() {
    const signals: (AbortSignal | undefined)[] = [];
    const fn = ((_url: string, init: RequestInit) => {
      signals.push(init.signal ?? undefined);
      return new Promise<Response>(() => undefined);
    }) as unknown as typeof fetch;
    return { fn, signals };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    void getI18n().changeLanguage('en');
  });

  it('fails a read that has no answer after READ_TIMEOUT_MS with a clear message and lets go of the connection', async () => {
    const { fn, signals } = silentFetch();
    configureClient({ fetch: fn });
    const seen = request('GET', '/inventory/managedObjects').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    expect(signals[0]?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = await seen;
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err).toMatchObject({ message: 'The server did not answer within 60 seconds.', timeoutMs: READ_TIMEOUT_MS });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('says it in the page\'s language', async () => {
    const i18n = getI18n();
    i18n.addResourceBundle('de', SHARED_NS, de, true, true);
    await i18n.changeLanguage('de');
    configureClient({ fetch: silentFetch().fn });
    const seen = request('GET', '/x').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(await seen).toMatchObject({ message: 'Der Server hat nicht innerhalb von 60 Sekunden geantwortet.' });
  });

  it('does not cut writes (uploads, long server jobs) unless asked, and keeps an answer that comes in time', async () => {
    const { fn } = silentFetch();
    configureClient({ fetch: fn });
    let settled = false;
    void request('POST', '/inventory/binaries', { body: new FormData() }).finally(() => (settled = true));
    void request('PUT', '/service/create-software-ng/initialize', { body: [] }).finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(10 * READ_TIMEOUT_MS);
    expect(settled).toBe(false);
    const own = request('PUT', '/x', { body: {}, timeoutMs: 5000 }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await own).toMatchObject({ message: 'The server did not answer within 5 seconds.' });
    configureClient({ fetch: fakeFetch(200, { id: '1' }).fn });
    await expect(request('GET', '/x')).resolves.toEqual({ id: '1' });
    expect(jest.getTimerCount()).toBe(0);
  });

  it("keeps the caller's own cancel", async () => {
    // As a browser's fetch: no answer, but an abort rejects it with the signal's reason.
    const signals: AbortSignal[] = [];
    const fn = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init.signal!);
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
      })) as unknown as typeof fetch;
    configureClient({ fetch: fn });
    const caller = new AbortController();
    const pending = request('GET', '/x', { signal: caller.signal });
    caller.abort(new Error('The user left the page'));
    expect(signals[0]?.aborted).toBe(true);
    await expect(pending).rejects.toThrow('The user left the page');
    // The time-out is no longer waited for.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('is not retried by the query clients (the user would wait minutes for it)', () => {
    expect(retryTransientFailures(0, new RequestTimeoutError(READ_TIMEOUT_MS))).toBe(false);
    expect(retryTransientFailures(0, new PlatformError(500, '', null))).toBe(true);
    expect(retryTransientFailures(3, new PlatformError(500, '', null))).toBe(false);
  });

  it("is not retried when the server refused the request, also when another bundle's copy of the client threw it (the page's query client is the shell's)", () => {
    const foreign = (name: string, extra: object) => Object.assign(new Error('x'), { name, ...extra });
    expect(retryTransientFailures(0, foreign('PlatformError', { status: 404 }))).toBe(false);
    expect(retryTransientFailures(0, foreign('PlatformError', { status: 503 }))).toBe(true);
    // A time-out or throttling answer may pass on a retry (README, Decisions: 5xx, 408 and 429 only).
    expect(retryTransientFailures(0, new PlatformError(408, '', null))).toBe(true);
    expect(retryTransientFailures(0, new PlatformError(429, '', null))).toBe(true);
    expect(retryTransientFailures(0, new PlatformError(403, '', null))).toBe(false);
    expect(retryTransientFailures(0, foreign('RequestTimeoutError', { timeoutMs: 60000 }))).toBe(false);
  });

  it('is not retried when the server refused the request (asking again cannot change a 404 or 403); no answer, 408 and 429 are', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(retryTransientFailures(0, new PlatformError(status, '', null))).toBe(false);
    for (const status of [408, 429, 502, 503]) expect(retryTransientFailures(0, new PlatformError(status, '', null))).toBe(true);
    expect(retryTransientFailures(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('helpers', () => {
  it('builds URLs with repeated array keys and without empty values', () => {
    expect(buildUrl('/a', { q: '$filter=(name eq \'x\')', n: 5, b: false, u: undefined, z: null, arr: ['1', '2'] })).toBe(
      "/a?q=%24filter%3D(name%20eq%20'x')&n=5&b=false&arr=1&arr=2",
    );
    expect(buildUrl('/a')).toBe('/a');
  });

  it('reads cookies', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=ab%3Dc; b=2')).toBe('ab=c');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBe('');
  });

  it('normalises collections', () => {
    const page = toPaged<{ id: string }>({ managedObjects: [{ id: '1' }], statistics: { currentPage: 2, pageSize: 1, totalPages: 3 }, next: 'n' }, 'managedObjects');
    expect(page).toEqual({ items: [{ id: '1' }], statistics: { currentPage: 2, pageSize: 1, totalPages: 3, totalElements: undefined }, hasNext: true });
    expect(toPaged({ managedObjects: [{ id: '1' }], statistics: { currentPage: 3, pageSize: 1, totalPages: 3 }, next: 'n' }, 'managedObjects').hasNext).toBe(false);
    expect(toPaged({ alarms: [], statistics: { currentPage: 1, pageSize: 5 }, next: 'n' }, 'alarms').hasNext).toBe(false);
  });
});

describe('answers that are not what was asked for', () => {
  afterEach(() => void getI18n().changeLanguage('en'));

  it('fails a collection answered with 200 but without its list (never an empty page); the log names the call and the answer', async () => {
    for (const [body, type] of [[{}, 'application/json'], ['<html><body>Gateway</body></html>', 'text/html'], [undefined, 'application/json'], [{ managedObjects: 'x' }, 'application/json']] as const) {
      configureClient({ fetch: fakeFetch(200, body, type).fn });
      const err = await getPage('/inventory/managedObjects', 'managedObjects').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnreadableAnswerError);
      expect(err).toMatchObject({ message: 'The server answered without the data asked for.', path: '/inventory/managedObjects' });
    }
    configureClient({ fetch: fakeFetch(200, '<html><body>Gateway</body></html>', 'text/html').fn });
    expect(describeFailure(await getPage('/inventory/managedObjects', 'managedObjects').catch((e: unknown) => e))).toBe(
      'The server answered without the data asked for. (GET /inventory/managedObjects: <html><body>Gateway</body></html>)',
    );
    expect(() => toPaged({ statistics: {} }, 'alarms', '/alarm/alarms')).toThrow(UnreadableAnswerError);
    // An empty list is an empty list.
    expect(toPaged({ alarms: [], statistics: {} }, 'alarms').items).toEqual([]);
  });

  it('fails an item answered with 200 but without its name (never an item with every field blank)', () => {
    expect(() => objectIn({}, 'userName', '/user/demo/users/x')).toThrow(UnreadableAnswerError);
    expect(() => objectIn('<html></html>', 'id', '/inventory/managedObjects/1')).toThrow(UnreadableAnswerError);
    expect(() => objectIn([{ id: '1' }], 'id', '/inventory/managedObjects/1')).toThrow(UnreadableAnswerError);
    expect(objectIn({ id: '1', name: 'a' }, 'id', '/inventory/managedObjects/1')).toEqual({ id: '1', name: 'a' });
  });

  it('fails a count that is not a number (never NaN or 0 on a counter)', async () => {
    configureClient({ fetch: fakeFetch(200, {}).fn });
    await expect(countAlarms()).rejects.toBeInstanceOf(UnreadableAnswerError);
    configureClient({ fetch: fakeFetch(200, '<html></html>', 'text/html').fn });
    await expect(countAlarms()).rejects.toBeInstanceOf(UnreadableAnswerError);
    configureClient({ fetch: fakeFetch(200, '7', 'text/plain').fn });
    await expect(countAlarms()).resolves.toBe(7);
    configureClient({ fetch: fakeFetch(200, 0).fn });
    await expect(countAlarms()).resolves.toBe(0);
  });

  it("says a request without any answer as 'The platform cannot be reached. Check the connection and try again.' (in the page's language), with the browser's error as its cause", async () => {
    const cause = new TypeError('Failed to fetch');
    configureClient({ fetch: (() => Promise.reject(cause)) as unknown as typeof fetch });
    const err = await request('GET', '/alarm/alarms').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ message: 'The platform cannot be reached. Check the connection and try again.', cause });
    expect(describeFailure(err)).toBe('The platform cannot be reached. Check the connection and try again. (TypeError: Failed to fetch)');
    expect(describeFailure(new PlatformError(500, '', { error: 'general/internalError', message: 'Database unavailable' }))).toBe('500 general/internalError: Database unavailable');
    // Another bundle's copy of the class: known by its name.
    const foreign = Object.assign(new Error('Database unavailable'), { name: 'PlatformError', status: 503, error: '' });
    expect(describeFailure(foreign)).toBe('503: Database unavailable');
    expect(retryTransientFailures(0, err)).toBe(true);
    const i18n = getI18n();
    i18n.addResourceBundle('de', SHARED_NS, de, true, true);
    await i18n.changeLanguage('de');
    await expect(request('GET', '/x')).rejects.toMatchObject({ message: 'Die Plattform ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.' });
  });
});

describe('the page-wide signal of a request without answer', () => {
  /** What the listeners heard, until `stop` (each test stops its own). */
  function listen() {
    const heard: NetworkError[] = [];
    const stop = onNoAnswer((e) => heard.push(e));
    return { heard, stop };
  }

  it('tells its listeners of each request that got no answer, with the error its caller gets, until they stop listening', async () => {
    const { heard, stop } = listen();
    try {
      configureClient({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch });
      const read = await request('GET', '/inventory/managedObjects').catch((e: unknown) => e);
      const write = await request('PUT', '/inventory/managedObjects/1', { body: {} }).catch((e: unknown) => e);
      expect(read).toBeInstanceOf(NetworkError);
      expect(heard).toEqual([read, write]);
    } finally {
      stop();
    }
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(NetworkError);
    expect(heard).toHaveLength(2);
  });

  it('counts a refused connection (a server that restarts)', async () => {
    const { createServer } = await import('node:net');
    // A port nothing listens on: taken, then let go.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    const { heard, stop } = listen();
    const refusals: unknown[] = [];
    try {
      // Node's own fetch, whose errors come from outside jest's sandbox (another realm's TypeError):
      // passed on as this realm's, as a page's fetch throws them.
      const nodeFetch = globalThis.fetch;
      configureClient({
        baseUrl: `http://127.0.0.1:${port}`,
        fetch: ((url: string, init: RequestInit) =>
          nodeFetch(url, init).catch((e: Error) => {
            refusals.push(e);
            throw new TypeError(e.message, { cause: e.cause });
          })) as typeof fetch,
      });
      await expect(request('GET', '/inventory/managedObjects')).rejects.toBeInstanceOf(NetworkError);
      expect(refusals).toMatchObject([{ name: 'TypeError', cause: { code: 'ECONNREFUSED' } }]);
      expect(heard).toHaveLength(1);
    } finally {
      stop();
      configureClient({ baseUrl: '' });
    }
  });

  it("does not count an answer with an error status, the caller's cancel, a time-out or an answer that is not what was asked for", async () => {
    const { heard, stop } = listen();
    try {
      configureClient({ fetch: fakeFetch(503, { error: 'general/serviceUnavailable', message: 'Down for maintenance' }).fn });
      await expect(request('GET', '/x')).rejects.toBeInstanceOf(PlatformError);
      configureClient({ fetch: fakeFetch(200, '<html>proxy</html>', 'text/html').fn });
      await expect(getPage('/inventory/managedObjects', 'managedObjects')).rejects.toBeInstanceOf(UnreadableAnswerError);
      // As a browser's fetch on an abort: a DOMException, whose reason is the caller's or the time-out's.
      configureClient({
        fetch: ((_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))))) as unknown as typeof fetch,
      });
      const caller = new AbortController();
      const cancelled = request('GET', '/x', { signal: caller.signal }).catch((e: unknown) => e);
      caller.abort();
      expect(await cancelled).toMatchObject({ name: 'AbortError' });
      await expect(request('GET', '/x', { timeoutMs: 20 })).rejects.toBeInstanceOf(RequestTimeoutError);
      // A fetch that rejects a cancelled request with a TypeError (some do) is still a cancel.
      configureClient({
        fetch: ((_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new TypeError('Failed to fetch'))))) as unknown as typeof fetch,
      });
      const other = new AbortController();
      const cancelledToo = request('PUT', '/x', { body: {}, signal: other.signal }).catch((e: unknown) => e);
      other.abort();
      await cancelledToo;
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });

  it("reaches the listeners of another bundle's copy of this module (each plugin bundles its own)", async () => {
    const { heard, stop } = listen();
    try {
      let copy: typeof import('./fetch-client') | undefined;
      jest.isolateModules(() => {
        copy = jest.requireActual<typeof import('./fetch-client')>('./fetch-client');
      });
      expect(copy!.request).not.toBe(request);
      copy!.configureClient({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch });
      await expect(copy!.request('GET', '/x')).rejects.toMatchObject({ name: 'NetworkError' });
      expect(heard).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

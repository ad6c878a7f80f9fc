import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import faye, { type BayeuxMessage, type NodeAdapter } from 'faye';
import type { AuthUser, RealtimeAction } from './api';
import { type Auth, ROLES, sameToken } from './auth';
import { isPlainObject, LazyData, WithChildren } from './context';
import { parseCookies } from '../http/cookies';
import { errorBody, MEDIA } from '../http/common';

export const REALTIME_MOUNT = '/notification/realtime';
/** The platform answers Bayeux at its older address too (CEP realtime); same server, same channels. */
export const CEP_REALTIME_MOUNT = '/cep/realtime';
const ENDPOINT = /^\/(?:notification|cep)\/realtime(\/[^/]*)*(\.[^.]+)?$/;
/** Long-poll hold time in seconds (the platform's CometD advises about this much). */
export const REALTIME_TIMEOUT_S = 45;
const AUTHN_EXT = 'com.cumulocity.authn';
/**
 * Bytes of one realtime POST: far beyond a client's batch (a screen's subscriptions), and faye
 * itself would buffer any length before a credential is looked at.
 */
export const REALTIME_BODY_LIMIT_BYTES = 1024 * 1024;
/** Messages in one request (HTTP or websocket frame); each passes faye's pipeline, a handshake makes a client. */
export const REALTIME_MAX_MESSAGES = 1000;
/**
 * Live Bayeux clients of one user (tenant and user name): each holds its subscriptions and queue
 * until it disconnects or times out (2 x REALTIME_TIMEOUT_S without a connect). A page holds one;
 * handshakes beyond this are refused until one ends.
 */
export const REALTIME_MAX_CLIENTS_PER_USER = 100;

/** The role a channel's kind needs, as the platform's REST reads of the same records. */
const CHANNEL_ROLE: Record<string, string> = {
  managedobjects: ROLES.inventoryRead,
  operations: ROLES.deviceControlRead,
  alarms: ROLES.alarmRead,
  alarmsWithChildren: ROLES.alarmRead,
  events: ROLES.eventRead,
  eventsWithChildren: ROLES.eventRead,
  measurements: ROLES.measurementRead,
};

/** Channels clients may subscribe to; everything else (and every client publish) is refused. */
const SUBSCRIBABLE = /^\/(managedobjects|operations|alarms|alarmsWithChildren|events|eventsWithChildren|measurements)\/(\*|\d+)$/;

interface FayeServerProxy {
  process(messages: unknown, request: IncomingMessage | null, callback: (replies: unknown[]) => void, context?: unknown): void;
  openSocket(clientId: string | undefined, socket: unknown, request: IncomingMessage): void;
  closeSocket(clientId: string | null, close?: boolean): void;
}

interface FayeAdapterProxy {
  handle(request: IncomingMessage, response: ServerResponse): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  _extensions: unknown[];
}

/** The websocket class faye itself uses (faye-websocket, its dependency). */
interface FayeWebSocket {
  onmessage: ((event: { data: string }) => void) | null;
  onclose: (() => void) | null;
  send(data: string): void;
}
type FayeWebSocketClass = new (request: IncomingMessage, socket: Duplex, head: Buffer, protocols: string[], options: { extensions: unknown[]; maxLength: number }) => FayeWebSocket;
const FayeWebSocketClass = createRequire(require.resolve('faye'))('faye-websocket') as FayeWebSocketClass;

/**
 * Why a batch of messages is refused, if it is: too many, one that is no object with a channel name
 * (the extensions and faye read `channel` as a string), or more than the one handshake a Bayeux
 * client sends.
 */
function batchRefusal(messages: unknown[]): string | undefined {
  if (messages.length > REALTIME_MAX_MESSAGES) return `413::More than ${REALTIME_MAX_MESSAGES} messages in one request`;
  if (!messages.every((m) => isPlainObject(m) && typeof m.channel === 'string')) return '400::Malformed message';
  const handshakes = messages.filter((m) => isPlainObject(m) && m.channel === '/meta/handshake').length;
  return handshakes > 1 ? '400::One handshake per request' : undefined;
}

/** 413, then the connection is closed: the rest of the body is never read. */
function tooLarge(request: IncomingMessage, response: ServerResponse): void {
  // faye buffers every chunk until 'end'; paused, it gets no more and 'end' never comes. Its
  // 'end' and 'error' listeners go too: a client dropping the connection now would have faye write
  // a second answer on this response (Node throws on that, out of an event handler).
  request.removeAllListeners('data');
  request.removeAllListeners('end');
  request.removeAllListeners('error');
  request.on('error', () => undefined);
  request.pause();
  if (response.headersSent) return void request.destroy();
  const body = JSON.stringify(errorBody('general/Request Entity Too Large', `A realtime request body is at most ${REALTIME_BODY_LIMIT_BYTES} bytes`));
  response.writeHead(413, { 'Content-Type': `${MEDIA.error}; charset=UTF-8`, 'Content-Length': Buffer.byteLength(body), Connection: 'close', 'X-Content-Type-Options': 'nosniff' });
  response.end(body, () => request.destroy());
}

/** faye's connection of a client (src/engines/connection.js): its held long-poll, if any. */
interface FayeConnection {
  socket?: unknown;
  _inbox: unknown[];
  flush(): void;
}

interface FayeEngineProxy {
  _connections?: Map<string, FayeConnection>;
  closeConnection(clientId: string): void;
  destroyClient(clientId: string): void;
  publish(message: { channel: string; id: string; data: unknown }): void;
  _engine?: { disconnect(): void };
}

function count(map: Map<string, number>, key: string, delta: number): void {
  const n = (map.get(key) ?? 0) + delta;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

const ownerOf = (user: AuthUser) => `${user.tenant}/${user.userName}`;

/** A handshake over REALTIME_MAX_CLIENTS_PER_USER, refused as the other handshake refusals ('<code>::<message>'). */
export const TOO_MANY_CLIENTS = `403::Too many realtime connections: at most ${REALTIME_MAX_CLIENTS_PER_USER} per user, until one disconnects or times out`;

/** '/alarmsWithChildren/42' -> '/alarmsWithChildren/'. */
function kindOf(channel: string): string {
  return channel.slice(0, channel.lastIndexOf('/') + 1);
}

/**
 * A handshaken client: who it is now (undefined once the user is deleted or deactivated, or its
 * login session ended) and the channels it listens to.
 */
interface RealtimeClient {
  /** Whose client it is ('<tenant>/<userName>' at the handshake), for REALTIME_MAX_CLIENTS_PER_USER. */
  owner: string;
  current(): AuthUser | undefined;
  channels: Set<string>;
}

export class RealtimeServer {
  readonly adapter: NodeAdapter;
  private messageId = 0;
  private readonly clients = new Map<string, RealtimeClient>();
  /** Live clients per owner (kept with `clients` by remember and forget). */
  private readonly clientsPerOwner = new Map<string, number>();
  private readonly pendingHandshakes = new WeakMap<object, RealtimeClient>();
  /** Subscriptions per channel, so data nobody receives is never built. */
  private readonly subscribers = new Map<string, number>();
  /** Subscriptions per channel kind ('/alarmsWithChildren/'), so ancestors are looked up only for listeners. */
  private readonly kindSubscribers = new Map<string, number>();

  constructor(private readonly auth: Auth) {
    this.adapter = new faye.NodeAdapter({ mount: REALTIME_MOUNT, timeout: REALTIME_TIMEOUT_S });
    // faye takes one mount; its request and upgrade routing test this expression, so both addresses reach it.
    (this.adapter as unknown as { _endpointRe: RegExp })._endpointRe = ENDPOINT;
    this.guardRequests();
    this.adapter.addExtension({
      incoming: (m, req, cb) => cb(this.incoming(m, req)),
      outgoing: (m, req, cb) => {
        if (m.channel === '/meta/handshake' && m.successful && m.clientId && req) {
          const client = this.pendingHandshakes.get(req);
          if (client) this.remember(m.clientId, client);
        }
        cb(m);
      },
    });
    this.adapter.on('disconnect', (clientId) => this.forget(clientId));
    // faye unsubscribes every channel of a client it destroys, so these counts stay exact.
    this.adapter.on('subscribe', (clientId, channel) => {
      this.clients.get(clientId)?.channels.add(channel);
      count(this.subscribers, channel, 1);
      count(this.kindSubscribers, kindOf(channel), 1);
    });
    this.adapter.on('unsubscribe', (clientId, channel) => {
      this.clients.get(clientId)?.channels.delete(channel);
      count(this.subscribers, channel, -1);
      count(this.kindSubscribers, kindOf(channel), -1);
    });
    // A deleted or deactivated user, a lost role or an ended session stops the data at once.
    auth.onUsersChanged(() => {
      for (const clientId of [...this.clients.keys()]) this.check(clientId);
    });
  }

  /**
   * Limits faye does not have: it buffers a POST of any length and processes any number of
   * messages (20 000 handshakes in one request made 20 000 clients); and it answers every origin
   * with credentialed CORS headers, which the REST API beside it never sends.
   */
  private guardRequests(): void {
    const adapter = this.adapter as unknown as FayeAdapterProxy;
    const handle = adapter.handle.bind(adapter);
    adapter.handle = (request, response) => {
      // Same origin only, as the REST API: no Access-Control-Allow-* for a foreign page.
      delete request.headers.origin;
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'Content-Length': 0 });
        return void response.end();
      }
      if (request.method === 'POST') {
        if (Number(request.headers['content-length']) > REALTIME_BODY_LIMIT_BYTES) {
          return tooLarge(request, response);
        }
        let received = 0;
        request.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received <= REALTIME_BODY_LIMIT_BYTES) return;
          tooLarge(request, response);
        });
      }
      return handle(request, response);
    };
    const server = (this.adapter as unknown as { _server: FayeServerProxy })._server;
    // faye's own upgrade handler (faye 1.4.3, src/adapters/node_adapter.js, handleUpgrade), but with a
    // frame limit: faye's passes no maxLength, so faye-websocket's default of 64 MB held, unauthenticated.
    // Its websocket class takes the limit only when made, hence the copy; faye's `ping` option is unset here.
    adapter.handleUpgrade = (request, socket, head) => {
      let ws: FayeWebSocket | undefined = new FayeWebSocketClass(request, socket, head, [], { extensions: adapter._extensions, maxLength: REALTIME_BODY_LIMIT_BYTES });
      let clientId: string | null = null;
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = request.url;
      ws.onmessage = (event) => {
        let messages: unknown;
        try {
          messages = JSON.parse(event.data) as unknown;
        } catch {
          return;
        }
        if (typeof messages !== 'object' || messages === null) return;
        const connect = ([] as unknown[]).concat(messages).find((m) => isPlainObject(m) && m.channel === '/meta/connect') as { clientId?: unknown } | undefined;
        const cid = typeof connect?.clientId === 'string' ? connect.clientId : undefined;
        // As faye's: what a message throws is logged; thrown out of a socket's data event, it ended the process.
        try {
          if (clientId && cid && cid !== clientId) server.closeSocket(clientId, false);
          server.openSocket(cid, ws, request);
          if (cid) clientId = cid;
          server.process(messages, request, (replies) => ws?.send(JSON.stringify(replies)));
        } catch (error) {
          console.error('Realtime websocket message failed:', error);
        }
      };
      ws.onclose = () => {
        server.closeSocket(clientId);
        ws = undefined;
      };
    };
    const process = server.process.bind(server);
    server.process = (messages, request, callback, context) => {
      const list = ([] as unknown[]).concat(messages);
      const refusal = request === null ? undefined : batchRefusal(list);
      if (!refusal) return process(messages, request, callback, context);
      const first = list[0];
      const channel = isPlainObject(first) && typeof first.channel === 'string' ? first.channel : '/meta/unsuccessful';
      callback.call(context, [{ channel, successful: false, error: refusal }]);
    };
  }

  /** The client's user now, or undefined (and the client dropped) when it may no longer listen to all its channels. */
  private check(clientId: string): AuthUser | undefined {
    const client = this.clients.get(clientId);
    const user = client?.current();
    if (client && user && [...client.channels].every((c) => user.effectiveRoles.includes(CHANNEL_ROLE[c.split('/')[1]]))) return user;
    this.forget(clientId);
    // Ends its subscriptions and its open connection; it must handshake (authenticate) again.
    this.engine()?.destroyClient(clientId);
    return undefined;
  }

  private remember(clientId: string, client: RealtimeClient): void {
    if (this.clients.has(clientId)) return;
    this.clients.set(clientId, client);
    count(this.clientsPerOwner, client.owner, 1);
  }

  /** Idempotent: faye reports a client it destroys, also one dropped here before. */
  private forget(clientId: string): void {
    const client = this.clients.get(clientId);
    if (!client) return;
    this.clients.delete(clientId);
    count(this.clientsPerOwner, client.owner, -1);
  }

  private authenticate(m: BayeuxMessage, req: IncomingMessage | undefined): RealtimeClient | undefined {
    const ext = (m.ext?.[AUTHN_EXT] ?? {}) as { token?: unknown; xsrfToken?: unknown };
    if (typeof ext.token === 'string' && ext.token) {
      // Throttled like every login: per user and per client address (auth.ts).
      const user = this.auth.basic(ext.token, req?.socket?.remoteAddress);
      return user && { owner: ownerOf(user), current: () => this.auth.refresh(user), channels: new Set() };
    }
    const token = parseCookies(req?.headers.cookie).authorization ?? '';
    const session = this.auth.session(token);
    // A cookie alone could come from any site the browser visits; the XSRF token proves origin.
    if (!session || !sameToken(typeof ext.xsrfToken === 'string' ? ext.xsrfToken : undefined, session.xsrf)) return undefined;
    return { owner: ownerOf(session.user), current: () => this.auth.session(token)?.user, channels: new Set() };
  }

  private incoming(m: BayeuxMessage, req: IncomingMessage | undefined): BayeuxMessage {
    if (m.channel === '/meta/handshake') {
      const client = this.authenticate(m, req);
      if (!client) m.error = '401::Unauthorized';
      else if ((this.clientsPerOwner.get(client.owner) ?? 0) >= REALTIME_MAX_CLIENTS_PER_USER) m.error = TOO_MANY_CLIENTS;
      else if (req) this.pendingHandshakes.set(req, client);
      return m;
    }
    const user = m.clientId && this.clients.has(m.clientId) ? this.check(m.clientId) : undefined;
    if (!m.clientId || !user) {
      // 402 makes Bayeux clients handshake again (and so re-authenticate).
      m.error = '402::Unknown client';
      return m;
    }
    if (m.channel === '/meta/subscribe') {
      const subs = ([] as string[]).concat(m.subscription ?? []);
      const roles = user.effectiveRoles;
      if (!subs.every((s) => SUBSCRIBABLE.test(s))) m.error = `403:${subs.join(',')}:Forbidden channel`;
      else if (!subs.every((s) => roles.includes(CHANNEL_ROLE[s.split('/')[1]]))) m.error = `403:${subs.join(',')}:Access is denied`;
      return m;
    }
    if (m.channel.startsWith('/meta/')) {
      if (m.channel === '/meta/disconnect') this.forget(m.clientId);
      if (m.channel === '/meta/connect') this.answerHeldConnect(m.clientId);
      return m;
    }
    m.error = '403::Publishing is reserved to the server';
    return m;
  }

  /**
   * A client's new connect ends its connect still held, as CometD's server does: the client gave
   * that one up (its connection was lost, it went offline) and asks again, often for an answer at
   * once (advice timeout 0) to learn that the connection works again. faye instead keeps the held
   * one's timer and answers both only when the old hold ends (up to REALTIME_TIMEOUT_S later): a
   * page that had reconnected waited that long to be told so. Only an empty hold is ended: one with
   * notifications waiting ends within faye's delivery delay anyway, and the new connect gets them too.
   */
  private answerHeldConnect(clientId: string): void {
    const held = this.engine()?._connections?.get(clientId);
    if (held && !held.socket && held._inbox.length === 0) held.flush();
  }

  attach(server: Server): void {
    this.adapter.attach(server);
  }

  /**
   * Straight into faye's engine rather than through an in-process Bayeux client: no handshake,
   * no client timers, and server messages never pass the client-publish guard above.
   */
  publish(channel: string, realtimeAction: RealtimeAction, data: unknown): void {
    if (data instanceof WithChildren) return this.publishWithChildren(channel, realtimeAction, data);
    if (data instanceof LazyData) {
      if (!this.hasSubscribers(channel)) return;
      data = data.build();
      if (data === undefined) return;
    }
    this.engine()?.publish({ channel, id: `s${++this.messageId}`, data: { realtimeAction, data } });
  }

  /**
   * The record on its own channel, then on `/<kind>WithChildren/<id>` of its source and of every
   * ancestor somebody listens to. A `/<kind>WithChildren/*` subscriber gets it once, through the
   * source's channel.
   */
  private publishWithChildren(channel: string, action: RealtimeAction, w: WithChildren): void {
    this.publish(channel, action, w.data);
    const kind = `/${w.kind}WithChildren/`;
    if (!this.kindSubscribers.has(kind)) return;
    this.publish(kind + w.sourceId, action, w.data);
    for (const id of w.ancestors()) if (this.subscribers.has(kind + id)) this.publish(kind + id, action, w.data);
  }

  /** Clients may only subscribe to '/<kind>/<id>' and '/<kind>/*' (SUBSCRIBABLE). */
  hasSubscribers(channel: string): boolean {
    if (this.subscribers.has(channel)) return true;
    const slash = channel.lastIndexOf('/');
    return slash > 0 && this.subscribers.has(`${channel.slice(0, slash)}/*`);
  }

  private engine(): FayeEngineProxy | undefined {
    return (this.adapter as unknown as { _server?: { _engine?: FayeEngineProxy } })._server?._engine;
  }

  close(): void {
    this.clients.clear();
    this.clientsPerOwner.clear();
    this.adapter.close();
    // faye keeps per-connection timers (up to 2 x timeout) that would hold the process open.
    const engine = this.engine();
    for (const id of [...(engine?._connections?.keys() ?? [])]) engine?.closeConnection(id);
    engine?._engine?.disconnect();
  }
}

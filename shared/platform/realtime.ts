/**
 * A small Bayeux (CometD) long-polling client for the platform's /notification/realtime:
 * handshake (cookie session proven by the XSRF token in `ext`), subscribe, a connect loop,
 * reconnect as the server advises, unsubscribe. One connection is shared per page
 * ({@link getRealtime}); it runs only while something is subscribed.
 */
import { currentXsrfToken, MEDIA, onNoAnswer, XSRF_HEADER } from './fetch-client';

/** Where the platform serves realtime notifications. */
export const REALTIME_PATH = '/notification/realtime';
/** The handshake extension carrying the credentials (as @c8y/client's CookieAuth sends it). */
export const AUTHN_EXT = 'com.cumulocity.authn';
/** First wait after a failed request; doubles per failure up to the maximum. */
export const RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30000;
/** Unsubscribing everything disconnects only after this grace, so a remount does not re-handshake. */
export const DISCONNECT_GRACE_MS = 1000;
/**
 * How long past the server's hold (a connect's advice timeout) an answer may take before the
 * request counts as lost (CometD's maxNetworkDelay): a connection that died without a word (a VPN
 * dropped, a laptop slept) would otherwise hold the long-poll, and the screen's "live", for ever.
 */
export const MAX_NETWORK_DELAY_MS = 10000;

export type RealtimeAction = 'CREATE' | 'UPDATE' | 'DELETE';

/** What a subscriber receives: the platform's notification payload. */
export interface RealtimeMessage<T = unknown> {
  realtimeAction: RealtimeAction;
  data: T;
}

export type RealtimeHandler<T = unknown> = (message: RealtimeMessage<T>, channel: string) => void;

/** A channel whose subscription the server refused, with the server's error (Bayeux `code:args:message`, e.g. `403:/alarms/7:Access is denied`). */
export interface RealtimeRefusal {
  channel: string;
  error: string;
}

interface BayeuxMessage {
  channel: string;
  id?: string;
  clientId?: string;
  successful?: boolean;
  error?: string;
  subscription?: string;
  data?: unknown;
  advice?: Advice;
  [k: string]: unknown;
}

interface Advice {
  reconnect?: 'retry' | 'handshake' | 'none';
  interval?: number;
  timeout?: number;
}

export interface RealtimeOptions {
  url?: string;
  fetch?: typeof fetch;
  xsrfToken?: () => string;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  disconnectGraceMs?: number;
  maxNetworkDelayMs?: number;
  /**
   * Where the browser's `online` and `offline` events come from (default: the page's window, none
   * outside a browser). Offline ends the request under way (said as interrupted at once); online
   * ends the back-off's wait, so the client is live again as soon as the network is back.
   */
  networkEvents?: EventTarget;
  /** Told about every connection problem (the client keeps retrying). */
  onError?: (error: unknown) => void;
}

/** Bayeux channel matching: '*' matches one segment, '**' the rest. */
export function channelMatches(pattern: string, channel: string): boolean {
  if (pattern === channel) return true;
  const p = pattern.split('/');
  const c = channel.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '**') return c.length > i;
    if (i >= c.length) return false;
    if (p[i] !== '*' && p[i] !== c[i]) return false;
  }
  return p.length === c.length;
}

/** Waits `ms`, or less when one of the signals aborts. */
const sleep = (ms: number, ...signals: AbortSignal[]) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signals.some((s) => s.aborted)) return resolve();
    const done = () => {
      clearTimeout(t);
      for (const s of signals) s.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    for (const s of signals) s.addEventListener('abort', done, { once: true });
  });

class HandshakeRequired extends Error {}

/** The page's window where there is one (its online/offline events). */
const pageEvents = (): EventTarget | undefined => {
  const w = (globalThis as { window?: unknown }).window;
  return w && typeof (w as EventTarget).addEventListener === 'function' ? (w as EventTarget) : undefined;
};

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'fetch' | 'xsrfToken' | 'onError' | 'networkEvents'>> & RealtimeOptions;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  /** Channels the server confirmed for the current clientId. */
  private readonly confirmed = new Set<string>();
  /** Channels with subscribers whose subscription the server refused (a snapshot, replaced on each change). */
  private refusals: readonly RealtimeRefusal[] = [];
  private clientId: string | undefined;
  private advice: Required<Advice> = { reconnect: 'retry', interval: 0, timeout: 60000 };
  private nextId = 0;
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Aborted, with the reason, when the connection is known to be interrupted while a request is
   * under way (the browser's `offline` event, a subscribe whose request failed beside the held
   * long-poll, any other request of the page that got no answer): ends that request as lost, so
   * the loop says so and backs off at once rather than when the long-poll's hold ends (the
   * stand-in's: 45 s).
   */
  private interruption = new AbortController();
  /** Subscribe requests under way: `clientId channel`. */
  private readonly subscribing = new Set<string>();
  /** Aborted by the browser's `online` event: ends the back-off's wait. */
  private online = new AbortController();
  /** A request failed or the server forgot the session since the last successful connect: notifications may have been missed. */
  private isInterrupted = false;
  private readonly resumeListeners = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();

  constructor(options: RealtimeOptions = {}) {
    this.opts = {
      url: REALTIME_PATH,
      retryDelayMs: RETRY_DELAY_MS,
      maxRetryDelayMs: MAX_RETRY_DELAY_MS,
      disconnectGraceMs: DISCONNECT_GRACE_MS,
      maxNetworkDelayMs: MAX_NETWORK_DELAY_MS,
      ...options,
    };
  }

  /** Calls handler for each notification on the channel; returns the unsubscribe function. */
  subscribe<T = unknown>(channel: string, handler: RealtimeHandler<T>): () => void {
    const h = handler as RealtimeHandler;
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(h);
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    if (isNew && this.clientId) void this.sendSubscribe(channel);
    this.ensureRunning();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.removeHandler(channel, h);
    };
  }

  /** Channels with at least one subscriber. */
  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** True while a session with the server exists. */
  get connected(): boolean {
    return !!this.clientId;
  }

  /**
   * True while realtime updates are interrupted: a request failed or the server forgot the session,
   * and the connection has not worked again since. What a live screen shows may be out of date
   * meanwhile (it says so: a failure is never silent). False again when the connection works or
   * nothing is subscribed any more.
   */
  get interrupted(): boolean {
    return this.isInterrupted;
  }

  /**
   * The subscribed channels the server refused (no permission to read them, or a channel it does
   * not serve): they get no updates, and a live screen says so. A refused subscription is not sent
   * again in a loop: only with a new session (the user's roles may have changed) or a new
   * subscriber after the channel's last one left. A channel leaves the list when a later subscribe
   * succeeds or nothing subscribes to it any more. The same array until it changes.
   */
  get refused(): readonly RealtimeRefusal[] {
    return this.refusals;
  }

  /** Calls `listener` once per change of {@link interrupted} or {@link refused}; returns the function that stops listening. */
  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Calls `listener` each time the connection works again after an interruption (failed requests,
   * a server restart that forgot the session): what was published meanwhile never arrives, so a
   * live screen reads its data again. Returns the function that stops listening.
   */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Drops every subscription and ends the session. */
  async disconnect(): Promise<void> {
    this.handlers.clear();
    await this.stop();
  }

  private removeHandler(channel: string, handler: RealtimeHandler) {
    const set = this.handlers.get(channel);
    if (!set) return;
    set.delete(handler);
    if (set.size > 0) return;
    this.handlers.delete(channel);
    this.setRefused(channel, undefined);
    if (this.clientId && this.confirmed.delete(channel)) {
      void this.send([{ channel: '/meta/unsubscribe', clientId: this.clientId, subscription: channel }]).catch(this.report);
    }
    if (this.handlers.size === 0) {
      this.graceTimer = setTimeout(() => {
        this.graceTimer = undefined;
        if (this.handlers.size === 0) void this.stop();
      }, this.opts.disconnectGraceMs);
    }
  }

  private async stop() {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    const clientId = this.clientId;
    this.clientId = undefined;
    this.confirmed.clear();
    this.abort?.abort();
    if (clientId) await this.send([{ channel: '/meta/disconnect', clientId }]).catch(() => undefined);
    await this.running;
    // Nothing is live any more, so nothing is interrupted or refused (a next subscriber starts a fresh session).
    if (this.handlers.size === 0) {
      this.setInterrupted(false);
      if (this.refusals.length > 0) {
        this.refusals = [];
        this.notify(this.statusListeners);
      }
    }
  }

  private report = (error: unknown) => {
    this.opts.onError?.(error);
  };

  private setInterrupted(value: boolean) {
    if (this.isInterrupted === value) return;
    this.isInterrupted = value;
    this.notify(this.statusListeners);
  }

  /** Records (error) or clears (undefined) the channel's refusal; listeners hear of a change. */
  private setRefused(channel: string, error: string | undefined) {
    const known = this.refusals.find((r) => r.channel === channel);
    if (known?.error === error) return;
    const others = this.refusals.filter((r) => r.channel !== channel);
    this.refusals = error === undefined ? others : [...others, { channel, error }];
    this.notify(this.statusListeners);
  }

  private notify(listeners: Set<() => void>) {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        this.report(error);
      }
    }
  }

  private resumed() {
    if (!this.isInterrupted) return;
    this.setInterrupted(false);
    this.notify(this.resumeListeners);
  }

  private ensureRunning() {
    if (this.running) return;
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.running = this.loop(signal).finally(() => {
      this.running = undefined;
      // A subscribe that raced with stopping starts a fresh loop.
      if (this.handlers.size > 0 && !this.graceTimer) this.ensureRunning();
    });
  }

  private readonly wentOffline = () => this.interruption.abort(new Error('Realtime request lost: the browser went offline'));
  private readonly wentOnline = () => this.online.abort();
  /**
   * A REST request of the page got no answer (the connection failed or was refused, without the
   * browser going offline: a VPN dropped, a laptop woke, the server restarts): the held long-poll
   * would learn of it only when its hold ends. Said interrupted now (also between two requests, so
   * the next connect asks for an answer at once) and the request under way ended as lost; the loop
   * backs off and tries again as after any failure.
   */
  private readonly requestUnanswered = (error: unknown) => {
    this.setInterrupted(true);
    this.interruption.abort(new Error('Realtime request lost: another request of the page got no answer', { cause: error }));
  };

  private async loop(signal: AbortSignal) {
    const events = this.opts.networkEvents ?? pageEvents();
    events?.addEventListener('offline', this.wentOffline);
    events?.addEventListener('online', this.wentOnline);
    const stopHearingUnanswered = onNoAnswer(this.requestUnanswered);
    try {
      await this.run(signal);
    } finally {
      events?.removeEventListener('offline', this.wentOffline);
      events?.removeEventListener('online', this.wentOnline);
      stopHearingUnanswered();
    }
  }

  private async run(signal: AbortSignal) {
    let failures = 0;
    while (!signal.aborted && this.handlers.size > 0) {
      if (this.interruption.signal.aborted) this.interruption = new AbortController();
      try {
        if (!this.clientId) {
          await this.handshake(signal);
          await this.subscribePending(signal, true);
          // Subscribed again: from here on nothing is missed, so what was missed can be read now
          // (the next connect is a long-poll that may answer only at its time-out).
          this.resumed();
        } else {
          // A channel whose subscribe request failed on this session (said as interrupted) is
          // subscribed before the next connect says the connection works again.
          await this.subscribePending(signal, false);
        }
        // After a failure the connect asks for an answer at once (advice timeout 0, as CometD's own
        // client does on its first connect): it tells that the connection works again.
        const connectMessage: BayeuxMessage = { channel: '/meta/connect', clientId: this.clientId, connectionType: 'long-polling' };
        if (this.isInterrupted) connectMessage.advice = { timeout: 0 };
        const replies = await this.send([connectMessage], signal);
        failures = 0;
        const connect = replies.find((m) => m.channel === '/meta/connect');
        this.dispatch(replies);
        if (connect?.advice) this.advice = { ...this.advice, ...connect.advice };
        if (connect?.successful) this.resumed();
        if (connect && !connect.successful) {
          if (this.advice.reconnect === 'none') {
            // The server ended this session and asks for no reconnect. The screens still want their
            // updates: said as interrupted, then a new session after the back-off (returning here
            // restarted the loop at once, a connect per round trip for as long as the server said so).
            this.advice = { ...this.advice, reconnect: 'retry' };
            throw new HandshakeRequired(`Realtime session ended by the server: ${connect.error ?? 'reconnect none'}`);
          }
          if (this.advice.reconnect === 'handshake' || connect.error?.startsWith('402')) this.forget();
        }
        await sleep(this.advice.interval, signal);
      } catch (error) {
        if (signal.aborted) return;
        this.setInterrupted(true);
        if (error instanceof HandshakeRequired) this.forget();
        this.report(error);
        failures++;
        // The back-off; the network coming back (the browser's `online`) ends it at once.
        if (this.online.signal.aborted) this.online = new AbortController();
        await sleep(Math.min(this.opts.retryDelayMs * 2 ** (failures - 1), this.opts.maxRetryDelayMs), signal, this.online.signal);
      }
    }
  }

  private forget() {
    if (this.clientId) this.setInterrupted(true);
    this.clientId = undefined;
    this.confirmed.clear();
  }

  private async handshake(signal: AbortSignal) {
    const token = (this.opts.xsrfToken ?? currentXsrfToken)();
    const [reply] = await this.send(
      [
        {
          channel: '/meta/handshake',
          version: '1.0',
          minimumVersion: '1.0',
          supportedConnectionTypes: ['long-polling'],
          ext: { [AUTHN_EXT]: { xsrfToken: token } },
        },
      ],
      signal,
    );
    if (!reply?.successful || !reply.clientId) throw new Error(`Realtime handshake failed: ${reply?.error ?? 'no answer'}`);
    if (reply.advice) this.advice = { ...this.advice, ...reply.advice };
    this.clientId = reply.clientId;
  }

  /**
   * Subscribes, before a connect, the channels not subscribed on this session: every channel of a
   * new session (`all`: a refusal is asked again, the user's roles may have changed), else those
   * neither confirmed nor refused (a subscribe whose request failed). A failed request throws: the
   * loop says interrupted and tries again after the back-off.
   */
  private async subscribePending(signal: AbortSignal, all: boolean) {
    const pending = this.channels.filter((c) => !this.confirmed.has(c) && (all || !this.refusals.some((r) => r.channel === c)));
    await Promise.all(pending.map((c) => this.trySubscribe(c, signal)));
    if (!this.clientId) throw new HandshakeRequired('Realtime session forgotten by the server while subscribing');
  }

  /**
   * A channel's first subscriber while the session is live: its subscribe goes beside the held
   * long-poll. A request that fails (the server was not reached, or forgot the session) is an
   * interruption the browser knows of now: said at once and the held long-poll ended, so the loop
   * backs off and subscribes the channel again (the long-poll alone would have noticed only at the
   * end of its hold, and never subscribed the channel on this session).
   */
  private async sendSubscribe(channel: string) {
    try {
      await this.trySubscribe(channel);
    } catch (error) {
      this.report(error);
      // Stopped meanwhile, or the channel left: nothing on screen waits for it.
      if (!this.running || !this.handlers.has(channel)) return;
      if (error instanceof HandshakeRequired) this.forget();
      this.setInterrupted(true);
      this.interruption.abort(error);
    }
  }

  /** Subscribes the channel on the current session; throws when the request failed (not when the server answered). */
  private async trySubscribe(channel: string, signal?: AbortSignal) {
    const clientId = this.clientId;
    const key = `${clientId} ${channel}`;
    if (!clientId || this.confirmed.has(channel) || this.subscribing.has(key)) return;
    this.subscribing.add(key);
    try {
      const replies = await this.send([{ channel: '/meta/subscribe', clientId, subscription: channel }], signal);
      const reply = replies.find((m) => m.channel === '/meta/subscribe');
      if (reply?.successful && clientId === this.clientId && this.handlers.has(channel)) {
        this.confirmed.add(channel);
        this.setRefused(channel, undefined);
      } else if (reply?.error?.startsWith('402')) {
        if (clientId !== this.clientId) return;
        this.forget();
        // The held long-poll of the forgotten session ends now: the loop starts a new one.
        this.interruption.abort(new Error(`Realtime subscribe to ${channel}: ${reply.error}`));
      } else if (!reply?.successful) {
        this.report(new Error(`Realtime subscribe to ${channel} failed: ${reply?.error ?? 'no answer'}`));
        // The server said no (not a lost request): the screen is told, and it is not asked again in a loop.
        if (reply && clientId === this.clientId && this.handlers.has(channel)) this.setRefused(channel, reply.error ?? 'refused');
      }
      this.dispatch(replies);
    } finally {
      this.subscribing.delete(key);
    }
  }

  private dispatch(messages: BayeuxMessage[]) {
    for (const m of messages) {
      if (m.channel.startsWith('/meta/') || m.data === undefined) continue;
      for (const [pattern, set] of this.handlers) {
        if (!channelMatches(pattern, m.channel)) continue;
        for (const handler of [...set]) {
          try {
            handler(m.data as RealtimeMessage, m.channel);
          } catch (error) {
            this.report(error);
          }
        }
      }
    }
  }

  /**
   * Posts the messages; a request without an answer within the server's hold (a connect's) plus
   * maxNetworkDelayMs, or under way when the connection is known to be interrupted (the browser
   * went offline, a subscribe or another request of the page got no answer), fails as lost (the
   * caller's `signal` still cancels: that is a stop, not a failure).
   */
  private async send(messages: BayeuxMessage[], signal?: AbortSignal): Promise<BayeuxMessage[]> {
    const body = messages.map((m) => ({ ...m, id: String(++this.nextId) }));
    const doFetch = this.opts.fetch ?? fetch;
    const token = (this.opts.xsrfToken ?? currentXsrfToken)();
    const connect = messages.find((m) => m.channel === '/meta/connect');
    const hold = connect ? (connect.advice?.timeout ?? this.advice.timeout) : 0;
    const limitMs = hold + this.opts.maxNetworkDelayMs;
    const lost = new AbortController();
    const timer = setTimeout(() => lost.abort(new Error(`Realtime request lost: no answer within ${Math.round(limitMs / 1000)} s`)), limitMs);
    const interruption = this.interruption.signal;
    const onInterruption = () => lost.abort(interruption.reason);
    const onCancel = () => lost.abort(signal?.reason);
    interruption.addEventListener('abort', onInterruption, { once: true });
    if (signal?.aborted) onCancel();
    else signal?.addEventListener('abort', onCancel, { once: true });
    try {
      const res = await doFetch(this.opts.url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': MEDIA.json, Accept: MEDIA.json, ...(token ? { [XSRF_HEADER]: token } : {}) },
        body: JSON.stringify(body),
        signal: lost.signal,
      });
      if (res.status === 401 || res.status === 402) throw new HandshakeRequired(`Realtime ${res.status}`);
      if (!res.ok) throw new Error(`Realtime request failed: ${res.status} ${res.statusText}`);
      const replies = (await res.json()) as BayeuxMessage[];
      return Array.isArray(replies) ? replies : [replies];
    } catch (error) {
      // Lost (not the caller's cancel): said with its reason, whatever the fetch threw on the abort.
      if (lost.signal.aborted && !signal?.aborted) throw lost.signal.reason as Error;
      throw error;
    } finally {
      clearTimeout(timer);
      interruption.removeEventListener('abort', onInterruption);
      signal?.removeEventListener('abort', onCancel);
    }
  }
}

// One connection per page, although every plugin bundle carries its own copy of this module.
const SHARED_KEY = Symbol.for('adamos.shared.platform.realtime');
const pageGlobal = globalThis as typeof globalThis & { [SHARED_KEY]?: RealtimeClient };

/** The page's one realtime connection (created on first use). */
export function getRealtime(): RealtimeClient {
  // A failure is logged with its cause; the client keeps trying (backing off up to MAX_RETRY_DELAY_MS).
  return (pageGlobal[SHARED_KEY] ??= new RealtimeClient({ onError: (error) => console.warn('Realtime updates interrupted, trying again:', error) }));
}

/** Subscribes on the page's shared connection; returns the unsubscribe function. */
export function subscribe<T = unknown>(channel: string, handler: RealtimeHandler<T>): () => void {
  return getRealtime().subscribe(channel, handler);
}

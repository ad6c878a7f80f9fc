/** A minimal Bayeux long-polling client for server tests: handshake, subscribe, collect messages. */
import { AUTH, type Who } from './helpers';

export interface BayeuxMessage {
  channel: string;
  successful?: boolean;
  clientId?: string;
  error?: string;
  subscription?: string;
  data?: { realtimeAction: string; data: unknown };
}

/** How long one wait for notifications may take before the test gives up. */
const WAIT_MS = 5000;
const POLL_GAP_MS = 50;

export async function bayeux(baseUrl: string, messages: unknown[], path = '/notification/realtime'): Promise<BayeuxMessage[]> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(messages) });
  return (await res.json()) as BayeuxMessage[];
}

export function basicToken(who: Exclude<Who, 'nobody'>): string {
  return AUTH[who].slice('Basic '.length);
}

export class Subscriber {
  readonly received: BayeuxMessage[] = [];
  private constructor(
    private readonly baseUrl: string,
    readonly clientId: string,
  ) {}

  /** Handshakes as `who`, subscribes to every channel and answers the subscribe replies. */
  static async open(baseUrl: string, channels: string[], who: Exclude<Who, 'nobody'> | { token: string } = 'admin'): Promise<{ sub: Subscriber; replies: BayeuxMessage[] }> {
    const token = typeof who === 'string' ? basicToken(who) : who.token;
    const [hs] = await bayeux(baseUrl, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: { 'com.cumulocity.authn': { token } } }]);
    if (!hs.successful || !hs.clientId) throw new Error(`handshake failed: ${JSON.stringify(hs)}`);
    const replies = await bayeux(
      baseUrl,
      channels.map((subscription) => ({ channel: '/meta/subscribe', clientId: hs.clientId, subscription })),
    );
    const sub = new Subscriber(baseUrl, hs.clientId);
    await sub.drain();
    return { sub, replies };
  }

  /** One immediate connect: whatever is queued for the client now. */
  async drain(): Promise<BayeuxMessage[]> {
    const replies = await bayeux(this.baseUrl, [{ channel: '/meta/connect', clientId: this.clientId, connectionType: 'long-polling', advice: { timeout: 0 } }]);
    const data = replies.filter((m) => !m.channel.startsWith('/meta/'));
    this.received.push(...data);
    return data;
  }

  /** Polls until `done` holds for everything received so far, or fails after WAIT_MS. */
  async until(done: (all: BayeuxMessage[]) => boolean): Promise<BayeuxMessage[]> {
    const deadline = Date.now() + WAIT_MS;
    while (!done(this.received)) {
      if (Date.now() > deadline) throw new Error(`no matching notification; received ${JSON.stringify(this.received)}`);
      await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      await this.drain();
    }
    return this.received;
  }

  /** Waits a little and returns what arrived: for asserting that nothing was delivered. */
  async settle(ms = 300): Promise<BayeuxMessage[]> {
    await new Promise((r) => setTimeout(r, ms));
    await this.drain();
    return this.received;
  }

  async close(): Promise<void> {
    await bayeux(this.baseUrl, [{ channel: '/meta/disconnect', clientId: this.clientId }]);
  }
}

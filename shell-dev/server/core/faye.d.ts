// faye ships no types; only what the realtime module uses is declared.
declare module 'faye' {
  import type { IncomingMessage, Server } from 'node:http';

  export interface BayeuxMessage {
    channel: string;
    clientId?: string;
    id?: string;
    successful?: boolean;
    error?: string;
    subscription?: string | string[];
    data?: unknown;
    ext?: Record<string, unknown>;
    [k: string]: unknown;
  }

  export interface Extension {
    incoming?(message: BayeuxMessage, request: IncomingMessage | undefined, callback: (m: BayeuxMessage) => void): void;
    outgoing?(message: BayeuxMessage, request: IncomingMessage | undefined, callback: (m: BayeuxMessage) => void): void;
  }

  export interface ClientExtension {
    outgoing?(message: BayeuxMessage, callback: (m: BayeuxMessage) => void): void;
  }

  export class Client {
    publish(channel: string, data: unknown): { then(ok: () => void, fail: (e: unknown) => void): void };
    addExtension(ext: ClientExtension): void;
    disconnect(): void;
  }

  export class NodeAdapter {
    constructor(options: { mount: string; timeout?: number; ping?: number });
    attach(server: Server): void;
    addExtension(ext: Extension): void;
    getClient(): Client;
    on(event: 'disconnect' | 'handshake', listener: (clientId: string) => void): void;
    on(event: 'subscribe' | 'unsubscribe', listener: (clientId: string, channel: string) => void): void;
    close(): void;
  }

  const faye: { NodeAdapter: typeof NodeAdapter; logger?: unknown };
  export default faye;
}

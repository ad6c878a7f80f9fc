/** The part of the `ws` package (installed without its types) the realtime tests use. */
declare module 'ws' {
  export default class WebSocket {
    constructor(url: string);
    on(event: 'message', listener: (data: Buffer) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
    once(event: 'close', listener: (code: number) => void): this;
    send(data: string): void;
    close(): void;
  }
}

import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createServer, type RunningServer, type ServerOptions } from '../app';

export const AUTH = {
  admin: 'Basic ' + Buffer.from('demo/admin:demo').toString('base64'),
  operator: 'Basic ' + Buffer.from('demo/operator:demo').toString('base64'),
  viewer: 'Basic ' + Buffer.from('demo/viewer:demo').toString('base64'),
} as const;
export type Who = keyof typeof AUTH | 'nobody';

export function tempDir(prefix = 'stand-in-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A real server on a random port over a real database file, simulator off. */
export async function start(opts: Partial<ServerOptions> = {}): Promise<RunningServer & { dataDir: string }> {
  const dataDir = opts.dataDir ?? tempDir();
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    devices: 0,
    simulate: 'off',
    seed: 1,
    staticDir: path.join(dataDir, 'no-apps'),
    manifestPath: path.join(dataDir, 'no-manifest.json'),
    ...opts,
    dataDir,
  });
  return { ...server, dataDir };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function client(baseUrl: string) {
  return async function api<T = Record<string, unknown>>(
    method: string,
    url: string,
    opts: { who?: Who; body?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const who = opts.who ?? 'admin';
    if (who !== 'nobody') headers.authorization = AUTH[who];
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await fetch(baseUrl + url, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body: body as T, text };
  };
}

/** The platform's error body, for toMatchObject. */
export const ERROR_SHAPE = { error: expect.any(String), message: expect.any(String), info: expect.any(String) };

/**
 * One server for the whole test file: started before its first test, closed after its last.
 * Read `server` and `api` inside tests (they are set once beforeAll has run).
 */
export function serverPerFile(opts: Partial<ServerOptions> = {}): { readonly server: RunningServer & { dataDir: string }; readonly api: ReturnType<typeof client> } {
  let server: (RunningServer & { dataDir: string }) | undefined;
  let api: ReturnType<typeof client> | undefined;
  beforeAll(async () => {
    server = await start(opts);
    api = client(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get api() {
      if (!api) throw new Error('the server starts in beforeAll');
      return api;
    },
  };
}

/** Status and JSON body of the answer to a raw request (node:http, whose body a test writes). */
export function answerOf(req: http.ClientRequest): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
  });
}

/** Writes zeros to `req` until more than `bytes` went out (a body streamed past a limit), or `answered` settles first. */
export async function writeBeyond(req: http.ClientRequest, bytes: number, answered?: Promise<unknown>): Promise<void> {
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let sent = 0; sent <= bytes && !req.destroyed; sent += chunk.length) {
    if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), ...(answered ? [answered] : [])]);
  }
}

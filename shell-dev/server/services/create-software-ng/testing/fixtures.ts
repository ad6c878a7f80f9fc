import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ManagedObject } from '../../../core/api';
import { DEVICE_TYPE_NETBOX, FRAGMENT_PACKAGE_LIST, SOFTWARE_TYPE } from '../constants';
import { createSoftwareNgModule, type CreateSoftwareNgModule } from '../index';
import { buildApp, FakeCore } from './fake-core';

export interface Harness {
  dir: string;
  file: string;
  core: FakeCore;
  module: CreateSoftwareNgModule;
  app: FastifyInstance;
  /** A real HTTP call (light-my-request's inject cannot load under jest). */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, roles?: string): Promise<Reply>;
  close(): Promise<void>;
}

export const PREFIX = '/service/create-software-ng';

export interface Reply {
  statusCode: number;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test replies are asserted field by field
}

export async function httpCall(base: string, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(base + url, {
    method,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await res.text();
  return { statusCode: res.status, json: () => (text ? JSON.parse(text) : undefined) };
}

/** A fake core on a fresh SQLite file with the service registered (rollout timer off: tests tick). */
export async function harness(dir = mkdtempSync(join(tmpdir(), 'csng-'))): Promise<Harness> {
  const file = join(dir, 'db.sqlite');
  const core = new FakeCore(file);
  const module = createSoftwareNgModule({ rolloutTimers: false });
  const app = await buildApp(core, module);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    call: (method, url, payload, roles) => httpCall(base, method, PREFIX + url, payload, roles !== undefined ? { 'x-roles': roles } : {}),
    dir,
    file,
    core,
    module,
    app,
    async close() {
      await app.close();
      await module.close?.();
      core.close();
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function device(core: FakeCore, fragments: Record<string, unknown> = {}): ManagedObject {
  return core.inventory.create({ type: DEVICE_TYPE_NETBOX, name: 'dev', c8y_IsDevice: {}, [FRAGMENT_PACKAGE_LIST]: [], ...fragments });
}

export function software(core: FakeCore, fragments: Record<string, unknown> = {}): ManagedObject {
  return core.inventory.create({
    type: SOFTWARE_TYPE,
    name: 'agent',
    version: '1.0.0',
    deviceType: DEVICE_TYPE_NETBOX,
    url: 'https://example.com/agent.zip',
    category: 'normal',
    apptype: 'APPLICATION',
    installation_requires_approval: false,
    c8y_encryptionKey: true,
    dependencies: [],
    ...fragments,
  });
}

export const validPackage = {
  name: 'MDC',
  version: '2.1.0',
  deviceType: DEVICE_TYPE_NETBOX,
  md5: 'a'.repeat(32),
  sha256: 'b'.repeat(64),
  apptype: 'APPLICATION',
  category: 'normal',
  password: 'secret-pass',
  url: 'https://store.example.com/mdc-2.1.0.zip',
};

import type { ServerCore, ManagedObject } from '../../../core/api';
import { startTestServer, type TestServer, type TestUser } from '../../../testing/core';
import { DEVICE_TYPE_NETBOX, FRAGMENT_PACKAGE_LIST, SOFTWARE_TYPE } from '../constants';
import { createSoftwareNgModule, type CreateSoftwareNgModule } from '../index';

export { removeDir } from '../../../testing/core';

/** The real core with the service registered behind the stand-in's authentication and role table. */
export interface Harness extends TestServer {
  module: CreateSoftwareNgModule;
  /** A real HTTP call under the service's prefix, signed in as `who` (admin unless given). */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who?: TestUser): Promise<Reply>;
}

export const PREFIX = '/service/create-software-ng';
/** Where every harness's clock starts (also after a restart on the same directory). */
export const START_MS = Date.UTC(2024, 0, 1);

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

/**
 * The real core on a fresh temporary directory, or on `dir` again (a restart), with the service
 * registered (rollout timers off: tests move the clock and tick).
 */
export async function harness(dir?: string): Promise<Harness> {
  const module = createSoftwareNgModule({ rolloutTimers: false });
  const server = await startTestServer({ now: START_MS, modules: [module], auth: true, dir });
  return {
    ...server,
    module,
    call: (method, url, payload, who = 'admin') => httpCall(server.baseUrl, method, PREFIX + url, payload, server.headers(who)),
  };
}

export function device(core: ServerCore, fragments: Record<string, unknown> = {}): ManagedObject {
  return core.inventory.create({ type: DEVICE_TYPE_NETBOX, name: 'dev', c8y_IsDevice: {}, [FRAGMENT_PACKAGE_LIST]: [], ...fragments });
}

export function software(core: ServerCore, fragments: Record<string, unknown> = {}): ManagedObject {
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

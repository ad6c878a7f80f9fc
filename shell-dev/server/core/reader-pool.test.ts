/**
 * Inventory lists read in worker threads (reader-pool.ts) over a real server and database file:
 * a list sees every write committed before it was asked for, errors keep their status, and a
 * slow list does not hold the event loop (other requests are answered meanwhile).
 */
import { AUTH, client, start } from '../test/helpers';
import { withLinksAt } from './managed-object-links';
import { ReaderPool } from './reader-pool';

type List = { managedObjects: Array<{ id: string; name: string }>; statistics: { totalElements?: number } };

it('leaves a small inventory to the main thread (no workers for tests and e2e fleets)', async () => {
  const small = await start();
  try {
    const res = await client(small.url)<List>('GET', '/inventory/managedObjects?pageSize=5');
    expect(res.status).toBe(200);
    expect(small.core.readers!.started).toBe(false);
  } finally {
    await small.close();
  }
});

it('fails a reader that cannot open its database with the cause, and lists stay on the main thread', async () => {
  const pool = new ReaderPool('/nonexistent/dir/platform.sqlite', 100, 1);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(pool.ready()).rejects.toThrow(/could not start/);
    expect(logged).toHaveBeenCalledWith('inventory reader stopped', expect.anything());
    expect(pool.available).toBe(false);
    // Not started again for every list: the failure is remembered.
    expect(pool.started).toBe(true);
  } finally {
    logged.mockRestore();
    await pool.close();
  }
});

describe('reader pool', () => {
  let server: Awaited<ReturnType<typeof start>>;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await start();
    api = client(server.url);
    await server.core.readers!.ready();
  });
  afterAll(() => server.close(), 30_000);

  const list = (query: string) => api<List>('GET', `/inventory/managedObjects?${new URLSearchParams({ query, pageSize: '100', withTotalElements: 'true' })}`);

  it('sees each write committed before the list was asked for', async () => {
    const served = server.core.readers!.served;
    for (let i = 0; i < 20; i++) {
      const created = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: `rw-${i}`, type: 'rw', c8y_Availability: { status: 'AVAILABLE' } } });
      // The previous ones were made UNAVAILABLE below: the new one is the only AVAILABLE one.
      const after = await list(`type eq 'rw' and c8y_Availability.status eq 'AVAILABLE'`);
      expect(after.body.managedObjects.map((m) => m.id)).toEqual([created.body.id]);
      await api('PUT', `/inventory/managedObjects/${created.body.id}`, { body: { c8y_Availability: { status: 'UNAVAILABLE' } } });
      expect((await list(`type eq 'rw' and c8y_Availability.status eq 'UNAVAILABLE'`)).body.statistics.totalElements).toBe(i + 1);
    }
    const victim = (await list(`name eq 'rw-3'`)).body.managedObjects[0];
    await api('DELETE', `/inventory/managedObjects/${victim.id}`);
    expect((await list(`type eq 'rw'`)).body.managedObjects.map((m) => m.name)).not.toContain('rw-3');
    // Every list above ran in a reader, not on the main thread.
    expect(server.core.readers!.served - served).toBe(20 * 2 + 2);
  });

  it('renders the page as the main thread does (documents, links, statistics, paging links)', async () => {
    const query = "type eq 'rw'";
    const res = await api<List & { self: string; next?: string; prev?: string }>(
      'GET',
      `/inventory/managedObjects?${new URLSearchParams({ query, pageSize: '3', currentPage: '2', withTotalElements: 'true', withParents: 'true' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.com.nsn.cumulocity.managedobjectcollection+json; charset=UTF-8');
    const inThread = server.core.inventory.query({ query, pageSize: 3, currentPage: 2, withTotal: true, withParents: true, withChildren: true });
    const base = server.url.replace('127.0.0.1', res.body.self.split('/')[2].split(':')[0]);
    expect(res.body.managedObjects).toEqual(inThread.items.map((d) => withLinksAt(base, d)));
    expect(res.body.statistics).toEqual({ pageSize: 3, currentPage: 2, totalElements: inThread.totalElements });
    expect(res.body.self).toContain('currentPage=2');
    expect(res.body.next).toContain('currentPage=3');
    expect(res.body.prev).toContain('currentPage=1');
  });

  it('answers a bad query with its 422 from the reader', async () => {
    const res = await list("name eq 'unterminated");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'inventory/Invalid Data', message: expect.stringContaining('unterminated string') });
  });

  it('keeps answering other requests while a slow list runs', async () => {
    // A filter of 50 conditions on a path no index or column holds: every document is read and
    // matched 50 times. The documents double until that list alone takes SLOW_MS on this machine,
    // so the order below does not depend on how fast the machine is.
    const SLOW_MS = 300;
    const slow = Array.from({ length: 50 }, (_, i) => `probe.value eq '*x${i}y*'`).join(' or ');
    const url = `${server.url}/inventory/managedObjects?${new URLSearchParams({ query: slow, pageSize: '5', withTotalElements: 'true' })}`;
    const slowList = async () => {
      const r = await fetch(url, { headers: { authorization: AUTH.admin } });
      expect(r.status).toBe(200);
      await r.json();
    };
    let created = 0;
    let alone = 0;
    for (let batch = 1000; alone < SLOW_MS && created < 64_000; batch = created) {
      server.core.transaction(() => {
        for (let i = 0; i < batch; i++) server.core.inventory.create({ name: `slow-${created + i}`, type: 'slow', probe: { value: `v${created + i}` } });
      });
      created += batch;
      const t = performance.now();
      await slowList();
      alone = performance.now() - t;
    }
    expect(alone).toBeGreaterThanOrEqual(SLOW_MS);

    const order: string[] = [];
    const slowDone = slowList().then(() => order.push('slow'));
    await new Promise((r) => setTimeout(r, 20));
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    order.push('health');
    const quick = await list("name eq 'rw-1*'");
    expect(quick.status).toBe(200);
    order.push('quick list');
    await slowDone;
    expect(order).toEqual(['health', 'quick list', 'slow']);
  }, 120_000);
});

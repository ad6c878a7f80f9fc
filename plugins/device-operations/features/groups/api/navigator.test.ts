import { configureClient } from '@shared/platform/fetch-client';
import { loadGroupChildren } from './navigator';

type Call = { url: string };

function fakeServer(pages: Record<string, number>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: string) => {
    calls.push({ url: input });
    const url = new URL(input, 'http://x');
    const query = url.searchParams.get('query') ?? '';
    const pageSize = Number(url.searchParams.get('pageSize'));
    const current = Number(url.searchParams.get('currentPage') ?? 1);
    const key = Object.keys(pages).find((k) => query.includes(k)) ?? '';
    const total = pages[key] ?? 0;
    const start = (current - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - start));
    const managedObjects = Array.from({ length: count }, (_, i) => ({ id: String(1000 + start + i), name: `${key}-${start + i}` }));
    return new Response(JSON.stringify({ managedObjects, statistics: { currentPage: current, pageSize } }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  configureClient({ fetch: fetchFn, baseUrl: '' });
  return calls;
}

describe('groups navigator', () => {
  it('root: static root groups and the first 10 smart groups with more', async () => {
    const calls = fakeServer({ c8y_IsDeviceGroup: 3, c8y_IsDynamicGroup: 16 });
    const page = await loadGroupChildren(null);
    expect(page.nodes).toHaveLength(13);
    expect(page.nodes[0]).toMatchObject({ path: '/group/1000', expandable: true });
    expect(page.nodes[3].expandable).toBe(false);
    expect(calls.some((c) => c.url.includes('onlyRoots=true'))).toBe(true);
    const more = await page.more!();
    expect(more.nodes).toHaveLength(6);
    expect(more.more).toBeUndefined();
  });
  it('a group: subgroups and devices of that group, lazily', async () => {
    const calls = fakeServer({ 'has(c8y_IsDeviceGroup)) and': 2, 'not(has': 4 });
    const page = await loadGroupChildren('/group/42');
    expect(page.nodes.map((n) => n.path.split('/')[1])).toEqual(['group', 'group', 'device', 'device', 'device', 'device']);
    expect(calls.every((c) => decodeURIComponent(c.url).includes('bygroupid(42)'))).toBe(true);
  });
  it('ignores paths that are not groups', async () => {
    expect(await loadGroupChildren('/device/1')).toEqual({ nodes: [] });
  });
});

describe('groups navigator on a tenant with more groups than a page holds', () => {
  it('offers the root groups past the first page with "Search more", then the smart groups', async () => {
    fakeServer({ c8y_IsDeviceGroup: 2003, c8y_IsDynamicGroup: 12 });
    const page = await loadGroupChildren(null);
    expect(page.nodes).toHaveLength(2000);
    expect(page.nodes.every((n) => n.expandable)).toBe(true);
    const more = await page.more!();
    // The last 3 root groups, then the first 10 smart groups.
    expect(more.nodes).toHaveLength(13);
    expect(more.nodes.slice(0, 3).every((n) => n.expandable)).toBe(true);
    expect(more.nodes.slice(3).every((n) => !n.expandable)).toBe(true);
    const last = await more.more!();
    expect(last.nodes).toHaveLength(2);
    expect(last.more).toBeUndefined();
  });

  it("offers a group's subgroups past the first page, then its devices", async () => {
    fakeServer({ 'has(c8y_IsDeviceGroup)) and': 2001, 'not(has': 4 });
    const page = await loadGroupChildren('/group/42');
    expect(page.nodes).toHaveLength(2000);
    const more = await page.more!();
    expect(more.nodes.map((n) => n.path.split('/')[1])).toEqual(['group', 'device', 'device', 'device', 'device']);
  });
});

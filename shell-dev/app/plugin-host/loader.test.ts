jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(), loadRemote: jest.fn(), registerRemotes: jest.fn() }));

import { loadPlugins, type RemoteRuntime } from './loader';
import type { PluginManifestEntry } from './enabled';

const entry = (id: string): PluginManifestEntry => ({
  id,
  name: id,
  module: 'plugin',
  contextPath: id,
  version: '1.0.0',
  defaultEnabled: true,
  description: '',
});

const nav = (id: string) => ({ kind: 'navigator-node', id: `navigator-node:${id}/x`, label: 'X', priority: 1 });

function runtime(remotes: Record<string, () => Promise<unknown>>, over: Partial<RemoteRuntime> = {}): RemoteRuntime & { registered: string[] } {
  const registered: string[] = [];
  return {
    registered,
    register: (list) => registered.push(...list.map((r) => `${r.name}=${r.entry}`)),
    load: (request) => remotes[request.split('/')[0]](),
    loadLocales: async () => undefined,
    now: () => 0,
    timeoutMs: 50,
    ...over,
  };
}

describe('loadPlugins', () => {
  it('settles every plugin on its own', async () => {
    const rt = runtime({
      good: async () => ({ default: { id: 'good', contributions: [nav('good')] } }),
      missing: async () => Promise.reject(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script')),
      hanging: () => new Promise(() => undefined),
      wrongid: async () => ({ default: { id: 'other', contributions: [] } }),
      empty: async () => null,
      partial: async () => ({ default: { id: 'partial', contributions: [nav('partial'), { kind: 'route', id: 'route:partial/bad', priority: 0, path: 'x' }] } }),
    });
    const seen: string[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const results = await loadPlugins(['good', 'missing', 'hanging', 'wrongid', 'empty', 'partial'].map(entry), rt, (r) => seen.push(r.id));
    // The screens lead the reason with a sentence in the user's language; the console keeps the technical cause.
    expect(error).toHaveBeenCalledWith('Plugin missing failed to load: [ Federation Runtime ]: RUNTIME-008 failed to load script');
    expect(error).toHaveBeenCalledTimes(4);
    error.mockRestore();
    expect(rt.registered).toContain('missing=/apps/missing/remoteEntry.js');
    expect(seen.sort()).toEqual(['empty', 'good', 'hanging', 'missing', 'partial', 'wrongid']);
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(byId.good).toMatchObject({ status: 'loaded', warnings: [] });
    expect(byId.good.status === 'loaded' && byId.good.contributions.map((c) => [c.id, c.pluginId])).toEqual([['navigator-node:good/x', 'good']]);
    expect(byId.missing).toMatchObject({ status: 'failed', reason: expect.stringContaining('RUNTIME-008') });
    expect(byId.hanging).toMatchObject({ status: 'failed', reason: 'Plugin hanging did not load within 50 ms' });
    expect(byId.wrongid).toMatchObject({ status: 'failed', reason: "Plugin wrongid: declares id 'other'" });
    expect(byId.empty).toMatchObject({ status: 'failed', reason: expect.stringContaining('did not provide ./plugin') });
    expect(byId.partial).toMatchObject({ status: 'loaded', warnings: [expect.stringContaining("contribution 'route:partial/bad' rejected")] });
  });

  it('keeps a plugin whose translations fail, with a warning', async () => {
    const rt = runtime(
      { p: async () => ({ default: { id: 'p', contributions: [nav('p')], locales: { en: async () => ({}) } } }) },
      { loadLocales: async () => Promise.reject(new Error('404')) },
    );
    const [result] = await loadPlugins([entry('p')], rt, () => undefined);
    expect(result).toMatchObject({ status: 'loaded', warnings: ['Plugin p: translations failed to load: 404'] });
  });

  it('a throwing result listener does not stop the others', async () => {
    const rt = runtime({ a: async () => ({ default: { id: 'a', contributions: [] } }), b: async () => ({ default: { id: 'b', contributions: [] } }) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    await loadPlugins([entry('a'), entry('b')], rt, (r) => {
      seen.push(r.id);
      if (r.id === 'a') throw new Error('boom');
    });
    expect(seen.sort()).toEqual(['a', 'b']);
    error.mockRestore();
  });

  it('never registers a second container of one federation name, nor one named like the shell', async () => {
    const rt = runtime({ a: async () => ({ default: { id: 'a', contributions: [] } }) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await loadPlugins([entry('a')], rt, () => undefined);
    const again = await loadPlugins([{ ...entry('a'), contextPath: 'a-v2' }, entry('shell')], rt, () => undefined);
    error.mockRestore();
    expect(first).toMatchObject([{ id: 'a', status: 'loaded' }]);
    expect(again).toMatchObject([
      { id: 'a', status: 'failed', reason: 'Plugin a: the federation name is already loaded from /apps/a/' },
      { id: 'shell', status: 'failed', reason: expect.stringContaining('federation name of the shell') },
    ]);
    expect(rt.registered).toEqual(['a=/apps/a/remoteEntry.js']);
  });
});

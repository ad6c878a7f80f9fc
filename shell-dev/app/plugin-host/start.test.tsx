/**
 * README "Deferred plugins" / "Start-up order": on a start at a plugin's route that plugin loads
 * first; the others load once the screen signals its data, on the first click or key press or
 * navigation, or 2 s after the first wave registered, and the plugins page lists them as loading
 * meanwhile.
 */
import manifest from '../../../manifest.json';
import { SCREEN_READY_EVENT } from '@shared/plugin-api/screen-ready';
import { DEFERRED_PLUGINS_FALLBACK_MS } from '../constants';
import type { BundleManifest } from './enabled';
import type { useRegistry } from './registry';

const loaded: string[][] = [];

jest.mock('../api/early', () => ({
  takeTenantApplications: () => Promise.resolve({ shell: { id: '1', name: 'Dev shell', contextPath: 'shell', config: {} }, applications: [] }),
}));
jest.mock('./loader', () => ({
  federationRuntime: () => ({}),
  loadPlugins: (plugins: { id: string }[], _runtime: unknown, register: (r: unknown) => void) => {
    loaded.push(plugins.map((p) => p.id));
    for (const p of plugins) register({ id: p.id, status: 'failed', loadTimeMs: 0, reason: 'not in this test' });
    return Promise.resolve([]);
  },
}));

const bundle = manifest as unknown as BundleManifest;
const ALL = bundle.exports.map((p) => p.id);
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** Starts at `hash` in a fresh module registry; returns the start's promise. */
async function startAt(hash: string): Promise<{ done: Promise<void>; registry: typeof useRegistry }> {
  // Without a hashchange event: a navigation is itself a reason to load the others.
  window.history.replaceState(null, '', hash);
  loaded.length = 0;
  let done!: Promise<void>;
  let registry!: typeof useRegistry;
  await jest.isolateModulesAsync(async () => {
    const { startPlugins } = await import('./start');
    registry = (await import('./registry')).useRegistry;
    done = startPlugins(bundle, '');
  });
  await flush();
  return { done, registry };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('startPlugins at a plugin route', () => {
  it('waits 2 s at most for the others', async () => {
    expect(DEFERRED_PLUGINS_FALLBACK_MS).toBe(2000);
    const { done, registry } = await startAt('#/software');
    expect(loaded).toEqual([['software-repository']]);
    // The plugins page meanwhile lists the others as loading.
    expect(registry.getState().plugins['device-operations']).toEqual({ status: 'loading' });
    jest.advanceTimersByTime(DEFERRED_PLUGINS_FALLBACK_MS - 1);
    await flush();
    expect(loaded).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await done;
    expect(loaded[1].sort()).toEqual(ALL.filter((id) => id !== 'software-repository').sort());
  });

  it.each([
    ['the screen shows its data', () => window.dispatchEvent(new Event(SCREEN_READY_EVENT))],
    ['a click', () => window.dispatchEvent(new Event('pointerdown'))],
    ['a key press', () => window.dispatchEvent(new Event('keydown'))],
    ['a navigation', () => window.dispatchEvent(new Event('hashchange'))],
  ])('loads the others at once when %s', async (_what, signal) => {
    const { done } = await startAt('#/software');
    expect(loaded).toHaveLength(1);
    signal();
    await done;
    expect(loaded).toHaveLength(2);
  });

  it('loads every plugin together on a page no plugin claims alone (a device page)', async () => {
    const { done } = await startAt('#/device/1');
    await done;
    expect(loaded).toHaveLength(1);
    expect([...loaded[0]].sort()).toEqual([...ALL].sort());
  });
});

import { buildNavigatorTree } from './navigator';
import { testContext } from './testing-context';
import type { NavigatorNodeContribution, Registered } from './types';

const node = (n: Partial<NavigatorNodeContribution> & { id: string; label: string }, pluginId = 'p'): Registered<NavigatorNodeContribution> => ({
  kind: 'navigator-node',
  priority: 0,
  pluginId,
  ...n,
});

describe('buildNavigatorTree', () => {
  const ctx = testContext();

  it('merges parents by label across plugins and sorts children by priority then label', () => {
    const tree = buildNavigatorTree(
      [
        node({ id: 'm1', label: 'Management', priority: 5000 }, 'a'),
        node({ id: 'm2', label: 'Management', priority: 5000 }, 'b'),
        node({ id: 'x', label: 'Software repository', parent: 'Management', path: '/software', priority: 1000 }, 'a'),
        node({ id: 'y', label: 'Device Profiles', parent: 'Management', path: '/device-profiles-v2', priority: 1000 }, 'b'),
        node({ id: 'z', label: 'Software Rollouts', parent: 'Management', path: '/softwarerollout', priority: 1000 }, 'a'),
        node({ id: 'top', label: 'Operations Dashboard', path: '/dash', priority: 10000 }, 'c'),
      ],
      ctx,
    );
    expect(tree.map((n) => n.label)).toEqual(['Operations Dashboard', 'Management']);
    expect(tree[1].children.map((n) => n.label)).toEqual(['Device Profiles', 'Software repository', 'Software Rollouts']);
  });

  it('creates a parent that no plugin declared, from its children', () => {
    const tree = buildNavigatorTree([node({ id: 'c', label: 'Child', parent: 'Devices', path: '/c', priority: 3 })], ctx);
    expect(tree).toHaveLength(1);
    expect(tree[0].label).toBe('Devices');
    expect(tree[0].children[0].path).toBe('/c');
  });

  it('applies the navigation rules: root hidden, /device-profiles child removed, firmware icon', () => {
    const tree = buildNavigatorTree(
      [
        node({ id: 'root', label: 'Home', path: '/', priority: 1 }),
        node({ id: 'dp', label: 'Old profiles', parent: 'Management', path: '/device-profiles', priority: 1 }),
        node({ id: 'fw', label: 'Firmware', parent: 'Management', path: '/firmware-repo', icon: 'x', priority: 1 }),
      ],
      ctx,
    );
    expect(tree.map((n) => n.label)).toEqual(['Management']);
    expect(tree[0].children.map((n) => [n.label, n.icon])).toEqual([['Firmware', 'electronics']]);
  });

  it('shows nothing without a current user', () => {
    expect(buildNavigatorTree([node({ id: 'a', label: 'A', path: '/a' })], testContext({ user: null }))).toEqual([]);
  });

  it('hides nodes whose visible() is false or throws, and logs the plugin, the node and the cause of a throw', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const tree = buildNavigatorTree(
      [
        node({ id: 'a', label: 'Admin only', path: '/admin/x', visible: (c) => c.path.includes('/admin') }),
        node({ id: 'b', label: 'Broken', path: '/b', visible: () => { throw new Error('x'); } }),
        node({ id: 'c', label: 'Plain', path: '/c' }),
      ],
      ctx,
    );
    expect(tree.map((n) => n.label)).toEqual(['Plain']);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]).toEqual([expect.stringMatching(/^plugin p: visible\(\) of b failed/), expect.objectContaining({ message: 'x' })]);
    logged.mockRestore();
  });
});

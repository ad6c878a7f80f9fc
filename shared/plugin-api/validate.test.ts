import { validatePlugin } from './validate';
import { defineActionBarItem, defineDeviceTab, defineNavigatorNode, definePlugin, defineRoute } from './define';

const loader = async () => ({ default: { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined } });

describe('validatePlugin', () => {
  it('accepts a well-formed plugin and tags contributions with the plugin id', () => {
    const result = validatePlugin(
      'my-plugin',
      definePlugin({
        id: 'my-plugin',
        contributions: [
          defineNavigatorNode({ id: 'navigator-node:my-plugin/a', label: 'A', path: '/a', priority: 1 }),
          defineRoute({ id: 'route:my-plugin/a', path: '/a', title: 'A', priority: 0, loader }),
        ],
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.accepted.map((c) => c.pluginId)).toEqual(['my-plugin', 'my-plugin']);
    expect(Object.isFrozen(result.accepted[0])).toBe(true);
  });

  it.each([
    ['no default export', undefined, /no plugin definition/],
    ['wrong id', { id: 'other', contributions: [] }, /declares id 'other'/],
    ['contributions not a list', { id: 'my-plugin', contributions: 'x' }, /must be a list/],
  ])('rejects the whole plugin: %s', (_n, value, message) => {
    const result = validatePlugin('my-plugin', value);
    expect(result.accepted).toEqual([]);
    expect(result.errors[0]).toMatch(message);
    expect(result.errors[0]).toMatch(/^Plugin my-plugin/);
  });

  it('drops only the malformed contributions and names them', () => {
    const result = validatePlugin('my-plugin', {
      id: 'my-plugin',
      contributions: [
        defineDeviceTab({ id: 'device-tab:my-plugin/ok', path: 'ok', label: 'OK', priority: 1, loader }),
        { kind: 'device-tab', id: 'device-tab:my-plugin/bad', path: 'a/b', label: 'Bad', priority: 1, loader },
        { kind: 'route', id: 'route:my-plugin/noloader', path: '/x', title: 'x', priority: 0 },
        { kind: 'mystery', id: 'm', priority: 0 },
        defineDeviceTab({ id: 'device-tab:my-plugin/ok', path: 'ok2', label: 'dup', priority: 1, loader }),
        null,
      ],
    });
    expect(result.accepted.map((c) => c.id)).toEqual(['device-tab:my-plugin/ok']);
    expect(result.errors).toHaveLength(5);
    expect(result.errors.join('\n')).toMatch(/bad' rejected: path must be one segment/);
    expect(result.errors.join('\n')).toMatch(/noloader' rejected: loader must be a function/);
    expect(result.errors.join('\n')).toMatch(/unknown kind 'mystery'/);
    expect(result.errors.join('\n')).toMatch(/duplicate id/);
  });

  it('refuses a widget whose default size is not whole cells within the 12 columns', () => {
    const widget = (id: string, defaultSize: unknown) => ({
      kind: 'widget',
      id: `widget:my-plugin/${id}`,
      label: id,
      description: '',
      priority: 0,
      defaultConfig: {},
      defaultSize,
      validateConfig: () => [],
      loader,
      configLoader: loader,
    });
    const result = validatePlugin('my-plugin', {
      id: 'my-plugin',
      contributions: [widget('ok', { width: 12, height: 5 }), widget('wide', { width: 13, height: 5 }), widget('half', { width: 6, height: 2.5 }), widget('none', {})],
    });
    expect(result.accepted.map((c) => c.id)).toEqual(['widget:my-plugin/ok']);
    expect(result.errors).toHaveLength(3);
    expect(result.errors.join('\n')).toMatch(/wide' rejected: defaultSize must be/);
  });

  it("refuses an id that does not name the contribution's kind and plugin (no plugin can replace another's)", () => {
    const result = validatePlugin('my-plugin', {
      id: 'my-plugin',
      contributions: [
        defineRoute({ id: 'route:other-plugin/a', path: '/a', title: 'A', priority: 0, loader }),
        defineRoute({ id: 'device-tab:my-plugin/a', path: '/b', title: 'B', priority: 0, loader }),
        defineRoute({ id: 'my-plugin/c', path: '/c', title: 'C', priority: 0, loader }),
        defineRoute({ id: 'route:my-plugin/d', path: '/d', title: 'D', priority: 0, loader }),
      ],
    });
    expect(result.accepted.map((c) => c.id)).toEqual(['route:my-plugin/d']);
    expect(result.errors).toEqual([
      "Plugin my-plugin: contribution 'route:other-plugin/a' rejected: id must be 'route:my-plugin/<name>'",
      "Plugin my-plugin: contribution 'device-tab:my-plugin/a' rejected: id must be 'route:my-plugin/<name>'",
      "Plugin my-plugin: contribution 'my-plugin/c' rejected: id must be 'route:my-plugin/<name>'",
    ]);
  });

  it('accepts an action-bar item for a device or group page and refuses one without context, label or loader', () => {
    const item = (name: string, extra: Record<string, unknown>) => ({ kind: 'action-bar-item', id: `action-bar-item:my-plugin/${name}`, priority: 0, context: 'group', label: name, loader, ...extra });
    const result = validatePlugin('my-plugin', {
      id: 'my-plugin',
      contributions: [
        defineActionBarItem({ id: 'action-bar-item:my-plugin/group', context: 'group', label: 'Select Software', priority: 10, loader, visible: () => true }),
        defineActionBarItem({ id: 'action-bar-item:my-plugin/device', context: 'device', label: 'Restart', priority: 0, loader }),
        item('home', { context: 'home' }),
        item('nocontext', { context: undefined }),
        item('nolabel', { label: '' }),
        item('noloader', { loader: 'x' }),
        item('visible', { visible: true }),
      ],
    });
    expect(result.accepted.map((c) => c.id)).toEqual(['action-bar-item:my-plugin/group', 'action-bar-item:my-plugin/device']);
    expect(result.errors).toEqual([
      "Plugin my-plugin: contribution 'action-bar-item:my-plugin/home' rejected: context must be one of device, group",
      "Plugin my-plugin: contribution 'action-bar-item:my-plugin/nocontext' rejected: context must be one of device, group",
      "Plugin my-plugin: contribution 'action-bar-item:my-plugin/nolabel' rejected: label missing",
      "Plugin my-plugin: contribution 'action-bar-item:my-plugin/noloader' rejected: loader must be a function",
      "Plugin my-plugin: contribution 'action-bar-item:my-plugin/visible' rejected: visible must be a function",
    ]);
  });

  it('names the action-bar kind among the known kinds', () => {
    const result = validatePlugin('my-plugin', { id: 'my-plugin', contributions: [{ kind: 'toolbar', id: 'toolbar:my-plugin/x', priority: 0 }] });
    expect(result.errors[0]).toMatch(/known: .*action-bar-item/);
  });
});

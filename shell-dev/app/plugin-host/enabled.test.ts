import {
  computeLoadPlan,
  firstWave,
  startPath,
  startPlan,
  isEnabledByConfig,
  parseUrlOptions,
  setPluginEnabled,
  type BundleManifest,
  type PluginManifestEntry,
  type ShellConfig,
} from './enabled';

const plugin = (id: string, defaultEnabled = true): PluginManifestEntry => ({
  id,
  name: id,
  module: 'plugin',
  contextPath: id,
  version: '1.0.0',
  defaultEnabled,
  description: '',
});

const bundle: BundleManifest = {
  name: 'bundle',
  version: '1.0.0',
  contextPath: 'bundle',
  shell: { name: 'Shell', contextPath: 'shell', key: 'k' },
  exports: [plugin('a'), plugin('b'), plugin('c', false)],
};

const loaded = (config: ShellConfig | undefined, search = '') =>
  computeLoadPlan(bundle, config, parseUrlOptions(search))
    .filter((e) => e.load)
    .map((e) => e.plugin.id);

describe('parseUrlOptions', () => {
  it.each([
    ['', { noPlugins: false, remotes: null }],
    ['?noPlugins', { noPlugins: true, remotes: null }],
    ['?noPlugins=true', { noPlugins: true, remotes: null }],
    ['?noPlugins=false', { noPlugins: false, remotes: null }],
    ['?remotes=a,b', { noPlugins: false, remotes: ['a', 'b'] }],
    ['?remotes=%20a%20,,b', { noPlugins: false, remotes: ['a', 'b'] }],
    ['?remotes=', { noPlugins: false, remotes: [] }],
  ])('%s', (search, expected) => {
    expect(parseUrlOptions(search)).toEqual(expected);
  });
});

describe('computeLoadPlan', () => {
  it.each<[string, ShellConfig | undefined, string, string[]]>([
    ['no config: default-enabled plugins', undefined, '', ['a', 'b']],
    ['excluded by the bundle key', { excludedRemotes: { 'bundle@1.0.0': ['a'] } }, '', ['b']],
    ['excluded under another bundle version', { excludedRemotes: { 'bundle@0.9.0': ['b'] } }, '', ['a']],
    ['excluded by the plugin context path', { excludedRemotes: { 'a@1.0.0': ['plugin'] } }, '', ['b']],
    ['default-disabled plugin named in remotes', { remotes: { 'bundle@1.0.0': ['c'] } }, '', ['a', 'b', 'c']],
    ['excluded wins over remotes', { remotes: { bundle: ['c'] }, excludedRemotes: { bundle: ['c'] } }, '', ['a', 'b']],
    ['?noPlugins loads none', undefined, '?noPlugins', []],
    ['?remotes= loads only the named', { excludedRemotes: { bundle: ['b'] } }, '?remotes=b,c', ['b', 'c']],
    ['?noPlugins beats ?remotes=', undefined, '?noPlugins&remotes=a', []],
  ])('%s', (_name, config, search, expected) => {
    expect(loaded(config, search)).toEqual(expected);
  });

  it('says why a plugin is not loaded', () => {
    const plan = computeLoadPlan(bundle, { excludedRemotes: { bundle: ['a'] } }, parseUrlOptions(''));
    expect(plan.map((e) => e.reason)).toEqual(['disabled', 'enabled', 'disabled']);
    expect(computeLoadPlan(bundle, undefined, parseUrlOptions('?remotes=a'))[1].reason).toBe('url-remotes');
  });
});

describe('setPluginEnabled', () => {
  const [a, , c] = bundle.exports;

  it('disabling adds the plugin to excludedRemotes and keeps other keys', () => {
    const next = setPluginEnabled({ other: 1 }, bundle, a, false);
    expect(next).toEqual({ other: 1, remotes: {}, excludedRemotes: { 'a@1.0.0': ['plugin'] } });
    expect(isEnabledByConfig(next, bundle, a)).toBe(false);
  });

  it('enabling removes it again, under either key shape, dropping emptied keys', () => {
    const next = setPluginEnabled({ excludedRemotes: { 'bundle@1.0.0': ['a', 'b'], 'a@0.9.0': ['plugin'] } }, bundle, a, true);
    expect(next.excludedRemotes).toEqual({ 'bundle@1.0.0': ['b'] });
    const both = setPluginEnabled(next, bundle, bundle.exports[1], true);
    expect(both.excludedRemotes).toEqual({});
    expect(isEnabledByConfig(both, bundle, a)).toBe(true);
  });

  it('enabling a default-disabled plugin names it in remotes', () => {
    const next = setPluginEnabled(undefined, bundle, c, true);
    expect(next.remotes).toEqual({ 'c@1.0.0': ['plugin'] });
    expect(isEnabledByConfig(next, bundle, c)).toBe(true);
    expect(isEnabledByConfig(setPluginEnabled(next, bundle, c, false), bundle, c)).toBe(false);
  });

  it('keeps what it does not own', () => {
    const next = setPluginEnabled({ excludedRemotes: { 'bundle@0.9.0': ['b'], 'elsewhere@2.0.0': ['X'] } }, bundle, a, false);
    expect(next.excludedRemotes).toEqual({ 'bundle@0.9.0': ['b'], 'elsewhere@2.0.0': ['X'], 'a@1.0.0': ['plugin'] });
  });
});

describe('firstWave', () => {
  const lists = { ...plugin('lists'), routes: ['/views/:deviceType', '/alarms'] };
  const repo = { ...plugin('repo'), routes: ['/software'] };
  const tabs = plugin('tabs');

  it('loads the owner of the start route first', () => {
    expect(firstWave([lists, repo, tabs], '/views/iotconnector').map((p) => p.id)).toEqual(['lists']);
    expect(firstWave([lists, repo, tabs], '/software').map((p) => p.id)).toEqual(['repo']);
  });

  it('loads everything together where no plugin claims the path (the device page)', () => {
    expect(firstWave([lists, repo, tabs], '/device/42')).toEqual([]);
    expect(firstWave([lists, repo, tabs], '/views/iotconnector/extra')).toEqual([]);
  });

  it('has no second wave to defer when every plugin owns the path', () => {
    expect(firstWave([lists], '/alarms')).toEqual([]);
  });
});

describe('startPlan', () => {
  const lists = { ...plugin('lists'), routes: ['/views/:deviceType'] };
  const withRoutes: BundleManifest = { ...bundle, exports: [lists, plugin('b'), plugin('c', false)] };

  it('plans the enabled plugins and puts the owner of the start route first; an empty hash is the default route', () => {
    const empty = startPlan(withRoutes, undefined, '', '');
    expect(empty.toLoad.map((p) => p.id)).toEqual(['lists', 'b']);
    expect(empty.first.map((p) => p.id)).toEqual(['lists']);
    expect(startPlan(withRoutes, undefined, '', '#/device/1').first).toEqual([]);
    expect(startPlan(withRoutes, undefined, '?noPlugins', '#/views/x').toLoad).toEqual([]);
  });
});

describe('startPath', () => {
  it('is the hash route, an empty hash the default route', () => {
    expect(startPath('#/alarms?severity=critical')).toBe('/alarms');
    expect(startPath('')).toBe('/views/iotconnector');
    expect(startPath('#/')).toBe('/views/iotconnector');
  });
});

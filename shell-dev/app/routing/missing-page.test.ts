import type { PluginManifestEntry } from '../plugin-host/enabled';
import type { PluginStatus } from '../plugin-host/registry';
import { failedPlugins, whyMissing } from './missing-page';

const plugin = (id: string, routes?: string[]): PluginManifestEntry => ({
  id,
  name: `Plugin ${id}`,
  module: 'plugin',
  contextPath: id,
  version: '1.0.0',
  defaultEnabled: true,
  description: '',
  ...(routes ? { routes } : {}),
});

const lists = plugin('lists', ['/views/:deviceType', '/alarms']);
const repo = plugin('repo', ['/software', '/softwarerollout']);
const tabs = plugin('tabs');
const all = [lists, repo, tabs];
const loaded: PluginStatus = { status: 'loaded', loadTimeMs: 5, warnings: [] };
const failed = (reason: string): PluginStatus => ({ status: 'failed', loadTimeMs: 5, reason });

describe('whyMissing', () => {
  it('names the owner that failed, with its reason, even while others still load', () => {
    const statuses = { lists: loaded, repo: failed('Plugin repo: timed out after 15000 ms'), tabs: { status: 'loading' } as const };
    expect(whyMissing('/software', all, statuses, true)).toEqual({ kind: 'failed', plugin: repo, reason: 'Plugin repo: timed out after 15000 ms' });
  });

  it('says the owner is not loaded and why (disabled for the tenant, URL options)', () => {
    const statuses = { lists: loaded, repo: { status: 'disabled', reason: 'url-no-plugins' } as const, tabs: loaded };
    expect(whyMissing('/softwarerollout', all, statuses, false)).toEqual({ kind: 'not-loaded', plugin: repo, reason: 'url-no-plugins' });
  });

  it('waits while the owner or, without an owner, any plugin may still register the page', () => {
    expect(whyMissing('/views/iotconnector', all, { lists: { status: 'loading' }, repo: loaded, tabs: loaded }, false)).toEqual({ kind: 'loading' });
    expect(whyMissing('/nowhere', all, { lists: loaded, repo: loaded, tabs: { status: 'loading' } }, true)).toEqual({ kind: 'loading' });
    expect(whyMissing('/nowhere', null, {}, false)).toEqual({ kind: 'loading' });
  });

  it('without an owner lists the plugins that failed (one of them may have provided it)', () => {
    const statuses = { lists: loaded, repo: loaded, tabs: failed('Plugin tabs: script error') };
    expect(whyMissing('/nowhere', all, statuses, false)).toEqual({ kind: 'unknown', failed: [{ plugin: tabs, reason: 'Plugin tabs: script error' }] });
    expect(whyMissing('/nowhere', all, { lists: loaded, repo: loaded, tabs: loaded }, false)).toEqual({ kind: 'unknown', failed: [] });
  });

  it('matches route patterns, not prefixes', () => {
    const statuses = { lists: failed('x'), repo: loaded, tabs: loaded };
    expect(whyMissing('/views/celosos_x64', all, statuses, false)).toMatchObject({ kind: 'failed', plugin: lists });
    expect(whyMissing('/views', all, statuses, false)).toMatchObject({ kind: 'unknown' });
  });
});

describe('failedPlugins', () => {
  it('keeps manifest order and only failures', () => {
    expect(failedPlugins(all, { tabs: failed('b'), lists: failed('a'), repo: loaded }).map((f) => f.plugin.id)).toEqual(['lists', 'tabs']);
  });
});

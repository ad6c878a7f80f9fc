/**
 * Why no contribution answers a path: the plugin whose manifest names the route failed to load,
 * is not loaded on this page, or is still loading; or no plugin claims the path at all (then the
 * plugins that failed are the only ones that might have). The answer names the plugin and its
 * reason instead of a bare "page not found".
 */
import type { PluginManifestEntry } from '../plugin-host/enabled';
import type { PluginStatus } from '../plugin-host/registry';
import { matchPath } from './match';

export interface FailedPlugin {
  plugin: PluginManifestEntry;
  reason: string;
}

export type MissingPage =
  | { kind: 'failed'; plugin: PluginManifestEntry; reason: string }
  | { kind: 'not-loaded'; plugin: PluginManifestEntry; reason: Extract<PluginStatus, { status: 'disabled' }>['reason'] }
  | { kind: 'loading' }
  /** Nobody (loaded) provides the path; `failed` lists the plugins that failed on this page. */
  | { kind: 'unknown'; failed: FailedPlugin[] };

/** The plugins of this page that failed to load, in manifest order. */
export function failedPlugins(plugins: readonly PluginManifestEntry[], statuses: Readonly<Record<string, PluginStatus>>): FailedPlugin[] {
  return plugins.flatMap((plugin) => {
    const s = statuses[plugin.id];
    return s?.status === 'failed' ? [{ plugin, reason: s.reason }] : [];
  });
}

export function whyMissing(
  path: string,
  plugins: readonly PluginManifestEntry[] | null,
  statuses: Readonly<Record<string, PluginStatus>>,
  loading: boolean,
): MissingPage {
  const all = plugins ?? [];
  const owners = all.filter((p) => p.routes?.some((route) => matchPath(route, path) !== null));
  for (const plugin of owners) {
    const s = statuses[plugin.id];
    if (s?.status === 'failed') return { kind: 'failed', plugin, reason: s.reason };
  }
  for (const plugin of owners) {
    const s = statuses[plugin.id];
    if (s?.status === 'disabled') return { kind: 'not-loaded', plugin, reason: s.reason };
  }
  // The plan is not known yet, or the owner (or, without an owner, any plugin) may still register it.
  if (loading || plugins === null || owners.some((p) => (statuses[p.id]?.status ?? 'loading') === 'loading')) return { kind: 'loading' };
  return { kind: 'unknown', failed: failedPlugins(all, statuses) };
}

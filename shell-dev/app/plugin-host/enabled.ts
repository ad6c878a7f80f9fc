/**
 * Which plugins this page loads: the tenant's choice (the shell application's config, as the
 * platform stores it) narrowed by the debugging URL options the platform offers.
 */
import { matchPath, parseHash } from '../routing/match';
import { DEFAULT_PATH } from '../constants';

export interface PluginManifestEntry {
  id: string;
  name: string;
  module: string;
  contextPath: string;
  version: string;
  defaultEnabled: boolean;
  description: string;
  /**
   * The page paths the plugin contributes (its `route` and `dashboard` contributions, checked by
   * the contract test), so the shell can load the plugin that owns the current page before the
   * others.
   */
  routes?: string[];
  /** Set for a plugin package a tenant admin installed (an application of the tenant), not the bundle's own. */
  installed?: InstalledPackage;
}

export interface InstalledPackage {
  applicationId: string;
  applicationName: string;
  /** The plugins with the same id (or context path) this package stands in for on this page. */
  replaces: PluginManifestEntry[];
}

export interface BundleManifest {
  name: string;
  version: string;
  contextPath: string;
  shell: { name: string; contextPath: string; key: string };
  exports: PluginManifestEntry[];
}

/**
 * The platform's shape: `{ "<contextPath>@<version>": ["<module>", ...] }`, a plugin's own context
 * path with its exposed module (a key of the bundle's context path listing plugin ids is read
 * too). Keys are matched by context path only, so a new version keeps the tenant's choice.
 */
export type RemotesConfig = Record<string, string[]>;

export interface ShellConfig {
  remotes?: RemotesConfig;
  excludedRemotes?: RemotesConfig;
  [key: string]: unknown;
}

export interface UrlOptions {
  /** `?noPlugins`: load none. */
  noPlugins: boolean;
  /** `?remotes=id1,id2`: load only these (null when absent). */
  remotes: string[] | null;
}

/** Reads the options from location.search (they sit before the hash, as on the platform). */
export function parseUrlOptions(search: string): UrlOptions {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const remotes = params.get('remotes');
  return {
    noPlugins: params.has('noPlugins') && params.get('noPlugins') !== 'false',
    remotes:
      remotes === null
        ? null
        : remotes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  };
}

const contextPathOf = (key: string): string => {
  const at = key.lastIndexOf('@');
  return at > 0 ? key.slice(0, at) : key;
};

/**
 * Whether a remotes map names the plugin (under the bundle's key by id, or under its own context
 * path). The bundle's key lists the bundle's plugins only: an installed package is an
 * application of its own, so a bundle plugin switched off does not switch off its replacement.
 */
export function namesPlugin(map: RemotesConfig | undefined, bundle: BundleManifest, plugin: PluginManifestEntry): boolean {
  if (!map || typeof map !== 'object') return false;
  return Object.entries(map).some(([key, modules]) => {
    const cp = contextPathOf(key);
    if (cp === plugin.contextPath) return true;
    return !plugin.installed && cp === bundle.contextPath && Array.isArray(modules) && modules.includes(plugin.id);
  });
}

/** The tenant's setting for a plugin, before URL options. */
export function isEnabledByConfig(config: ShellConfig | undefined, bundle: BundleManifest, plugin: PluginManifestEntry): boolean {
  if (namesPlugin(config?.excludedRemotes, bundle, plugin)) return false;
  return plugin.defaultEnabled || namesPlugin(config?.remotes, bundle, plugin);
}

export type PlanReason = 'enabled' | 'disabled' | 'url-no-plugins' | 'url-remotes';

export interface LoadPlanEntry {
  plugin: PluginManifestEntry;
  load: boolean;
  /** Why not loaded (or 'enabled'). */
  reason: PlanReason;
}

export function computeLoadPlan(bundle: BundleManifest, config: ShellConfig | undefined, url: UrlOptions): LoadPlanEntry[] {
  return bundle.exports.map((plugin) => {
    if (url.noPlugins) return { plugin, load: false, reason: 'url-no-plugins' };
    if (url.remotes) {
      // The platform's ?remotes= loads exactly the named plugins, whatever the tenant chose.
      const named = url.remotes.includes(plugin.id) || url.remotes.includes(plugin.contextPath);
      return { plugin, load: named, reason: named ? 'enabled' : 'url-remotes' };
    }
    const enabled = isEnabledByConfig(config, bundle, plugin);
    return { plugin, load: enabled, reason: enabled ? 'enabled' : 'disabled' };
  });
}

function withoutPlugin(map: RemotesConfig | undefined, bundle: BundleManifest, plugin: PluginManifestEntry): RemotesConfig {
  const out: RemotesConfig = {};
  for (const [key, modules] of Object.entries(map ?? {})) {
    const cp = contextPathOf(key);
    if (cp === plugin.contextPath) continue;
    if (!plugin.installed && cp === bundle.contextPath && Array.isArray(modules)) {
      const kept = modules.filter((m) => m !== plugin.id);
      if (kept.length) out[key] = kept;
    } else {
      out[key] = modules;
    }
  }
  return out;
}

/** Written as the platform (and the stand-in) keep it: the plugin's own `contextPath@version` and module. */
function withPlugin(map: RemotesConfig | undefined, bundle: BundleManifest, plugin: PluginManifestEntry): RemotesConfig {
  return { ...withoutPlugin(map, bundle, plugin), [`${plugin.contextPath}@${plugin.version}`]: [plugin.module] };
}

/** The config after a tenant admin switched one plugin on or off; other keys are kept. */
export function setPluginEnabled(
  config: ShellConfig | undefined,
  bundle: BundleManifest,
  plugin: PluginManifestEntry,
  enabled: boolean,
): ShellConfig {
  const base = { ...(config ?? {}) };
  if (enabled) {
    return {
      ...base,
      excludedRemotes: withoutPlugin(base.excludedRemotes, bundle, plugin),
      remotes: plugin.defaultEnabled ? withoutPlugin(base.remotes, bundle, plugin) : withPlugin(base.remotes, bundle, plugin),
    };
  }
  return {
    ...base,
    remotes: withoutPlugin(base.remotes, bundle, plugin),
    excludedRemotes: withPlugin(base.excludedRemotes, bundle, plugin),
  };
}

/** Where the stand-in (and the platform) serve a plugin: /apps/<contextPath>/remoteEntry.js. */
export const remoteEntryUrl = (plugin: PluginManifestEntry): string => `/apps/${plugin.contextPath}/remoteEntry.js`;

/**
 * The plugins to load first for a start at `path`: those whose manifest names a route matching
 * it (a plugin's dashboard too: the dashboard host shows a placed widget of a later plugin once
 * it has registered). Empty (load all together) when no plugin claims the path, e.g. the shell's
 * own device page, whose tabs come from every plugin.
 */
export function firstWave(plugins: readonly PluginManifestEntry[], path: string): PluginManifestEntry[] {
  const owners = plugins.filter((p) => p.routes?.some((route) => matchPath(route, path) !== null));
  return owners.length === plugins.length ? [] : owners;
}

/**
 * What a page start loads: the plan (every plugin with its reason), the plugins to load, and those
 * of them to load first for the route in `hash` (an empty hash is the default route).
 */
export function startPlan(bundle: BundleManifest, config: ShellConfig | undefined, search: string, hash: string) {
  const plan = computeLoadPlan(bundle, config, parseUrlOptions(search));
  const toLoad = plan.filter((e) => e.load).map((e) => e.plugin);
  return { plan, toLoad, first: firstWave(toLoad, startPath(hash)) };
}

/** The route path a page at `hash` shows: an empty hash becomes the default route (shell.tsx). */
export function startPath(hash: string): string {
  const { path } = parseHash(hash);
  return path === '/' ? DEFAULT_PATH : path;
}

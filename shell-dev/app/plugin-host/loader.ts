/**
 * Loads the enabled plugins through the Module Federation runtime, each on its own (all-settled):
 * a remote that is missing, hangs, throws or sends a malformed definition is recorded as failed
 * and nothing else is affected (STACK.md trap 6).
 */
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { containerGlobalName } from '@shared/plugin-api/container-name';
import { validatePlugin } from '@shared/plugin-api/validate';
import { loadNamespace, type LocaleLoaders } from '@shared/plugin-api/i18n';
import type { PluginDefinition, Registered } from '@shared/plugin-api/types';
import { earlyRemoteEntry } from '../api/early';
import { REMOTE_LOAD_TIMEOUT_MS } from '../constants';
import { remoteEntryUrl, type PluginManifestEntry } from './enabled';

export type PluginLoadResult =
  | { id: string; status: 'loaded'; loadTimeMs: number; contributions: Registered[]; warnings: string[] }
  | { id: string; status: 'failed'; loadTimeMs: number; reason: string };

/** A remote as the federation runtime registers it: the container is the global `entryGlobalName`. */
export interface RemoteEntry {
  name: string;
  entry: string;
  type: 'var';
  entryGlobalName: string;
}

export interface RemoteRuntime {
  register(remotes: RemoteEntry[]): void;
  load(request: string): Promise<unknown>;
  loadLocales(pluginId: string, locales: LocaleLoaders): Promise<void>;
  now(): number;
  timeoutMs: number;
}

let initialised = false;

/**
 * What the dev shell asks a remote for: './plugin', the definePlugin data. (The platform UI asks
 * the same remote for the manifest's `module`, the same contributions as its providers.)
 */
export const DEV_SHELL_MODULE = 'plugin';

/** The host's own federation name (webpack.config.ts): a remote of that name would stand for the shell. */
export const HOST_NAME = 'shell';

/** The page's federation runtime (the host's instance, created by the build plugin). */
export function federationRuntime(): RemoteRuntime {
  if (!initialised) {
    // Binds this module's runtime API to the host instance the build plugin created.
    init({ name: HOST_NAME, remotes: [], shareStrategy: 'loaded-first' });
    initialised = true;
  }
  return {
    register: (remotes) => registerRemotes(remotes),
    load: (request) => loadRemote(request),
    loadLocales: loadNamespace,
    now: () => performance.now(),
    timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
  };
}


function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export async function loadPlugin(plugin: PluginManifestEntry, runtime: RemoteRuntime): Promise<PluginLoadResult> {
  const started = runtime.now();
  const elapsed = () => Math.round(runtime.now() - started);
  try {
    if (plugin.id === HOST_NAME) throw new Error(`Plugin ${plugin.id}: '${HOST_NAME}' is the federation name of the shell itself`);
    const url = remoteEntryUrl(plugin);
    runtime.register([{ name: plugin.id, entry: url, type: 'var', entryGlobalName: containerGlobalName(plugin.contextPath) }]);
    // An entry the page's early script started must have run before the runtime looks for its
    // container, or the runtime would add a second script and run the entry twice.
    const early = earlyRemoteEntry(url) ?? Promise.resolve();
    const mod = await withTimeout(
      early.then(() => runtime.load(`${plugin.id}/${DEV_SHELL_MODULE}`)),
      runtime.timeoutMs,
      `Plugin ${plugin.id}`,
    );
    if (mod === null || mod === undefined) throw new Error(`Plugin ${plugin.id}: the remote did not provide ./${DEV_SHELL_MODULE}`);
    const definition = typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod;
    const validation = validatePlugin(plugin.id, definition);
    if (validation.accepted.length === 0 && validation.errors.length > 0) {
      return { id: plugin.id, status: 'failed', loadTimeMs: elapsed(), reason: validation.errors.join('\n') };
    }
    const warnings = [...validation.errors];
    const locales = (definition as PluginDefinition).locales;
    if (locales) {
      try {
        await withTimeout(runtime.loadLocales(plugin.id, locales), runtime.timeoutMs, `Translations of ${plugin.id}`);
      } catch (e) {
        // Untranslated labels fall back to their English keys; the plugin still works.
        warnings.push(`Plugin ${plugin.id}: translations failed to load: ${messageOf(e)}`);
      }
    }
    return { id: plugin.id, status: 'loaded', loadTimeMs: elapsed(), contributions: validation.accepted, warnings };
  } catch (e) {
    return { id: plugin.id, status: 'failed', loadTimeMs: elapsed(), reason: messageOf(e) };
  }
}

/** Federation names registered per runtime: a second container of one name would replace the first's modules. */
const claimed = new WeakMap<RemoteRuntime, Map<string, string>>();

/** Refuses a plugin whose federation name another plugin of this page has taken (the plan never holds two). */
function claim(plugin: PluginManifestEntry, runtime: RemoteRuntime): PluginLoadResult | undefined {
  const names = claimed.get(runtime) ?? new Map<string, string>();
  claimed.set(runtime, names);
  const holder = names.get(plugin.id);
  if (holder === undefined) {
    names.set(plugin.id, plugin.contextPath);
    return undefined;
  }
  return { id: plugin.id, status: 'failed', loadTimeMs: 0, reason: `Plugin ${plugin.id}: the federation name is already loaded from /apps/${holder}/` };
}

/** Loads each plugin independently; `onResult` sees every plugin as soon as it settles. */
export async function loadPlugins(
  plugins: readonly PluginManifestEntry[],
  runtime: RemoteRuntime,
  onResult: (result: PluginLoadResult) => void,
): Promise<PluginLoadResult[]> {
  return Promise.all(
    plugins.map(async (p) => {
      const result = claim(p, runtime) ?? (await loadPlugin(p, runtime));
      // The screens say it in the user's language; the technical cause stays in the console too.
      if (result.status === 'failed') console.error(`Plugin ${p.id} failed to load: ${result.reason}`);
      try {
        onResult(result);
      } catch (e) {
        console.error(`Registering plugin ${p.id} failed`, e);
      }
      return result;
    }),
  );
}

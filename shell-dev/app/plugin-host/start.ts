import { useRegistry } from './registry';
import { startPath, startPlan, type BundleManifest, type ShellConfig } from './enabled';
import { federationRuntime, loadPlugins, type RemoteRuntime } from './loader';
import { applyTestFaults } from './fault-injection';
import { takeTenantApplications } from '../api/early';
import { withInstalledPlugins } from './installed';
import { CONTRIBUTION_ERROR_EVENT, type ContributionErrorDetail } from '@shared/plugin-api/parcel';
import { SCREEN_READY_EVENT } from '@shared/plugin-api/screen-ready';
import { DEFERRED_PLUGINS_FALLBACK_MS } from '../constants';
import { matchPath } from '../routing/match';
import { warmLoader } from '../mount/warm';
import type { Registered } from '@shared/plugin-api/types';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Resolves when the screen signals it shows its data or on user input or navigation, listening
 * from now on; `fallback(ms)` resolves it `ms` later at the latest.
 */
function screenSettled(): { settled: Promise<void>; fallback(ms: number): void } {
  const events = [SCREEN_READY_EVENT, 'hashchange', 'pointerdown', 'keydown'];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = () => undefined as void;
  const settled = new Promise<void>((resolve) => {
    done = () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, done, true);
      resolve();
    };
    for (const e of events) window.addEventListener(e, done, true);
  });
  return { settled, fallback: (ms) => (timer = setTimeout(done, ms)) };
}

/** Starts loading the code of the route on screen, if one of these contributions is it. */
function warmStartRoute(contributions: readonly Registered[]): void {
  const path = startPath(window.location.hash);
  for (const c of contributions) if (c.kind === 'route' && matchPath(c.path, path)) warmLoader(c.loader);
}

/**
 * Reads the tenant's plugin set and installed plugin packages, then loads every enabled plugin on
 * its own. Called once the session is known, while the shell renders its frame; nothing waits
 * for it, so the page never waits for a remote.
 */
export async function startPlugins(bundle: BundleManifest, search: string): Promise<void> {
  const registry = useRegistry.getState();
  window.addEventListener(CONTRIBUTION_ERROR_EVENT, (e) => {
    const detail = (e as CustomEvent<ContributionErrorDetail>).detail;
    if (detail && typeof detail.pluginId === 'string') registry.addRenderError(detail);
  });
  let config: ShellConfig | undefined;
  let plugins = bundle;
  try {
    const { shell: app, applications } = await takeTenantApplications(bundle.shell.contextPath);
    registry.setShellApplication(app, app ? undefined : `no application with context path '${bundle.shell.contextPath}'`);
    config = app?.config as ShellConfig | undefined;
    plugins = withInstalledPlugins(bundle, applications);
  } catch (e) {
    registry.setShellApplication(null, messageOf(e));
  }
  const { plan, toLoad, first } = startPlan(plugins, config, search, window.location.hash);
  registry.setPlan(plan);
  if (toLoad.length === 0) {
    registry.setDone();
    return;
  }
  let runtime: RemoteRuntime;
  try {
    runtime = federationRuntime();
  } catch (e) {
    for (const p of toLoad) registry.addResult({ id: p.id, status: 'failed', loadTimeMs: 0, reason: messageOf(e) });
    registry.setDone();
    return;
  }
  const register = (result: Awaited<ReturnType<typeof loadPlugins>>[number]) => {
    if (result.status !== 'loaded') return registry.addResult(result);
    const contributions = applyTestFaults(result.contributions);
    warmStartRoute(contributions);
    registry.addResult({ ...result, contributions });
  };
  if (first.length > 0) {
    // Listening starts now: the screen may signal while the first wave is still registering.
    const screen = screenSettled();
    await loadPlugins(first, runtime, register);
    screen.fallback(DEFERRED_PLUGINS_FALLBACK_MS);
    await screen.settled;
  }
  await loadPlugins(
    toLoad.filter((p) => !first.includes(p)),
    runtime,
    register,
  );
  registry.setDone();
}

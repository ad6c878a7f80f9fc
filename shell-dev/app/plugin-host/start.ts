import { useRegistry } from './registry';
import { computeLoadPlan, parseUrlOptions, type BundleManifest, type ShellConfig } from './enabled';
import { federationRuntime, loadPlugins, type RemoteRuntime } from './loader';
import { applyTestFaults } from './fault-injection';
import { findShellApplication } from '../api/shell-application';
import { CONTRIBUTION_ERROR_EVENT, type ContributionErrorDetail } from '@shared/plugin-api/parcel';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Reads the tenant's plugin set, then loads every enabled plugin on its own. Called once the
 * shell has rendered, so the page never waits for a remote.
 */
export async function startPlugins(bundle: BundleManifest, search: string): Promise<void> {
  const registry = useRegistry.getState();
  window.addEventListener(CONTRIBUTION_ERROR_EVENT, (e) => {
    const detail = (e as CustomEvent<ContributionErrorDetail>).detail;
    if (detail && typeof detail.pluginId === 'string') registry.addRenderError(detail);
  });
  let config: ShellConfig | undefined;
  try {
    const app = await findShellApplication(bundle.shell.contextPath);
    registry.setShellApplication(app, app ? undefined : `no application with context path '${bundle.shell.contextPath}'`);
    config = app?.config as ShellConfig | undefined;
  } catch (e) {
    registry.setShellApplication(null, messageOf(e));
  }
  const plan = computeLoadPlan(bundle, config, parseUrlOptions(search));
  registry.setPlan(plan);
  const toLoad = plan.filter((e) => e.load).map((e) => e.plugin);
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
  await loadPlugins(toLoad, runtime, (result) =>
    registry.addResult(result.status === 'loaded' ? { ...result, contributions: applyTestFaults(result.contributions) } : result),
  );
  registry.setDone();
}

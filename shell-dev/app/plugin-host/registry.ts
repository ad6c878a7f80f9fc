/** What the page knows about its plugins: load status per plugin and the registered contributions. */
import { create } from 'zustand';
import type { Application } from '@shared/platform/applications';
import type { Registered } from '@shared/plugin-api/types';
import type { ContributionErrorDetail } from '@shared/plugin-api/parcel';
import type { LoadPlanEntry, PluginManifestEntry, ShellConfig } from './enabled';
import type { PluginLoadResult } from './loader';
import { shellContributions } from './shell-contributions';

export type PluginStatus =
  | { status: 'loading' }
  | { status: 'loaded'; loadTimeMs: number; warnings: string[] }
  | { status: 'failed'; loadTimeMs: number; reason: string }
  | { status: 'disabled'; reason: LoadPlanEntry['reason'] };

export interface RegistryState {
  plugins: Record<string, PluginStatus>;
  /** The plugins of this page: the bundle's and the installed packages (null until the plan is known). */
  exports: PluginManifestEntry[] | null;
  /** Plugin packages installed from the plugins page since this page loaded: they load at the next load. */
  installedSinceLoad: PluginManifestEntry[];
  /** Applications removed from the plugins page since this page loaded (their plugins stay until the next load). */
  removedSinceLoad: string[];
  contributions: Registered[];
  /** True until every planned plugin has settled. */
  loading: boolean;
  shellApplication: Application | null;
  /** Why the tenant's plugin settings could not be read (then the manifest's defaults apply). */
  configError: string | null;
  /** Contributions that failed while rendering on this page, per plugin (one entry per contribution). */
  renderErrors: Record<string, ContributionErrorDetail[]>;
  addRenderError(detail: ContributionErrorDetail): void;
  setPlan(plan: LoadPlanEntry[]): void;
  setShellApplication(app: Application | null, error?: string): void;
  setConfig(config: ShellConfig): void;
  addResult(result: PluginLoadResult): void;
  setDone(): void;
  addInstalled(plugins: PluginManifestEntry[]): void;
  addRemoved(applicationId: string): void;
}

export const useRegistry = create<RegistryState>((set) => ({
  plugins: {},
  exports: null,
  installedSinceLoad: [],
  removedSinceLoad: [],
  contributions: shellContributions,
  loading: true,
  shellApplication: null,
  configError: null,
  renderErrors: {},
  addRenderError: (detail) =>
    set((s) => {
      const known = s.renderErrors[detail.pluginId] ?? [];
      const others = known.filter((d) => d.contributionId !== detail.contributionId);
      return { renderErrors: { ...s.renderErrors, [detail.pluginId]: [...others, detail] } };
    }),
  setPlan: (plan) =>
    set({
      plugins: Object.fromEntries(
        plan.map((e) => [e.plugin.id, e.load ? { status: 'loading' } : { status: 'disabled', reason: e.reason }] as const),
      ),
      exports: plan.map((e) => e.plugin),
      loading: plan.some((e) => e.load),
    }),
  setShellApplication: (app, error) => set({ shellApplication: app, configError: error ?? null }),
  setConfig: (config) => set((s) => ({ shellApplication: s.shellApplication && { ...s.shellApplication, config } })),
  addResult: (result) =>
    set((s) => ({
      plugins: {
        ...s.plugins,
        [result.id]:
          result.status === 'loaded'
            ? { status: 'loaded', loadTimeMs: result.loadTimeMs, warnings: result.warnings }
            : { status: 'failed', loadTimeMs: result.loadTimeMs, reason: result.reason },
      },
      contributions: result.status === 'loaded' ? [...s.contributions, ...result.contributions] : s.contributions,
    })),
  setDone: () => set({ loading: false }),
  // A new upload into the same application supersedes the earlier one of this page.
  addInstalled: (plugins) =>
    set((s) => {
      const apps = new Set(plugins.map((p) => p.installed?.applicationId));
      return {
        installedSinceLoad: [...s.installedSinceLoad.filter((p) => !apps.has(p.installed?.applicationId)), ...plugins],
        removedSinceLoad: s.removedSinceLoad.filter((id) => !apps.has(id)),
      };
    }),
  addRemoved: (applicationId) =>
    set((s) => ({
      installedSinceLoad: s.installedSinceLoad.filter((p) => p.installed?.applicationId !== applicationId),
      removedSinceLoad: [...s.removedSinceLoad.filter((id) => id !== applicationId), applicationId],
    })),
}));

/** Registered contributions of one kind. */
export function ofKind<K extends Registered['kind']>(contributions: readonly Registered[], kind: K): Registered<Extract<Registered, { kind: K }>>[] {
  return contributions.filter((c): c is Registered<Extract<Registered, { kind: K }>> => c.kind === kind);
}

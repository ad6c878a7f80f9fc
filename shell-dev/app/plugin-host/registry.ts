/** What the page knows about its plugins: load status per plugin and the registered contributions. */
import { create } from 'zustand';
import type { Application } from '@shared/platform/applications';
import type { Registered } from '@shared/plugin-api/types';
import type { ContributionErrorDetail } from '@shared/plugin-api/parcel';
import type { LoadPlanEntry, ShellConfig } from './enabled';
import type { PluginLoadResult } from './loader';
import { shellContributions } from './shell-contributions';

export type PluginStatus =
  | { status: 'loading' }
  | { status: 'loaded'; loadTimeMs: number; warnings: string[] }
  | { status: 'failed'; loadTimeMs: number; reason: string }
  | { status: 'disabled'; reason: LoadPlanEntry['reason'] };

export interface RegistryState {
  plugins: Record<string, PluginStatus>;
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
}

export const useRegistry = create<RegistryState>((set) => ({
  plugins: {},
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
}));

/** Registered contributions of one kind. */
export function ofKind<K extends Registered['kind']>(contributions: readonly Registered[], kind: K): Registered<Extract<Registered, { kind: K }>>[] {
  return contributions.filter((c): c is Registered<Extract<Registered, { kind: K }>> => c.kind === kind);
}

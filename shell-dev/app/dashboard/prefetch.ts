import type { DashboardWidgetPlacement, Registered, WidgetContribution } from '@shared/plugin-api/types';

/**
 * Starts the requests of the placed widgets whose plugin has registered and that declare a
 * prefetch (any other widget asks when it mounts); settles when they have answered or failed. A
 * failed prefetch is logged: the widget's own query asks again and shows its failure. Used by the
 * shell's dashboard loader (before the host's chunk has arrived) and by the host (for a layout it
 * read or changed itself); the query client keeps a request that is on its way from being sent twice.
 */
export function prefetchPlacements(
  placements: readonly DashboardWidgetPlacement[],
  byId: ReadonlyMap<string, Registered<WidgetContribution>>,
  queryClient: unknown,
): Promise<unknown> {
  return Promise.allSettled(
    placements.map((p) => {
      const w = byId.get(p.widgetId);
      return w?.prefetch?.(p.config, queryClient).catch((e: unknown) => console.warn(`[${w.pluginId}] ${w.id}: prefetch failed`, e));
    }),
  );
}

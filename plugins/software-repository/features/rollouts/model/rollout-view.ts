import { COUNTER_RESULTS, type CounterResult } from './rollout';

/** What a rollout card shows besides its summary: its counters, and the devices of one of them. */
export interface RolloutView {
  expanded: boolean;
  devicesOf: CounterResult | null;
}

/**
 * The Rollouts page's cards as its address keeps them: `expanded=12,34` the cards with their
 * counters shown, `devices=34&result=failed` the devices dialog of one of them (a result the
 * counters do not have opens no dialog). Only the cards shown expanded are in the map.
 */
export function viewsFromQuery(query: Readonly<Record<string, string>>): Map<string, RolloutView> {
  const views = new Map<string, RolloutView>();
  for (const id of (query.expanded ?? '').split(',')) {
    if (id.trim()) views.set(id.trim(), { expanded: true, devicesOf: null });
  }
  const result = (COUNTER_RESULTS as readonly string[]).includes(query.result ?? '') ? (query.result as CounterResult) : null;
  const devices = query.devices?.trim();
  if (devices && result) views.set(devices, { expanded: true, devicesOf: result });
  return views;
}

/** The query parameters for `views` (undefined drops one). */
export function queryOfViews(views: ReadonlyMap<string, RolloutView>): Record<string, string | undefined> {
  const expanded = [...views].filter(([, v]) => v.expanded).map(([id]) => id);
  const devices = [...views].find(([, v]) => v.expanded && v.devicesOf);
  return { expanded: expanded.join(',') || undefined, devices: devices?.[0], result: devices?.[1].devicesOf ?? undefined };
}

import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@shared/domain/constants';
import { COUNTER_RESULTS, type CounterResult } from './rollout';

/** What a rollout card shows besides its summary: its counters, and the devices of one of them (at a page). */
export interface RolloutView {
  expanded: boolean;
  devicesOf: CounterResult | null;
  /** The devices dialog's page (1-based) and page size; absent: the first page of the default size. */
  page?: number;
  pageSize?: number;
}

/** The devices dialog's page and page size as the view has them (the defaults when it has none). */
export const devicesPageOf = (view: RolloutView | undefined): { page: number; pageSize: number } => ({
  page: view?.page ?? 1,
  pageSize: view?.pageSize ?? DEFAULT_PAGE_SIZE,
});

/**
 * The Rollouts page's cards as its address keeps them: `expanded=12,34` the cards with their
 * counters shown, `devices=34&result=failed` the devices dialog of one of them (a result the
 * counters do not have opens no dialog), `page=3&size=50` that dialog's page and page size (as the
 * device lists name them; a malformed one is the default). Only the cards shown expanded are in the map.
 */
export function viewsFromQuery(query: Readonly<Record<string, string>>): Map<string, RolloutView> {
  const views = new Map<string, RolloutView>();
  for (const id of (query.expanded ?? '').split(',')) {
    if (id.trim()) views.set(id.trim(), { expanded: true, devicesOf: null });
  }
  const result = (COUNTER_RESULTS as readonly string[]).includes(query.result ?? '') ? (query.result as CounterResult) : null;
  const devices = query.devices?.trim();
  if (devices && result) {
    const view: RolloutView = { expanded: true, devicesOf: result };
    const page = Number(query.page);
    if (Number.isInteger(page) && page > 1) view.page = page;
    const size = Number(query.size);
    if ((PAGE_SIZE_OPTIONS as readonly number[]).includes(size) && size !== DEFAULT_PAGE_SIZE) view.pageSize = size;
    views.set(devices, view);
  }
  return views;
}

/** The query parameters for `views` (undefined drops one). */
export function queryOfViews(views: ReadonlyMap<string, RolloutView>): Record<string, string | undefined> {
  const expanded = [...views].filter(([, v]) => v.expanded).map(([id]) => id);
  const devices = [...views].find(([, v]) => v.expanded && v.devicesOf);
  const { page, pageSize } = devicesPageOf(devices?.[1]);
  return {
    expanded: expanded.join(',') || undefined,
    devices: devices?.[0],
    result: devices?.[1].devicesOf ?? undefined,
    page: devices && page > 1 ? String(page) : undefined,
    size: devices && pageSize !== DEFAULT_PAGE_SIZE ? String(pageSize) : undefined,
  };
}

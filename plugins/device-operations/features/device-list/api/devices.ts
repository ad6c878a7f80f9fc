/**
 * Server state of the device lists: one page of devices with the matching total, the unfiltered
 * total for the title, and loaders that walk every matching device in pages (bulk actions, CSV).
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOAD_ALL_PAGE_SIZE } from '@shared/domain/constants';
import { countManagedObjects, listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { and, buildQuery, type Filter } from '@shared/platform/query-language';
import { createQueryKeys } from '@shared/platform/query-keys';
import { filtersToQuery, listQuery, type Filters, type ListState } from '../model/list-state';

export const deviceKeys = createQueryKeys('device-operations', 'devices');

/**
 * Where a list's devices come from: a base filter on the inventory (the device type, a group, a
 * dashboard view). The dashboard's /devicesFromDashboard list passes its own.
 */
export interface DeviceSource {
  /** Identity of the source in query keys, e.g. ['views', 'iotconnector']. */
  key: readonly unknown[];
  base?: Filter;
  /** Fetch the groups of each device (the admin list's group column). */
  withParents?: boolean;
}

export interface DevicePage {
  items: ManagedObject[];
  /** Devices matching the base and the column filters. */
  total: number;
}

export async function fetchDevicePage(source: DeviceSource, state: ListState, pageSize: number): Promise<DevicePage> {
  const page = await listManagedObjects({
    query: listQuery(source.base, state.filters, state.sort),
    pageSize,
    currentPage: state.page,
    withTotalElements: true,
    withParents: source.withParents || undefined,
    withChildren: false,
  });
  return { items: page.items, total: page.statistics.totalElements ?? page.items.length };
}

/** How long a fetched page counts as current. */
const PAGE_FRESH_MS = 2_000;

export const devicePageOptions = (source: DeviceSource, state: ListState, pageSize: number) =>
  queryOptions({
    queryKey: [...deviceKeys.lists(), ...source.key, { filters: state.filters, sort: state.sort, page: state.page, pageSize }],
    queryFn: () => fetchDevicePage(source, state, pageSize),
    placeholderData: keepPreviousData,
    // A page the list asked for on a click (prefetch) is not asked for again when the list
    // renders it a moment later; Reload and the server jobs invalidate explicitly.
    staleTime: PAGE_FRESH_MS,
  });

/**
 * `enabled` false holds the request back (e.g. until the user's saved page size is known). The
 * request leaves during the render (as usePrefetchQuery does), not when useQuery subscribes in an
 * effect after the list's first commit and paint: on a cold start that was ~100 ms later.
 */
export function useDevicePage(source: DeviceSource, state: ListState, pageSize: number, enabled = true) {
  const options = devicePageOptions(source, state, pageSize);
  const client = useQueryClient();
  if (enabled && !client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
  return useQuery({ ...options, enabled });
}

/** The size of the whole source, without column filters ("Filtered X of Y devices"). */
export const sourceTotalOptions = (source: DeviceSource) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'total', ...source.key],
    queryFn: () => countManagedObjects({ query: buildQuery(source.base) }),
    // As fresh as a page: the list seeds it from the unfiltered page's total, and a filter applied
    // right after no longer counts the whole source again (a second count of a 100,000-device
    // type beside the filtered page, on every Apply). Reload and the server jobs invalidate it.
    staleTime: PAGE_FRESH_MS,
  });

/**
 * Asked for only while filters are active: without them the page's own total is the source's
 * (DeviceListView seeds this query with it), and a second count of a 100,000-device source only
 * competed with the page for the server.
 */
export const useSourceTotal = (source: DeviceSource, enabled: boolean) => useQuery({ ...sourceTotalOptions(source), enabled });

/** Every device matching the list's filters, in pages of LOAD_ALL_PAGE_SIZE (spec 7). */
export async function* walkMatching(
  source: DeviceSource,
  filters: Filters,
  sort?: ListState['sort'],
  opts: { withParents?: boolean; signal?: AbortSignal } = {},
): AsyncGenerator<{ items: ManagedObject[]; loaded: number; total: number }> {
  let loaded = 0;
  let total = 0;
  for (let currentPage = 1; ; currentPage++) {
    if (opts.signal?.aborted) return;
    const page = await listManagedObjects({
      query: listQuery(source.base, filters, sort),
      pageSize: LOAD_ALL_PAGE_SIZE,
      currentPage,
      withTotalElements: currentPage === 1 ? true : undefined,
      withParents: opts.withParents || undefined,
      withChildren: false,
    });
    loaded += page.items.length;
    if (currentPage === 1) total = page.statistics.totalElements ?? page.items.length;
    yield { items: page.items, loaded, total };
    if (page.items.length < LOAD_ALL_PAGE_SIZE) return;
  }
}

/** Loads all matching devices (select-all bulk actions). */
export async function loadAllMatching(source: DeviceSource, filters: Filters): Promise<ManagedObject[]> {
  const all: ManagedObject[] = [];
  for await (const page of walkMatching(source, filters)) all.push(...page.items);
  return all;
}

/** The filter of the list as the smart group's c8y_DeviceQueryString. */
export const smartGroupQuery = (source: DeviceSource, filters: Filters): string => buildQuery(and(source.base, filtersToQuery(filters)));

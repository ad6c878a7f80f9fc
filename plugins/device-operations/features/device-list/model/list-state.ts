/**
 * The state of a device list that lives in the URL (filters, sort, page, page size), so a list is
 * shareable and the back button walks through its changes; plus the query it sends.
 */
import { PAGE_SIZE_OPTIONS } from '@shared/domain/constants';
import { and, buildQuery, type Filter, type OrderBy } from '@shared/platform/query-language';
import { COLUMNS, type ColumnId } from './columns';
import { decodeFilter, encodeFilter, filterToQuery, isActive, type FilterValue } from './filters';

export type SortDirection = 'asc' | 'desc';
export type Filters = Partial<Record<ColumnId, FilterValue>>;

export interface ListState {
  filters: Filters;
  sort?: { column: ColumnId; direction: SortDirection };
  /** 1-based. */
  page: number;
  /** Undefined: the user's saved size (or the default) applies. */
  pageSize?: number;
}

const FILTER_PREFIX = 'f.';
export const PARAM = { sort: 'sort', page: 'page', size: 'size' } as const;

const isColumnId = (id: string): id is ColumnId => Object.prototype.hasOwnProperty.call(COLUMNS, id);

export const isPageSize = (n: number): boolean => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n);

/** Reads the list state from the hash query (unknown or malformed parameters are ignored). */
export function stateFromQuery(query: Readonly<Record<string, string>>): ListState {
  const filters: Filters = {};
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const id = key.slice(FILTER_PREFIX.length);
    const kind = isColumnId(id) ? COLUMNS[id].filter : undefined;
    if (!kind || !isColumnId(id)) continue;
    const value = decodeFilter(kind, raw);
    if (isActive(value)) filters[id] = value;
  }
  let sort: ListState['sort'];
  const [col, dir] = (query[PARAM.sort] ?? '').split(':');
  if (isColumnId(col) && COLUMNS[col].sortField && (dir === 'asc' || dir === 'desc')) sort = { column: col, direction: dir };
  const page = Number(query[PARAM.page]);
  const size = Number(query[PARAM.size]);
  return {
    filters,
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(size) ? size : undefined,
  };
}

/**
 * The hash query of a state; parameters that are not the list's own (e.g. a dashboard view) are
 * kept as they are.
 */
export function stateToQuery(state: ListState, keep: Readonly<Record<string, string>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(keep)) {
    if (!k.startsWith(FILTER_PREFIX) && !(Object.values(PARAM) as string[]).includes(k)) out[k] = v;
  }
  for (const [id, value] of Object.entries(state.filters)) {
    if (isActive(value)) out[`${FILTER_PREFIX}${id}`] = encodeFilter(value);
  }
  if (state.sort) out[PARAM.sort] = `${state.sort.column}:${state.sort.direction}`;
  if (state.page > 1) out[PARAM.page] = String(state.page);
  if (state.pageSize !== undefined) out[PARAM.size] = String(state.pageSize);
  return out;
}

/** '/views/x' plus '?a=1&b=2' (empty query: the path alone). */
export function hrefOf(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

export const hasActiveFilter = (filters: Filters): boolean => Object.values(filters).some((v) => isActive(v));

/** The AND of every active column filter (undefined when none is active). */
export function filtersToQuery(filters: Filters): Filter | undefined {
  const parts = (Object.entries(filters) as [ColumnId, FilterValue][]).map(([id, value]) => {
    const col = COLUMNS[id];
    if (col.filter === 'group') return filterToQuery('', value);
    return col.filterField ? filterToQuery(col.filterField, value) : undefined;
  });
  return and(...parts);
}

/** The server-side order of a sort state. */
export function orderByOf(sort: ListState['sort']): OrderBy[] {
  if (!sort) return [];
  const col = COLUMNS[sort.column];
  if (!col.sortField) return [];
  const direction: SortDirection = col.sortInverted ? (sort.direction === 'asc' ? 'desc' : 'asc') : sort.direction;
  return [col.sortField, ...(col.thenBy ?? [])].map((field) => ({ field, direction }));
}

/** The full `query` parameter: the list's own base filter AND the user's filters, with the order. */
export function listQuery(base: Filter | undefined, filters: Filters, sort?: ListState['sort']): string {
  return buildQuery(and(base, filtersToQuery(filters)), orderByOf(sort));
}

/** Next sort on a header click: ascending, then descending, then unsorted. */
export function nextSort(current: ListState['sort'], column: ColumnId): ListState['sort'] {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return undefined;
}

/** Events list and the event types of the selector (object of type {product}_Event_types). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listEvents } from '@shared/platform/events';
import { listManagedObjects } from '@shared/platform/inventory';
import { PRODUCT } from '@shared/plugin-api/types';

export const EVENT_TYPES_TYPE = `${PRODUCT}_Event_types`;
export const EVENT_LIST_FRAGMENT = `${PRODUCT}_adamos_netbox_EventList`;
/** Events shown per page. */
export const EVENTS_PAGE_SIZE = 25;

const root = ['device-operations', 'events'] as const;
export const eventKeys = {
  types: () => [...root, 'types'] as const,
  list: (f: { source?: string; type?: string; page: number }) => [...root, 'list', f] as const,
};

/** The entries of the event list fragment: plain type names or objects carrying a type. */
export function eventTypesOf(mo: Record<string, unknown> | undefined): string[] {
  const list = mo?.[EVENT_LIST_FRAGMENT];
  if (!Array.isArray(list)) return [];
  const names = list.map((e) => (typeof e === 'string' ? e : typeof e?.type === 'string' ? e.type : typeof e?.name === 'string' ? e.name : ''));
  return [...new Set(names.filter(Boolean))];
}

export const eventTypesQuery = () =>
  queryOptions({
    queryKey: eventKeys.types(),
    queryFn: async () => eventTypesOf((await listManagedObjects({ type: EVENT_TYPES_TYPE, pageSize: 1 })).items[0]),
  });
export const useEventTypes = () => useQuery(eventTypesQuery());

export const eventsQuery = (f: { source?: string; type?: string; page: number }) =>
  queryOptions({
    queryKey: eventKeys.list(f),
    queryFn: () => listEvents({ source: f.source, type: f.type || undefined, pageSize: EVENTS_PAGE_SIZE, currentPage: f.page, withTotalPages: true }),
    placeholderData: keepPreviousData,
  });
export const useEvents = (f: { source?: string; type?: string; page: number }) => useQuery(eventsQuery(f));

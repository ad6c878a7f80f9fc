/** The list's pages from the operation-dashboard microservice, and every device of a view for actions. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOAD_ALL_PAGE_SIZE } from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import {
  listDashboardDevices,
  listHistoryDevices,
  listRecoveredDevices,
  listSoftwareMonitoringDevices,
  type DashboardDevicePage,
} from '@shared/platform/operation-dashboard';
import type { ListSource } from '../model/views';

export const listKeys = {
  all: ['dashboard-widgets', 'devices-from-dashboard'] as const,
  page: (source: ListSource, pageSize: number, currentPage: number) => [...listKeys.all, 'page', source, pageSize, currentPage] as const,
};

export function fetchPage(source: ListSource, pageSize: number, currentPage: number): Promise<DashboardDevicePage> {
  const paging = { pageSize, currentPage };
  switch (source.kind) {
    case 'devices':
      return listDashboardDevices(source.list, paging);
    case 'history':
      return listHistoryDevices(source.day, paging);
    case 'software':
      return listSoftwareMonitoringDevices(source.list, paging);
    case 'recovered':
      return listRecoveredDevices(source.period, paging);
  }
}

export const pageOptions = (source: ListSource, pageSize: number, currentPage: number) =>
  queryOptions({
    queryKey: listKeys.page(source, pageSize, currentPage),
    queryFn: () => fetchPage(source, pageSize, currentPage),
    placeholderData: keepPreviousData,
  });

export const useDevicePage = (source: ListSource | null, pageSize: number, currentPage: number) =>
  useQuery({ ...pageOptions(source ?? { kind: 'devices', list: 'total' }, pageSize, currentPage), enabled: source !== null });

/** Every device of the view (select all matching), page by page. */
export async function loadAll(source: ListSource): Promise<ManagedObject[]> {
  const all: ManagedObject[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(source, LOAD_ALL_PAGE_SIZE, page);
    all.push(...res.managedObjects);
    const totalPages = res.statistics.totalPages ?? page;
    if (res.managedObjects.length < LOAD_ALL_PAGE_SIZE || page >= totalPages) return all;
  }
}

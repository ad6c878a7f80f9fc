/** Server state of the alarm screens. */
import { useEffect, useRef } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { bulkUpdateAlarms, countAlarms, getAlarm, listAlarms, updateAlarm, type Alarm, type AlarmSeverity, type AlarmStatus } from '@shared/platform/alarms';
import { listAuditRecords } from '@shared/platform/audit';
import { SINCE_EVER } from '@shared/platform/operations';
import { useRealtime } from '@shared/platform/react';
import { listPageAlarms, type DashboardAlarmCategory, type DashboardSeverity } from '@shared/platform/operation-dashboard';
import { ALARM_LOAD_MORE_PAGE_SIZE } from '@shared/domain/constants';
import { takesStatus, UNRESOLVED } from '../logic/alarms';

export interface AlarmListFilter {
  source?: string;
  severity: AlarmSeverity;
  statuses?: readonly AlarmStatus[];
}

const root = ['device-operations', 'alarms'] as const;
export const alarmKeys = {
  all: root,
  lists: () => [...root, 'list'] as const,
  list: (f: AlarmListFilter) => [...root, 'list', f] as const,
  counts: () => [...root, 'count'] as const,
  count: (f: AlarmListFilter) => [...root, 'count', f] as const,
  dashboard: (severity: string, category?: string) => [...root, 'dashboard', severity, category ?? ''] as const,
  changeLog: (id: string) => [...root, 'change-log', id] as const,
};

/**
 * Alarms of the source's child devices too; no parameter for all sources (the platform takes
 * withSourceDevices only together with a source).
 */
const withChildDevices = (source: string | undefined) => (source ? { source, withSourceDevices: true } : {});

export const alarmListQuery = (f: AlarmListFilter) =>
  infiniteQueryOptions({
    queryKey: alarmKeys.list(f),
    queryFn: ({ pageParam }) =>
      listAlarms({ ...withChildDevices(f.source), severity: f.severity, status: f.statuses, pageSize: ALARM_LOAD_MORE_PAGE_SIZE, currentPage: pageParam }),
    initialPageParam: 1,
    // From the server's answer, not the items: an alarm acknowledged or cleared leaves its cached
    // page at once, and a page of 99 would otherwise hide Load more.
    getNextPageParam: (last) => (last.hasNext ? last.statistics.currentPage + 1 : undefined),
  });
export const useAlarmList = (f: AlarmListFilter) => useInfiniteQuery(alarmListQuery(f));

export const alarmCountQuery = (f: AlarmListFilter) =>
  queryOptions({ queryKey: alarmKeys.count(f), queryFn: () => countAlarms({ ...withChildDevices(f.source), severity: f.severity, status: f.statuses }) });
export const useAlarmCount = (f: AlarmListFilter) => useQuery(alarmCountQuery(f));

/** True once the counts say the severities have no unresolved alarm (what Clear all would clear); false while unknown. */
export function useNothingToClear(source: string | undefined, severities: readonly AlarmSeverity[]): boolean {
  const counts = useQueries({ queries: severities.map((severity) => alarmCountQuery({ source, severity, statuses: UNRESOLVED })) });
  return counts.every((c) => c.isSuccess && c.data === 0);
}

export const dashboardAlarmsQuery = (severity: DashboardSeverity, category?: DashboardAlarmCategory) =>
  infiniteQueryOptions({
    queryKey: alarmKeys.dashboard(severity, category),
    queryFn: ({ pageParam }) => listPageAlarms(severity, category, { currentPage: pageParam, pageSize: ALARM_LOAD_MORE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.statistics.currentPage < last.statistics.totalPages ? last.statistics.currentPage + 1 : undefined),
  });
export const useDashboardAlarms = (severity: DashboardSeverity, category?: DashboardAlarmCategory) => useInfiniteQuery(dashboardAlarmsQuery(severity, category));

/**
 * Sets the alarm's status, unless the alarm as it is now no longer takes it: a list read before
 * another user cleared the alarm must not reopen it by an acknowledge (the platform sets any status
 * it is sent). Resolves with the status found then (nothing written), null once changed.
 */
export async function setAlarmStatus(id: string, status: AlarmStatus): Promise<AlarmStatus | null> {
  const current = await getAlarm(id);
  if (!takesStatus(current, status)) return current.status;
  await updateAlarm(id, { status });
  return null;
}

/** Clears every unresolved alarm of the source (all sources when absent) of the given severities. */
export const clearAll = (source: string | undefined, severities: readonly AlarmSeverity[]) =>
  bulkUpdateAlarms({ ...withChildDevices(source), severity: severities, status: UNRESOLVED }, { status: 'CLEARED' });

/**
 * The alarm's audit records, newest first (empty when the platform keeps none); a refusal or
 * failure is an error, shown as such. revert needs the date range: the platform lists oldest first
 * and ignores revert without one, so a long log showed its oldest page.
 */
export const changeLogQuery = (alarm: Alarm) =>
  queryOptions({
    queryKey: alarmKeys.changeLog(alarm.id),
    queryFn: async (): Promise<Record<string, unknown>[]> =>
      listAuditRecords({ source: alarm.id, type: 'Alarm', dateFrom: SINCE_EVER, revert: true, pageSize: ALARM_LOAD_MORE_PAGE_SIZE }),
    retry: false,
  });
export const useChangeLog = (alarm: Alarm, enabled: boolean) => useQuery({ ...changeLogQuery(alarm), enabled });

/** A burst of notifications (a bulk clear, a flood of new alarms) re-reads the lists once per this. */
export const ALARM_LIVE_REREAD_MS = 1000;

/**
 * Keeps the alarm screens current: a new, changed or cleared alarm of the source and its child
 * devices (of every device when absent) re-reads the lists, counts and change logs, at most once
 * per {@link ALARM_LIVE_REREAD_MS}, so it appears in or leaves the lists without a Reload.
 */
export function useLiveAlarms(source: string | undefined): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtime(source ? `/alarmsWithChildren/${source}` : '/alarms/*', (_message, queryClient) => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    }, ALARM_LIVE_REREAD_MS);
  });
}

/**
 * The widgets' server state: one query per microservice call, refreshed every WIDGET_REFRESH_MS.
 * Two widgets showing the same figures share one query (same key), so a dashboard of fourteen
 * widgets makes one request per distinct call.
 */
import { useEffect } from 'react';
import { onlineManager, queryOptions, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { WIDGET_REFRESH_MS } from '@shared/domain/constants';
import { isPlatformError, UnreadableAnswerError } from '@shared/platform/fetch-client';
import { FAIL_WHEN_OFFLINE } from '@shared/platform/network-mode';
import {
  getAlarmCount,
  getAlarmHistory,
  getDeviceStatistics,
  getHistoryDeviceList,
  getRecoveredDeviceStats,
  getSoftwareMonitoringStats,
  getTopTenAlarmTypes,
  OPERATION_DASHBOARD,
  type DashboardSeverity,
} from '@shared/platform/operation-dashboard';
import { PLUGIN_ID } from '../model/views';

export const widgetKeys = {
  all: [PLUGIN_ID, 'widgets'] as const,
  deviceStatistics: () => [...widgetKeys.all, 'devicestatistics'] as const,
  history: () => [...widgetKeys.all, 'historydevicelist'] as const,
  alarmCount: (severity: DashboardSeverity) => [...widgetKeys.all, 'alarmcount', severity] as const,
  alarmHistory: () => [...widgetKeys.all, 'alarmhistory'] as const,
  topAlarms: (days: number) => [...widgetKeys.all, 'toptenalarmtypes', days] as const,
  softwareMonitoring: (trendDays: number) => [...widgetKeys.all, 'softwaremonitoringstats', trendDays] as const,
  recovered: () => [...widgetKeys.all, 'recovereddevicestats'] as const,
};

/**
 * Refreshed on the interval; an answer counts as fresh for FRESH_MS, so the widget's own
 * subscription does not ask again right after the request its render sent (useWidgetQuery).
 */
const FRESH_MS = 2_000;
// FAIL_WHEN_OFFLINE (the page's clients have it, the widget says it too): a refresh while offline
// fails and says so rather than pausing quietly with the old figures.
const refreshing = { refetchInterval: WIDGET_REFRESH_MS, refetchIntervalInBackground: false, staleTime: FRESH_MS, ...FAIL_WHEN_OFFLINE } as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const hasCounts =
  (...keys: string[]) =>
  (v: unknown): boolean =>
    isRecord(v) && keys.every((k) => isCount(v[k]));
const isCountList = (v: unknown): boolean => Array.isArray(v) && v.every(isCount);

/**
 * The call, its answer checked: figures the widget can show, or the client's UnreadableAnswerError
 * (an empty body, a proxy's HTML page, fields missing: shown as an error, never as blank figures or
 * an endless spinner; the log gets the call and the answer).
 */
const checked =
  <T>(call: string, fetch: () => Promise<T>, valid: (answer: unknown) => boolean) =>
  (): Promise<T> =>
    fetch().then((answer) => {
      if (!valid(answer)) throw new UnreadableAnswerError(`${OPERATION_DASHBOARD}/${call}`, answer);
      return answer;
    });

const validStatistics = hasCounts('onlineDeviceCount', 'offlineDeviceCount', 'notMonitoredDeviceCount', 'totalDevices');
const validHistory = (v: unknown) => isRecord(v) && isRecord(v.attrs) && Array.isArray(v.attrs.history) && v.attrs.history.every(hasCounts('deviceCount', 'averageTime'));
const validAlarmCount = hasCounts('total', 'software', 'connectivity', 'services', 'others');
const validAlarmHistory = (v: unknown) =>
  isRecord(v) && isRecord(v.attrs) && ['criticalAlarmHistory', 'majorAlarmHistory', 'minorAlarmHistory', 'warningAlarmHistory'].every((k) => isCountList((v.attrs as Record<string, unknown>)[k]));
const validTopAlarms = (v: unknown) => Array.isArray(v) && v.every((a) => isRecord(a) && typeof a.alarmType === 'string' && isCount(a.count) && typeof a.severity === 'string');
const validSoftwareMonitoring = hasCounts('devicesWaitingForDependencies', 'devicesWaitingForApproval', 'devicesWithoutSoftwareAssignment');
const validRecovered = hasCounts('thisMonth', 'thisYear', 'total');

export const deviceStatisticsOptions = () =>
  queryOptions({ queryKey: widgetKeys.deviceStatistics(), queryFn: checked('devicestatistics', getDeviceStatistics, validStatistics), ...refreshing });
export const historyOptions = () => queryOptions({ queryKey: widgetKeys.history(), queryFn: checked('historydevicelist', getHistoryDeviceList, validHistory), ...refreshing });
export const alarmCountOptions = (severity: DashboardSeverity) =>
  queryOptions({ queryKey: widgetKeys.alarmCount(severity), queryFn: checked(`alarmcount/${severity}`, () => getAlarmCount(severity), validAlarmCount), ...refreshing });
export const alarmHistoryOptions = () => queryOptions({ queryKey: widgetKeys.alarmHistory(), queryFn: checked('alarmhistory', getAlarmHistory, validAlarmHistory), ...refreshing });
export const topAlarmsOptions = (days: number) =>
  queryOptions({ queryKey: widgetKeys.topAlarms(days), queryFn: checked(`toptenalarmtypes/${days}`, () => getTopTenAlarmTypes(days), validTopAlarms), ...refreshing });
export const softwareMonitoringOptions = (trendDays: number) =>
  queryOptions({
    queryKey: widgetKeys.softwareMonitoring(trendDays),
    queryFn: checked(`softwaremonitoringstats/${trendDays}`, () => getSoftwareMonitoringStats(trendDays), validSoftwareMonitoring),
    ...refreshing,
  });
export const recoveredOptions = () => queryOptions({ queryKey: widgetKeys.recovered(), queryFn: checked('recovereddevicestats', getRecoveredDeviceStats, validRecovered), ...refreshing });

/**
 * The widget's query, its first request sent during the render (as usePrefetchQuery does) rather
 * than when useQuery subscribes in an effect after the widget's first commit: on a cold dashboard
 * fourteen widget roots commit one after another, and the later ones' requests waited for the
 * earlier ones' charts. `enabled` false sends nothing.
 */
function useWidgetQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, enabled = true) {
  const client = useQueryClient();
  if (enabled && !client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
  useRefreshWhenOffline(options.queryKey, enabled);
  return useQuery({ ...options, enabled });
}

/**
 * When the browser goes offline or online again the widget's figures are asked for at once.
 * Offline the request fails with the client's "cannot be reached" message, which the widget shows
 * above its last figures (with their time): an idle dashboard kept its figures, unmarked, until
 * the next refresh up to a minute later. Online again the message goes with the new figures
 * (React Query's own re-read on reconnect skips figures read less than FRESH_MS ago).
 * Two widgets of one query send one request (an answer under way is not cancelled).
 */
function useRefreshWhenOffline(queryKey: QueryKey, enabled: boolean) {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return undefined;
    return onlineManager.subscribe(() => {
      void client.refetchQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }, { cancelRefetch: false });
    });
  }, [client, key, enabled]);
}

export const useDeviceStatistics = () => useWidgetQuery(deviceStatisticsOptions());
export const useOnlineHistory = () => useWidgetQuery(historyOptions());
export const useAlarmCount = (severity: DashboardSeverity) => useWidgetQuery(alarmCountOptions(severity));
export const useAlarmHistory = () => useWidgetQuery(alarmHistoryOptions());
export const useTopAlarms = (days: number) => useWidgetQuery(topAlarmsOptions(days));
export const useSoftwareMonitoring = (trendDays: number, enabled = true) => useWidgetQuery(softwareMonitoringOptions(trendDays), enabled);
export const useRecovered = (enabled = true) => useWidgetQuery(recoveredOptions(), enabled);

/**
 * Spec 8: a non-200 of a dashboard call raises this message; the widget shows it. A network
 * failure has no status: it is reported with status 0, as the browser does.
 */
export const MICROSERVICE_ERROR = 'Could not get connection data from microservice, response status: {{status}}.';
export const errorStatus = (error: unknown): number => (isPlatformError(error) ? error.status : 0);

/**
 * A failed microservice call as the user reads it: spec 8's message with the status of an HTTP
 * refusal; an answer without the figures, or none at all (no connection, a time-out), in its own
 * words: the spec's message would name status 0 (or 200) as the failure.
 */
export function microserviceErrorText(t: (key: string, values?: Record<string, unknown>) => string, error: unknown): string {
  if (isPlatformError(error)) return t(MICROSERVICE_ERROR, { status: error.status });
  if (error instanceof UnreadableAnswerError) return t(UNREADABLE_ANSWER);
  return error instanceof Error ? error.message : String(error);
}
/** An answer of 200 without the figures: the spec's message would name status 200 as the failure. */
export const UNREADABLE_ANSWER = 'The microservice answered without the figures this widget shows.';

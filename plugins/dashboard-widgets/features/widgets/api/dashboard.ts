/**
 * The widgets' server state: one query per microservice call, refreshed every WIDGET_REFRESH_MS.
 * Two widgets showing the same figures share one query (same key), so a dashboard of fourteen
 * widgets makes one request per distinct call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WIDGET_REFRESH_MS } from '@shared/domain/constants';
import { isPlatformError } from '@shared/platform/fetch-client';
import {
  getAlarmCount,
  getAlarmHistory,
  getDeviceStatistics,
  getHistoryDeviceList,
  getRecoveredDeviceStats,
  getSoftwareMonitoringStats,
  getTopTenAlarmTypes,
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

const refreshing = { refetchInterval: WIDGET_REFRESH_MS, refetchIntervalInBackground: false } as const;

export const deviceStatisticsOptions = () => queryOptions({ queryKey: widgetKeys.deviceStatistics(), queryFn: getDeviceStatistics, ...refreshing });
export const historyOptions = () => queryOptions({ queryKey: widgetKeys.history(), queryFn: getHistoryDeviceList, ...refreshing });
export const alarmCountOptions = (severity: DashboardSeverity) =>
  queryOptions({ queryKey: widgetKeys.alarmCount(severity), queryFn: () => getAlarmCount(severity), ...refreshing });
export const alarmHistoryOptions = () => queryOptions({ queryKey: widgetKeys.alarmHistory(), queryFn: getAlarmHistory, ...refreshing });
export const topAlarmsOptions = (days: number) =>
  queryOptions({ queryKey: widgetKeys.topAlarms(days), queryFn: () => getTopTenAlarmTypes(days), ...refreshing });
export const softwareMonitoringOptions = (trendDays: number) =>
  queryOptions({ queryKey: widgetKeys.softwareMonitoring(trendDays), queryFn: () => getSoftwareMonitoringStats(trendDays), ...refreshing });
export const recoveredOptions = () => queryOptions({ queryKey: widgetKeys.recovered(), queryFn: getRecoveredDeviceStats, ...refreshing });

export const useDeviceStatistics = () => useQuery(deviceStatisticsOptions());
export const useOnlineHistory = () => useQuery(historyOptions());
export const useAlarmCount = (severity: DashboardSeverity) => useQuery(alarmCountOptions(severity));
export const useAlarmHistory = () => useQuery(alarmHistoryOptions());
export const useTopAlarms = (days: number) => useQuery(topAlarmsOptions(days));
export const useSoftwareMonitoring = (trendDays: number, enabled = true) => useQuery({ ...softwareMonitoringOptions(trendDays), enabled });
export const useRecovered = (enabled = true) => useQuery({ ...recoveredOptions(), enabled });

/**
 * Spec 8: a non-200 of a dashboard call raises this message; the widget shows it. A network
 * failure has no status: it is reported with status 0, as the browser does.
 */
export const MICROSERVICE_ERROR = 'Could not get connection data from microservice, response status: {{status}}.';
export const errorStatus = (error: unknown): number => (isPlatformError(error) ? error.status : 0);

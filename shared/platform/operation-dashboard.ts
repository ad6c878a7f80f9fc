/**
 * The operation-dashboard microservice: statistics for the Device Operations Dashboard and its
 * device/alarm lists. One typed function per call of both specs' section 7.
 */
import { listIn, request, type PageStatistics, type PagingParams } from './fetch-client';
import type { Alarm } from './alarms';
import type { ManagedObject } from './inventory';

/** Base path of the microservice. */
export const OPERATION_DASHBOARD = '/service/operation-dashboard';

/** Severities in the microservice's paths (lower case). */
export type DashboardSeverity = 'critical' | 'major' | 'minor' | 'warning';
/** Alarm categories of the alarm lists ('health' is the connectivity figure). */
export type DashboardAlarmCategory = 'software' | 'health' | 'services' | 'others';

export interface DeviceStatistics {
  onlineDeviceCount: number;
  offlineDeviceCount: number;
  notMonitoredDeviceCount: number;
  totalDevices: number;
}

export interface HistoryEntry {
  deviceCount: number;
  /** Average online time in minutes. */
  averageTime: number;
}

/** Newest day first. */
export interface HistoryDeviceList {
  attrs: { history: HistoryEntry[] };
}

export interface AlarmCount {
  total: number;
  software: number;
  /** Shown as 'Health'. */
  connectivity: number;
  services: number;
  others: number;
}

/** One number per day, newest first. */
export interface AlarmHistory {
  attrs: {
    criticalAlarmHistory: number[];
    majorAlarmHistory: number[];
    minorAlarmHistory: number[];
    warningAlarmHistory: number[];
  };
}

export interface TopAlarmType {
  alarmType: string;
  count: number;
  severity: 'CRITICAL' | 'MAJOR' | 'MINOR' | 'WARNING';
}

/** Trend: 1 up, -1 down, 0 unchanged. */
export type Trend = -1 | 0 | 1;

export interface SoftwareMonitoringStats {
  devicesWaitingForDependencies: number;
  TrendWFD: Trend;
  devicesWaitingForApproval: number;
  TrendWFA: Trend;
  devicesWithoutSoftwareAssignment: number;
  TrendWSA: Trend;
}

export interface RecoveredDeviceStats {
  thisMonth: number;
  thisYear: number;
  total: number;
}

/** A page of devices of a dashboard list. */
export interface DashboardDevicePage {
  managedObjects: ManagedObject[];
  statistics: PageStatistics;
}

/** An alarm of the alarm list pages; the microservice serialises ids as {value}. */
export type DashboardAlarm = Omit<Alarm, 'id'> & { id: { value: string } };

export interface DashboardAlarmPage {
  alarms: DashboardAlarm[];
  statistics: Pick<PageStatistics, 'currentPage'> & { totalPages: number };
}

type Paging = Pick<PagingParams, 'pageSize' | 'currentPage'>;
const get = <T>(path: string, query?: Paging) => request<T>('GET', `${OPERATION_DASHBOARD}${path}`, { query: query ? { ...query } : undefined });
/** A list page whose answer must hold its list under `prop` (else UnreadableAnswerError, never an empty page). */
const getList = async <T>(path: string, prop: string, query: Paging): Promise<T> => {
  const body = await get<T>(path, query);
  listIn(body, prop, `${OPERATION_DASHBOARD}${path}`);
  return body;
};

/** GET /devicestatistics. */
export const getDeviceStatistics = () => get<DeviceStatistics>('/devicestatistics');
/** GET /historydevicelist. */
export const getHistoryDeviceList = () => get<HistoryDeviceList>('/historydevicelist');
/** GET /alarmcount/{severity}. */
export const getAlarmCount = (severity: DashboardSeverity) => get<AlarmCount>(`/alarmcount/${severity}`);
/** GET /alarmhistory. */
export const getAlarmHistory = () => get<AlarmHistory>('/alarmhistory');
/** GET /toptenalarmtypes/{days}. */
export const getTopTenAlarmTypes = (days: number) => get<TopAlarmType[]>(`/toptenalarmtypes/${days}`);
/** GET /softwaremonitoringstats/{trendDays}. */
export const getSoftwareMonitoringStats = (trendDays: number) => get<SoftwareMonitoringStats>(`/softwaremonitoringstats/${trendDays}`);
/** GET /recovereddevicestats. */
export const getRecoveredDeviceStats = () => get<RecoveredDeviceStats>('/recovereddevicestats');

/** Which devices /listdevices returns. */
export type DeviceListKind = 'online' | 'offline' | 'notmonitored' | 'total';
/** GET /listdevices/{kind}?pageSize&currentPage. */
export const listDashboardDevices = (kind: DeviceListKind, paging: Paging) => getList<DashboardDevicePage>(`/listdevices/${kind}`, 'managedObjects', paging);
/** GET /historydevicelistpage/{day}: devices online on that day (days ago). */
export const listHistoryDevices = (day: number, paging: Paging) => getList<DashboardDevicePage>(`/historydevicelistpage/${day}`, 'managedObjects', paging);
/** wfd: waiting for dependency, wfa: waiting for approval, wsa: without software assignment. */
export type SoftwareMonitoringKind = 'wfd' | 'wfa' | 'wsa';
/** GET /softwaremonitoringdevicelistpage/{kind}. */
export const listSoftwareMonitoringDevices = (kind: SoftwareMonitoringKind, paging: Paging) =>
  getList<DashboardDevicePage>(`/softwaremonitoringdevicelistpage/${kind}`, 'managedObjects', paging);
export type RecoveredPeriod = 'month' | 'year' | 'total';
/** GET /recovereddevicelistpage/{period}. */
export const listRecoveredDevices = (period: RecoveredPeriod, paging: Paging) =>
  getList<DashboardDevicePage>(`/recovereddevicelistpage/${period}`, 'managedObjects', paging);
/** GET /listpagealarms/{severity}[/{category}]?currentPage&pageSize. */
export const listPageAlarms = (severity: DashboardSeverity, category: DashboardAlarmCategory | undefined, paging: Paging) =>
  getList<DashboardAlarmPage>(`/listpagealarms/${severity}${category ? `/${category}` : ''}`, 'alarms', paging);

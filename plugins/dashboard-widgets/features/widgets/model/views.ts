/**
 * Every widget's views, the days field each view's slider edits, and where its figures link to
 * (spec section 2 "Widgets" and "/devicesFromDashboard").
 */
import { DAYS_DEFAULT, DASHBOARD_HISTORY_DAYS } from '@shared/domain/constants';
import type { WidgetConfig } from './config';

export const PLUGIN_ID = 'dashboard-widgets';

export const WIDGET_IDS = {
  devicesOnline: 'widget:dashboard-widgets/devices-online',
  onlineHistory: 'widget:dashboard-widgets/device-online-history',
  alarmSeverity: 'widget:dashboard-widgets/alarm-severity',
  alarmHistory: 'widget:dashboard-widgets/alarm-history',
  topAlarms: 'widget:dashboard-widgets/top-alarms',
  softwareMonitor: 'widget:dashboard-widgets/software-monitor',
} as const;

/** View names with their display names (the config stores both, as the product does). */
export const DEVICES_ONLINE_VIEWS = { number: 'Number', numberOfAll: 'Number of all', piechart: 'Pie chart' } as const;
export const ONLINE_HISTORY_VIEWS = { barchart: 'Bar chart', 'number-avg': 'Number and average' } as const;
export const ALARM_SEVERITY_VIEWS = { critical: 'Critical', major: 'Major', minor: 'Minor', warning: 'Warning' } as const;
export const ALARM_HISTORY_VIEWS = { barchart: 'Stacked bar chart' } as const;
export const TOP_ALARMS_VIEWS = { list: 'List' } as const;
export const SOFTWARE_MONITOR_VIEWS = {
  dependency: 'Waiting for Dependency',
  approval: 'Waiting for Approval',
  'wo-assignements': 'without Assignements',
  recovered: 'Recovered',
} as const;

export type DevicesOnlineView = keyof typeof DEVICES_ONLINE_VIEWS;
export type OnlineHistoryView = keyof typeof ONLINE_HISTORY_VIEWS;
export type AlarmSeverityView = keyof typeof ALARM_SEVERITY_VIEWS;
export type AlarmHistoryView = keyof typeof ALARM_HISTORY_VIEWS;
export type TopAlarmsView = keyof typeof TOP_ALARMS_VIEWS;
export type SoftwareMonitorView = keyof typeof SOFTWARE_MONITOR_VIEWS;

export const viewNames = <V extends string>(views: Record<V, string>) => Object.keys(views) as V[];

/** The config entry of a view. */
export const selectView = <V extends string>(views: Record<V, string>, name: V) => ({ name, displayName: views[name] });

/** The software monitor's trend days field per view (recovered has no trend). */
export const TREND_FIELD: Record<SoftwareMonitorView, keyof WidgetConfig | null> = {
  dependency: 'trendDaysWaitingForDependency',
  approval: 'trendDaysWaitingForApproval',
  'wo-assignements': 'trendDaysWithoutSoftwareAssignment',
  recovered: null,
};

/** Default configs: the first listed view, days at the slider default (section 4/9). */
export const DEFAULT_CONFIGS = {
  devicesOnline: { selectedView: selectView(DEVICES_ONLINE_VIEWS, 'number') },
  onlineHistory: { selectedView: selectView(ONLINE_HISTORY_VIEWS, 'barchart'), showNumberOfDaysAgo: DAYS_DEFAULT },
  alarmSeverity: { selectedView: selectView(ALARM_SEVERITY_VIEWS, 'critical') },
  alarmHistory: { selectedView: selectView(ALARM_HISTORY_VIEWS, 'barchart'), showNumberOfDaysAgo: DAYS_DEFAULT },
  topAlarms: { selectedView: selectView(TOP_ALARMS_VIEWS, 'list'), showNumberOfDaysAgo: DAYS_DEFAULT },
  softwareMonitor: {
    selectedView: selectView(SOFTWARE_MONITOR_VIEWS, 'dependency'),
    trendDaysWaitingForDependency: DAYS_DEFAULT,
    trendDaysWaitingForApproval: DAYS_DEFAULT,
    trendDaysWithoutSoftwareAssignment: DAYS_DEFAULT,
  },
} satisfies Record<string, WidgetConfig>;

export { DASHBOARD_HISTORY_DAYS };

// ---- click-throughs --------------------------------------------------------------------------

/** The /devicesFromDashboard views (section 2). */
export const DEVICE_LIST_VIEWS = [
  'currentOnlineDevices',
  'currentOfflineDevices',
  'currentNotMonitoredDevices',
  'totalDevices',
  'onlineOnDay',
  'devicesWaitingForDependency',
  'devicesWaitingForApproval',
  'devicesWithoutSoftwareAssignements',
  'recoveredThisMonth',
  'recoveredThisYear',
  'recoveredTotal',
] as const;
export type DeviceListView = (typeof DEVICE_LIST_VIEWS)[number];

export const DEVICE_LIST_PATH = '/devicesFromDashboard';
export const ALARM_DETAILS_PATH = '/alarmDetails';

/** Target of a figure: /devicesFromDashboard?view=..&operationsdashboarddetails=true[&day=..]. */
export function deviceListLink(view: DeviceListView, day?: number): string {
  const q = new URLSearchParams({ view, operationsdashboarddetails: 'true' });
  if (day !== undefined) q.set('day', String(day));
  return `${DEVICE_LIST_PATH}?${q.toString()}`;
}

export type AlarmCategoryLink = 'software' | 'health' | 'services' | 'others';

/** Target of an alarm figure: /alarmDetails?operationsdashboarddetails=true&severity=..[&category=..]. */
export function alarmDetailsLink(severity: AlarmSeverityView, category?: AlarmCategoryLink): string {
  const q = new URLSearchParams({ operationsdashboarddetails: 'true', severity });
  if (category) q.set('category', category);
  return `${ALARM_DETAILS_PATH}?${q.toString()}`;
}

/** History lists hold index 0 = yesterday, so the bar at index i is i + 1 days ago. */
export const dayOfIndex = (index: number): number => index + 1;

export const SOFTWARE_MONITOR_LIST: Record<Exclude<SoftwareMonitorView, 'recovered'>, DeviceListView> = {
  dependency: 'devicesWaitingForDependency',
  approval: 'devicesWaitingForApproval',
  'wo-assignements': 'devicesWithoutSoftwareAssignements',
};

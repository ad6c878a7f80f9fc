/**
 * The default layout of the Device Operations Dashboard (spec 2 "Default dashboard layout"):
 * three sections on the 12-column grid, each widget with its default config.
 */
import type { DashboardSection, DashboardWidgetPlacement } from '@shared/plugin-api/types';
import { DASHBOARD_HISTORY_DAYS } from '@shared/domain/constants';
import {
  ALARM_HISTORY_VIEWS,
  ALARM_SEVERITY_VIEWS,
  DEFAULT_CONFIGS,
  DEVICES_ONLINE_VIEWS,
  ONLINE_HISTORY_VIEWS,
  SOFTWARE_MONITOR_VIEWS,
  WIDGET_IDS,
  selectView,
  type AlarmSeverityView,
  type SoftwareMonitorView,
} from './views';

/** First grid row of each section. */
const CONNECTION_Y = 0;
const ALARM_Y = 5;
const SOFTWARE_Y = 12;

export const DASHBOARD_SECTIONS: DashboardSection[] = [
  { title: 'Connection Monitoring', y: CONNECTION_Y },
  { title: 'Alarm Monitoring', y: ALARM_Y },
  { title: 'Software Monitoring', y: SOFTWARE_Y },
];

/** The four figures in a row take a quarter of the grid each. */
const QUARTER = 3;
const FIGURE_HEIGHT = 2;
/** The charts and the alarm list. */
const CHART_HEIGHT = 5;
/** What an editor gets on adding a chart or the alarm list to a dashboard: room for its axis and rows. */
export const CHART_WIDGET_SIZE = { width: 6, height: CHART_HEIGHT };

const severityTitles: Record<AlarmSeverityView, string> = {
  critical: 'Critical alarms',
  major: 'Major alarms',
  minor: 'Minor alarms',
  warning: 'Warning alarms',
};

const softwareTitles: Record<SoftwareMonitorView, string> = {
  dependency: 'Waiting for Dependency',
  approval: 'Waiting for Approval',
  'wo-assignements': 'without Assignements',
  recovered: 'Recovered',
};

export const DEFAULT_WIDGETS: DashboardWidgetPlacement[] = [
  {
    instanceId: 'devices-online-number',
    widgetId: WIDGET_IDS.devicesOnline,
    title: 'Devices online',
    x: 0,
    y: CONNECTION_Y,
    w: QUARTER,
    h: FIGURE_HEIGHT,
    config: { selectedView: selectView(DEVICES_ONLINE_VIEWS, 'number') },
  },
  {
    instanceId: 'online-yesterday',
    widgetId: WIDGET_IDS.onlineHistory,
    title: 'Yesterday online',
    x: 0,
    y: CONNECTION_Y + FIGURE_HEIGHT,
    w: QUARTER,
    h: CHART_HEIGHT - FIGURE_HEIGHT,
    config: { selectedView: selectView(ONLINE_HISTORY_VIEWS, 'number-avg'), showNumberOfDaysAgo: DASHBOARD_HISTORY_DAYS },
  },
  {
    instanceId: 'devices-online-pie',
    widgetId: WIDGET_IDS.devicesOnline,
    title: 'Devices online',
    x: QUARTER,
    y: CONNECTION_Y,
    w: 4,
    h: CHART_HEIGHT,
    config: { selectedView: selectView(DEVICES_ONLINE_VIEWS, 'piechart') },
  },
  {
    instanceId: 'online-history-bars',
    widgetId: WIDGET_IDS.onlineHistory,
    title: 'Device online history',
    x: 7,
    y: CONNECTION_Y,
    w: 5,
    h: CHART_HEIGHT,
    config: { selectedView: selectView(ONLINE_HISTORY_VIEWS, 'barchart'), showNumberOfDaysAgo: DASHBOARD_HISTORY_DAYS },
  },
  ...(Object.keys(ALARM_SEVERITY_VIEWS) as AlarmSeverityView[]).map((severity, i) => ({
    instanceId: `alarm-severity-${severity}`,
    widgetId: WIDGET_IDS.alarmSeverity,
    title: severityTitles[severity],
    x: i * QUARTER,
    y: ALARM_Y,
    w: QUARTER,
    h: FIGURE_HEIGHT,
    config: { selectedView: selectView(ALARM_SEVERITY_VIEWS, severity) },
  })),
  {
    instanceId: 'alarm-history',
    widgetId: WIDGET_IDS.alarmHistory,
    title: 'Alarm History',
    x: 0,
    y: ALARM_Y + FIGURE_HEIGHT,
    w: 7,
    h: CHART_HEIGHT,
    // Spec 9: "Dashboard history default 60 days", the alarm history too ("alarms last 60 days").
    config: { selectedView: selectView(ALARM_HISTORY_VIEWS, 'barchart'), showNumberOfDaysAgo: DASHBOARD_HISTORY_DAYS },
  },
  {
    instanceId: 'top-alarms',
    widgetId: WIDGET_IDS.topAlarms,
    title: 'Top 10 alarms',
    x: 7,
    y: ALARM_Y + FIGURE_HEIGHT,
    w: 5,
    h: CHART_HEIGHT,
    config: { ...DEFAULT_CONFIGS.topAlarms },
  },
  ...(Object.keys(SOFTWARE_MONITOR_VIEWS) as SoftwareMonitorView[]).map((view, i) => ({
    instanceId: `software-monitor-${view}`,
    widgetId: WIDGET_IDS.softwareMonitor,
    title: softwareTitles[view],
    x: i * QUARTER,
    y: SOFTWARE_Y,
    w: QUARTER,
    h: FIGURE_HEIGHT,
    config: { ...DEFAULT_CONFIGS.softwareMonitor, selectedView: selectView(SOFTWARE_MONITOR_VIEWS, view) },
  })),
];

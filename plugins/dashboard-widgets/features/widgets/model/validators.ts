/** Each widget's validateConfig (used by plugin.ts and by its config form). */
import { configValidator } from './config';
import {
  ALARM_HISTORY_VIEWS,
  ALARM_SEVERITY_VIEWS,
  DEVICES_ONLINE_VIEWS,
  ONLINE_HISTORY_VIEWS,
  SOFTWARE_MONITOR_VIEWS,
  TOP_ALARMS_VIEWS,
  TREND_FIELD,
  viewNames,
} from './views';

export const validateDevicesOnline = configValidator(viewNames(DEVICES_ONLINE_VIEWS), () => null);
export const validateOnlineHistory = configValidator(viewNames(ONLINE_HISTORY_VIEWS), () => 'showNumberOfDaysAgo');
export const validateAlarmSeverity = configValidator(viewNames(ALARM_SEVERITY_VIEWS), () => null);
export const validateAlarmHistory = configValidator(viewNames(ALARM_HISTORY_VIEWS), () => 'showNumberOfDaysAgo');
export const validateTopAlarms = configValidator(viewNames(TOP_ALARMS_VIEWS), () => 'showNumberOfDaysAgo');
export const validateSoftwareMonitor = configValidator(viewNames(SOFTWARE_MONITOR_VIEWS), (v) => TREND_FIELD[v]);

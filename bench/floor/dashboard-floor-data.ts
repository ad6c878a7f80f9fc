/**
 * The operation-dashboard calls the default widgets make (shared/platform/operation-dashboard),
 * by path: the bench captures their answers from the dashboard's own cold load and writes them
 * into the floor page under these keys.
 */
import { DAYS_DEFAULT } from '@shared/domain/constants';
import { OPERATION_DASHBOARD } from '@shared/platform/operation-dashboard';

export const FLOOR_DATA_PATHS = {
  deviceStatistics: `${OPERATION_DASHBOARD}/devicestatistics`,
  history: `${OPERATION_DASHBOARD}/historydevicelist`,
  alarmCount: (severity: string) => `${OPERATION_DASHBOARD}/alarmcount/${severity}`,
  alarmHistory: `${OPERATION_DASHBOARD}/alarmhistory`,
  topAlarms: `${OPERATION_DASHBOARD}/toptenalarmtypes/${DAYS_DEFAULT}`,
  softwareMonitoring: `${OPERATION_DASHBOARD}/softwaremonitoringstats/${DAYS_DEFAULT}`,
  recovered: `${OPERATION_DASHBOARD}/recovereddevicestats`,
};

/** Every path the floor reads. */
export const floorDataPaths = (): string[] => [
  FLOOR_DATA_PATHS.deviceStatistics,
  FLOOR_DATA_PATHS.history,
  ...['critical', 'major', 'minor', 'warning'].map(FLOOR_DATA_PATHS.alarmCount),
  FLOOR_DATA_PATHS.alarmHistory,
  FLOOR_DATA_PATHS.topAlarms,
  FLOOR_DATA_PATHS.softwareMonitoring,
  FLOOR_DATA_PATHS.recovered,
];

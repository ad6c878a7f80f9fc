/** /alarmDetails: title from severity and category; dashboard list pages or a device's alarms. */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isPlatformError } from '@shared/platform/fetch-client';
import { getManagedObject } from '@shared/platform/inventory';
import { usePlatformContext } from '@shared/plugin-api/context';
import { alarmDetailsTitle, parseAlarmDetailsParams, toSeverity } from '../logic/alarms';
import { AlarmsView, type AlarmsViewProps } from './alarms-view';
import { DashboardAlarms } from './dashboard-alarms';

export function AlarmDetails({ alerts, confirm }: Pick<AlarmsViewProps, 'alerts' | 'confirm'>) {
  const { t } = useTranslation();
  const { query } = usePlatformContext();
  const params = parseAlarmDetailsParams(query);
  const fromDashboardList = !!params.severity && params.fromDashboard && !params.deviceId;
  // The category narrows only the dashboard's list pages; the alarm list shows every category, so its title names none.
  const title = alarmDetailsTitle({ severity: params.severity, category: fromDashboardList ? params.category : undefined });
  // A link to a device's alarms (a bookmark) whose device is gone says so, not "No alarms to display".
  const device = useQuery({
    queryKey: ['alarm-details', 'device', params.deviceId],
    queryFn: () => getManagedObject(params.deviceId ?? '', { withChildren: false }),
    enabled: !!params.deviceId,
    retry: false,
  });
  const gone = isPlatformError(device.error) && device.error.status === 404;
  return (
    <div data-testid="alarm-details-page">
      {/* The screen's title (spec 2), so its h1: the header then shows the route's "Alarms" as plain text, as over the device lists. */}
      <h1 className="m-0 p-b-8" style={{ fontSize: 22 }} data-testid="alarm-details-title">
        {t(title.key, Object.fromEntries(Object.entries(title.values).map(([k, v]) => [k, t(v)])))}
      </h1>
      {/* The dashboard's links (operationsdashboarddetails) open its read-only pages of the
          microservice; any other link with a severity gets the device alarms of that severity. */}
      {gone ? (
        <div className="alert alert-danger" role="alert" data-testid="alarm-details-device-gone">
          {t('This device does not exist; another user may have deleted it.')}
        </div>
      ) : fromDashboardList && params.severity ? (
        <DashboardAlarms severity={params.severity} category={params.category} />
      ) : (
        <AlarmsView source={params.deviceId} severities={params.severity ? [toSeverity(params.severity)] : undefined} alerts={alerts} confirm={confirm} />
      )}
    </div>
  );
}

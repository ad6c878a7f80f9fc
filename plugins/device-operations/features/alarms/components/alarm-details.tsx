/** /alarmDetails: title from severity and category; dashboard list pages or a device's alarms. */
import { useTranslation } from 'react-i18next';
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
  return (
    <div data-testid="alarm-details-page">
      {/* The screen's title (spec 2), so its h1: the header then shows the route's "Alarms" as plain text, as over the device lists. */}
      <h1 className="m-0 p-b-8" style={{ fontSize: 22 }} data-testid="alarm-details-title">
        {t(title.key, Object.fromEntries(Object.entries(title.values).map(([k, v]) => [k, t(v)])))}
      </h1>
      {/* The dashboard's links (operationsdashboarddetails) open its read-only pages of the
          microservice; any other link with a severity gets the device alarms of that severity. */}
      {fromDashboardList && params.severity ? (
        <DashboardAlarms severity={params.severity} category={params.category} />
      ) : (
        <AlarmsView source={params.deviceId} severities={params.severity ? [toSeverity(params.severity)] : undefined} alerts={alerts} confirm={confirm} />
      )}
    </div>
  );
}

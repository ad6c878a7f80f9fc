import { useDevice } from '@shared/plugin-api/context';
import { AlarmsView } from '../features/alarms/components/alarms-view';
import { AlarmDetails } from '../features/alarms/components/alarm-details';
import { tabAlerts } from './tab-alerts';
import { confirm } from './confirm';

export function DeviceAlarmsTab() {
  return <AlarmsView source={useDevice().id} alerts={tabAlerts} confirm={confirm} />;
}

export function AlarmsRoute() {
  return <AlarmsView alerts={tabAlerts} confirm={confirm} />;
}

export function AlarmDetailsRoute() {
  return <AlarmDetails alerts={tabAlerts} confirm={confirm} />;
}

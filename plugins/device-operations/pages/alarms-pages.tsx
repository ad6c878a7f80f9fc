import type { ReactNode } from 'react';
import { useDevice } from '@shared/plugin-api/context';
import { AlarmsView } from '../features/alarms/components/alarms-view';
import { AlarmDetails } from '../features/alarms/components/alarm-details';
import { TabAlerts, useTabAlerts, type TabAlertsApi } from './tab-alerts';
import { useConfirm, type Confirm } from './confirm';

/** Alerts and confirm for pages that are not device tabs. */
export function WithAlerts({ children }: { children: (alerts: TabAlertsApi, confirm: Confirm) => ReactNode }) {
  const { alerts, api, dismiss } = useTabAlerts();
  const [confirm, element] = useConfirm();
  return (
    <>
      <TabAlerts alerts={alerts} dismiss={dismiss} />
      {children(api, confirm)}
      {element}
    </>
  );
}

export function DeviceAlarmsTab() {
  const device = useDevice();
  return <WithAlerts>{(alerts, confirm) => <AlarmsView source={device.id} alerts={alerts} confirm={confirm} />}</WithAlerts>;
}

export function AlarmsRoute() {
  return <WithAlerts>{(alerts, confirm) => <AlarmsView alerts={alerts} confirm={confirm} />}</WithAlerts>;
}

export function AlarmDetailsRoute() {
  return <WithAlerts>{(alerts, confirm) => <AlarmDetails alerts={alerts} confirm={confirm} />}</WithAlerts>;
}

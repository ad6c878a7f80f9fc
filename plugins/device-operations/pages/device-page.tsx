/** What every device tab page provides to its feature: the live device, alerts and confirm. */
import type { ReactNode } from 'react';
import type { Device } from '@shared/plugin-api/types';
import { TabAlerts, useTabAlerts, type TabAlertsApi } from './tab-alerts';
import { useConfirm, type Confirm } from './confirm';
import { useLiveDevice } from './live-device';

export interface DevicePageKit {
  device: Device;
  refresh: () => Promise<unknown>;
  replace: (device: Device) => void;
  alerts: TabAlertsApi;
  confirm: Confirm;
}

/** Renders the alert stack and the confirm modal around the feature the page composes. */
export function DevicePage({ children }: { children: (kit: DevicePageKit) => ReactNode }) {
  const live = useLiveDevice();
  const { alerts, api, dismiss } = useTabAlerts();
  const [confirm, confirmElement] = useConfirm();
  return (
    <>
      <TabAlerts alerts={alerts} dismiss={dismiss} />
      {children({ ...live, alerts: api, confirm })}
      {confirmElement}
    </>
  );
}

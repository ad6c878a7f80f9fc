/** What every device tab page provides to its feature: the live device, alerts and confirm. */
import type { ReactNode } from 'react';
import type { Device } from '@shared/plugin-api/types';
import { tabAlerts, type TabAlertsApi } from './tab-alerts';
import { confirm, type Confirm } from './confirm';
import { useLiveDevice } from './live-device';

export interface DevicePageKit {
  device: Device;
  refresh: () => Promise<unknown>;
  replace: (device: Device) => void;
  alerts: TabAlertsApi;
  confirm: Confirm;
}

export function DevicePage({ children }: { children: (kit: DevicePageKit) => ReactNode }) {
  const live = useLiveDevice();
  return <>{children({ ...live, alerts: tabAlerts, confirm })}</>;
}

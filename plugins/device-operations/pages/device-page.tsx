/** What every device tab page provides to its feature: the live device, alerts and confirm. */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/plugin-api/types';
import { isPlatformError } from '@shared/platform/fetch-client';
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
  const { t } = useTranslation();
  const { deleted, ...live } = useLiveDevice();
  const { refresh } = live;
  // A write answered 404: the device may have been deleted since the tab read it. It is read
  // again, so the notice below says so (a 404 of another object leaves the device as it is).
  const alerts = useMemo<TabAlertsApi>(
    () => ({
      ...tabAlerts,
      fail: (error) => {
        tabAlerts.fail(error);
        // A 404 of the read shows as the notice below; any failure of it also reaches the log.
        if (isPlatformError(error) && error.status === 404) refresh().catch((e: unknown) => console.error('Device tab: the device could not be read again after a 404', e));
      },
    }),
    [refresh],
  );
  return (
    <>
      {/* The tab stays as it was (nothing typed is lost); every action on it would fail. */}
      {deleted && (
        <div className="alert alert-warning" role="alert" data-testid="device-deleted">
          {t('This device no longer exists: another user may have deleted it. The tab shows what was read before; changes cannot be saved.')}
        </div>
      )}
      {children({ ...live, alerts, confirm })}
    </>
  );
}

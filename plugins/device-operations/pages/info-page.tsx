import { useIsAdminArea } from '@shared/plugin-api/context';
import { NETBOX_TYPE } from '@shared/domain/device-types';
import { InfoTab } from '../features/device-info/components/info-tab';
import { DevicePage } from './device-page';
import { SetTimezoneAction } from './set-timezone-action';

/** Info tab; the admin view (path contains /admin, e.g. the admin-info tab) adds customer and groups. */
export function InfoPage({ admin }: { admin: boolean }) {
  return (
    <DevicePage>
      {(kit) => (
        <InfoTab
          device={kit.device}
          isAdmin={admin}
          alerts={kit.alerts}
          confirm={kit.confirm}
          onSaved={(d) => kit.replace({ ...kit.device, ...d })}
          onReload={kit.refresh}
          // Time zone operations are for IoTconnectors only (spec 2, as the lists' bulk action).
          timezoneAction={kit.device.type === NETBOX_TYPE ? <SetTimezoneAction device={kit.device} alerts={kit.alerts} /> : undefined}
        />
      )}
    </DevicePage>
  );
}

export default function InfoTabPage() {
  return <InfoPage admin={useIsAdminArea()} />;
}

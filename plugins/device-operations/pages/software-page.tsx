import { SoftwareTab } from '../features/software-tab/components/software-tab';
import { DevicePage } from './device-page';
import { SelectSoftwareAction } from './select-software-action';
import { useClearPending } from './clear-pending';
import { tabAlerts } from './tab-alerts';

/**
 * Software tab. The Select software dialog belongs to the device-list work (features/
 * select-software); it is composed in here, never imported by the tab itself.
 */
export default function SoftwareTabPage() {
  const clearPendingAssignments = useClearPending(tabAlerts);
  return (
    <DevicePage>
      {(kit) => (
        <SoftwareTab
          device={kit.device}
          alerts={kit.alerts}
          confirm={kit.confirm}
          onSaved={(d) => kit.replace({ ...kit.device, ...d })}
          onReload={kit.refresh}
          clearPendingAssignments={clearPendingAssignments}
          selectSoftwareAction={<SelectSoftwareAction device={kit.device} alerts={kit.alerts} />}
        />
      )}
    </DevicePage>
  );
}


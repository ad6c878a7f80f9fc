import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NETBOX_TYPE } from '@shared/domain/device-types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { DeviceControlTab } from '../features/device-control/components/device-control-tab';
import { ReplaceIotConnectorDialog } from '../features/replacement/components/replace-iotconnector-dialog';
import { replacedBy } from '../features/replacement/logic/replacement';
import { TransferConfigurationDialog } from '../features/transfer-configuration/components/transfer-configuration-dialog';
import { DevicePage } from './device-page';
import { onResume, subscribe } from './realtime';
import { tabAlerts } from './tab-alerts';
import { useJobIdle } from './job-idle';

/** Device Control tab with the replacement and transfer dialogs composed in. */
export default function DeviceControlPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'replace' | 'transfer' | null>(null);
  // Both assign software through the service: not while a server job runs (spec 4).
  const idle = useJobIdle(tabAlerts);
  const openWhenIdle = (dialog: 'replace' | 'transfer') => void idle().then((free) => free && setOpen(dialog));
  return (
    <DevicePage>
      {(kit) => {
        // A replaced IoTconnector is not replaced again (the service refuses the finish, after validation and installation).
        const replacement = replacedBy(kit.device);
        return (
          <>
            <DeviceControlTab
              device={kit.device}
              alerts={kit.alerts}
              subscribe={subscribe}
              replacementAction={
                kit.device.type === NETBOX_TYPE ? (
                  <PermittedButton
                    requires={REQUIRES.deviceReplacement}
                    className="btn btn-default"
                    disabled={replacement !== undefined}
                    title={replacement === undefined ? undefined : replacement ? t('This IoTconnector was already replaced by {{name}}.', { name: replacement }) : t('This IoTconnector was already replaced.')}
                    onClick={() => openWhenIdle('replace')}
                  >
                    {t('Start Replacement Process')}
                  </PermittedButton>
                ) : undefined
              }
              transferAction={
                <PermittedButton requires={REQUIRES.softwareAssignment} className="btn btn-default" onClick={() => openWhenIdle('transfer')}>
                  {t('Transfer configuration')}
                </PermittedButton>
              }
            />
            {open === 'replace' && <ReplaceIotConnectorDialog source={kit.device} alerts={kit.alerts} subscribe={subscribe} onResume={onResume} onClose={() => setOpen(null)} />}
            {open === 'transfer' && <TransferConfigurationDialog source={kit.device} alerts={kit.alerts} onClose={() => setOpen(null)} />}
          </>
        );
      }}
    </DevicePage>
  );
}

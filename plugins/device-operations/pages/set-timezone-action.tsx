/** The Info tab's Set timezone action: the lists' time zone dialog, run for this one device. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTimezoneOperations } from '@shared/platform/create-software-ng';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import SetTimezoneDialog from '../common/set-timezone/components/set-timezone-dialog';
import { timeZoneError, timeZoneSuccess } from '../common/set-timezone/model/messages';
import type { TabAlertsApi } from './tab-alerts';

export function SetTimezoneAction({ device, alerts }: { device: Device; alerts: TabAlertsApi }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = async (timezone: string | null) => {
    setOpen(false);
    if (!timezone) return;
    try {
      const res = await createTimezoneOperations({ devices: [device.id], timezone });
      const msg = timeZoneSuccess(res.noOfOperationsCreated, [device]);
      if (msg.type === 'success') alerts.success(t(msg.text, msg.values));
      else alerts.warning(t(msg.text, msg.values));
    } catch (e) {
      const msg = timeZoneError(e);
      alerts.fail(t(msg.text, msg.values));
    }
  };
  return (
    <>
      <PermittedButton requires={REQUIRES.timezoneOperation} className="btn btn-default" onClick={() => setOpen(true)}>
        <i className="dlt-c8y-icon-clock-o" /> {t('Set timezone')}
      </PermittedButton>
      {open && <SetTimezoneDialog deviceCount={1} onClose={(tz) => void close(tz)} />}
    </>
  );
}

/** The Info tab's Set timezone action: the lists' time zone dialog, run for this one device. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTimezoneOperations } from '@shared/platform/create-software-ng';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { SendingButton } from './sending-button';
import SetTimezoneDialog from '../common/set-timezone/components/set-timezone-dialog';
import { timeZoneError, timeZoneSuccess } from '../common/set-timezone/model/messages';
import type { TabAlertsApi } from './tab-alerts';

export function SetTimezoneAction({ device, alerts }: { device: Device; alerts: TabAlertsApi }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The request may take a while: the button says so and sends no second one meanwhile.
  const [sending, setSending] = useState(false);
  const close = async (timezone: string | null) => {
    setOpen(false);
    if (!timezone) return;
    setSending(true);
    try {
      const res = await createTimezoneOperations({ devices: [device.id], timezone });
      const msg = timeZoneSuccess(res.noOfOperationsCreated, [device]);
      if (msg.type === 'success') alerts.success(t(msg.text, msg.values));
      else alerts.warning(t(msg.text, msg.values));
    } catch (e) {
      const msg = timeZoneError(e);
      alerts.fail(t(msg.text, msg.values));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <SendingButton requires={REQUIRES.timezoneOperation} sending={sending} sendingText={t('The time zone is being set.')} icon="dlt-c8y-icon-clock-o" onClick={() => setOpen(true)} data-testid="tab-set-timezone">
        {t('Set timezone')}
      </SendingButton>
      {open && <SetTimezoneDialog deviceCount={1} onClose={(tz) => void close(tz)} />}
    </>
  );
}

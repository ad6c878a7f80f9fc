/** The Software tab's Select software action: the lists' dialog, assigning to this device. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSoftwareAssignment } from '@shared/platform/create-software-ng';
import { typesForSelection } from '@shared/domain/device-types';
import { ALERT_SUCCESS_DISMISS_MS } from '@shared/domain/constants';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { SendingButton } from './sending-button';
import SelectSoftwareDialog from '../common/select-software/components/select-software-dialog';
import type { SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { assignmentRequest } from '@shared/platform/software-choices';
import { alertText, assignmentResult, unexpectedError } from '../common/server-job/model/messages';
import { answerCounters } from '@shared/ui/server-job';
import type { TabAlertsApi } from './tab-alerts';
import { useJobIdle } from './job-idle';

export function SelectSoftwareAction({ device, alerts }: { device: Device; alerts: TabAlertsApi }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The assignment may take a while: the button says so and sends no second one meanwhile.
  const [sending, setSending] = useState(false);
  const idle = useJobIdle(alerts);
  // Not while a server job runs (spec 4), as the lists' Select software.
  const openDialog = async () => {
    if (await idle()) setOpen(true);
  };
  const close = async (result: SelectSoftwareResult | null) => {
    setOpen(false);
    if (!result) {
      alerts.info(t('No software assigned'));
      return;
    }
    setSending(true);
    try {
      const res = await createSoftwareAssignment(assignmentRequest(result.item, [device.id], result.forceInstallation));
      // With the counters, as the lists say it (spec 8): "Already assigned/installed: 1" tells the
      // user nothing was sent, where a bare "successful" would not.
      const spec = assignmentResult(answerCounters(res, 1));
      const text = alertText(spec, t);
      if (spec.alert.type === 'danger') alerts.fail(text);
      else alerts.success(text, ALERT_SUCCESS_DISMISS_MS);
    } catch (e) {
      // Spec 8, as the lists and the group page say it: the status, then the service's answer.
      alerts.fail(alertText(unexpectedError(e), t));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <SendingButton requires={REQUIRES.softwareAssignment} sending={sending} sendingText={t('The software is being assigned.')} onClick={() => void openDialog()} data-testid="tab-select-software">
        {t('Select software')}
      </SendingButton>
      {open && <SelectSoftwareDialog deviceTypes={typesForSelection(device.type ? [device.type] : [])} deviceCount={1} actions={['assign']} onClose={(r) => void close(r)} />}
    </>
  );
}

/**
 * Clear Pending Assignments for one device, run as the lists run it: as a server job polled
 * through c8y_status until completed, with the lists' result messages (spec 8). Composed into
 * the Software tab here, so the tab does not depend on the server-job feature.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { clearPendingAssignment } from '@shared/platform/create-software-ng';
import { useServerJob } from '../common/server-job/hooks/use-server-job';
import { clearPendingResult, httpError, jobFailure, type AlertSpec } from '../common/server-job/model/messages';
import { successFailed } from '@shared/ui/server-job';
import type { TabAlertsApi } from './tab-alerts';
import { useJobIdle } from './job-idle';

export function useClearPending(alerts: TabAlertsApi): (deviceId: string) => Promise<void> {
  const { t } = useTranslation();
  const job = useServerJob();
  const idle = useJobIdle(alerts);
  const text = useCallback(
    (spec: AlertSpec) => [t(spec.alert.text, spec.alert.values), ...(spec.alert.details ?? []).map((d) => t(d.text, d.values))].join(' '),
    [t],
  );
  return useCallback(
    async (deviceId: string) => {
      if (!(await idle())) return;
      alerts.info(t('Clearing pending software assignments triggered'));
      try {
        const { status } = await job.runJob('clearPending', 1, () => clearPendingAssignment([deviceId]));
        const spec = clearPendingResult(status ? successFailed('clearPending', status) : { success: 1, failed: 0 });
        if (spec.alert.type === 'success') alerts.success(text(spec));
        else alerts.warning(text(spec));
      } catch (e) {
        const spec = jobFailure(e, httpError);
        if (spec.alert.type === 'warning') alerts.warning(text(spec));
        else alerts.fail(text(spec));
      }
    },
    [alerts, idle, job, t, text],
  );
}

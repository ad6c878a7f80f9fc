/**
 * "Select Software" for every device of a group (spec 1, section 2): one flow, started from the
 * group's sub-assets page (/group/{groupId}/sub-assets) and from the action bar of the platform
 * UI's own group pages. Loads the group's devices, opens the Select software dialog, assigns and
 * reports: "No Device to assign Sofware", "Software successfully assigned", "No software was assigned".
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_ALL_PAGE_SIZE } from '@shared/domain/constants';
import { typesForSelection } from '@shared/domain/device-types';
import { createSoftwareAssignment } from '@shared/platform/create-software-ng';
import { getManagedObject, listAllManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { isPlatformError } from '@shared/platform/fetch-client';
import { announceGroupsChanged } from '@shared/plugin-api/groups-changed';
import { buildQuery } from '@shared/platform/query-language';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import type { SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { assignmentRequest } from '@shared/platform/software-choices';
import { ONGOING_MESSAGE } from '@shared/ui/server-job-banner';
import { assignCounters } from '@shared/ui/server-job';
import SelectSoftwareDialog from '../../../common/select-software/components/select-software-dialog';
import { leftOutMessage, splitByType } from '../../../common/select-software/model/fitting';
import { ServerJobOverlay } from '../../../common/server-job/components/server-job-overlay';
import { JobBlockedError, useServerJob } from '../../../common/server-job/hooks/use-server-job';
import { assignmentResult, emptyGroup, groupAssigned, groupGone, groupNotAssigned, jobFailure, unexpectedError, type AlertSpec } from '../../../common/server-job/model/messages';
import { useActionAlerts } from '../../../common/server-job/hooks/use-action-alerts';
import { groupDeviceFilter } from '../api/group';

export interface GroupSelectSoftware {
  job: ReturnType<typeof useServerJob>;
  /** The button that starts it (gated by the assignment's roles), disabled without the group or while a job runs. */
  button: (className: string) => ReactNode;
  /** The dialog and the overlay, rendered wherever the caller likes (both sit in the top layer). */
  view: ReactNode;
}

export function useGroupSelectSoftware(group: ManagedObject | undefined): GroupSelectSoftware {
  const { t } = useTranslation();
  const job = useServerJob();
  const [dialog, setDialog] = useState<{ devices: ManagedObject[]; types: string[] } | null>(null);
  // Select Software tried again takes its earlier failure away (a retry that works shows only its success).
  const alerts = useActionAlerts<'assign'>();
  const show = (s: AlertSpec) => alerts.show('assign', s.alert, s.dismissAfterMs);

  const start = async () => {
    if (!group) return;
    alerts.retrying('assign');
    try {
      await job.ensureIdleBlocked();
      const devices = await job.withOverlay('Loading selected devices', () =>
        listAllManagedObjects({ query: buildQuery(groupDeviceFilter(group)), withChildren: false }, LOAD_ALL_PAGE_SIZE),
      );
      if (devices.length === 0) {
        // A group another user deleted meanwhile also finds no devices: that is said, not "empty".
        const gone = await getManagedObject(group.id).then(
          () => false,
          (e: unknown) => isPlatformError(e) && e.status === 404,
        );
        if (gone) announceGroupsChanged();
        return show(gone ? groupGone() : emptyGroup());
      }
      setDialog({ devices, types: typesForSelection([...new Set(devices.map((d) => d.type ?? ''))].filter(Boolean)) });
    } catch (e) {
      if (e instanceof JobBlockedError) show({ alert: { type: 'warning', text: e.message } });
      else show(unexpectedError(e));
    }
  };

  const onChosen = async (result: SelectSoftwareResult | null) => {
    const devices = dialog?.devices ?? [];
    setDialog(null);
    if (!result) return show(groupNotAssigned());
    // A group may hold several families: the dialog named the devices the choice cannot apply to
    // before OK; they are left out rather than sent to fail.
    const { fitting, leftOut } = splitByType(devices, result.item.deviceType);
    const ids = fitting.map((d) => d.id);
    try {
      const { status } = await job.runJob('assign', ids.length, () => createSoftwareAssignment(assignmentRequest(result.item, ids, result.forceInstallation)));
      const counters = status ? assignCounters(status) : undefined;
      show(counters && counters.failed > 0 ? assignmentResult(counters) : groupAssigned());
      if (leftOut > 0) show(leftOutMessage(leftOut));
    } catch (e) {
      show(jobFailure(e, unexpectedError));
    }
  };

  const button = (className: string) => (
    <PermittedButton
      requires={REQUIRES.softwareAssignment}
      className={className}
      disabled={!group || job.ongoing || !!job.overlay}
      // Why it is off, on hover, as the lists' bulk actions say it (a missing group is said by the page).
      title={job.ongoing ? t(ONGOING_MESSAGE) : undefined}
      onClick={() => void start()}
      data-testid="group-select-software"
    >
      <i className="dlt-c8y-icon-download m-r-4" aria-hidden="true" />
      {t('Select Software')}
    </PermittedButton>
  );

  const view = (
    <>
      {dialog && (
        <SelectSoftwareDialog
          deviceTypes={dialog.types}
          deviceCount={dialog.devices.length}
          devices={dialog.devices.map((d) => ({ id: d.id, name: d.name, type: d.type }))}
          actions={['assign']}
          onClose={(r) => void onChosen(r)}
        />
      )}
      <ServerJobOverlay overlay={job.overlay} />
    </>
  );
  return { job, button, view };
}

/**
 * Route /group/{groupId}/sub-assets (spec 1, section 2): the group's sub-assets and "Select
 * Software" for every device of the group.
 */
import { useEffect, useState } from 'react';
import { Spinner } from '@shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOAD_ALL_PAGE_SIZE, SHORT_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { deviceTypeLabel, MOBILE_ROUTER_TYPE, typesForSelection } from '@shared/domain/device-types';
import { createSoftwareAssignment } from '@shared/platform/create-software-ng';
import { listAllManagedObjects, listChildAssets, type ManagedObject } from '@shared/platform/inventory';
import { buildQuery } from '@shared/platform/query-language';
import { usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import SelectSoftwareDialog from '../common/select-software/components/select-software-dialog';
import { leftOutMessage, splitByType } from '../common/select-software/model/fitting';
import type { SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { assignmentRequest } from '@shared/platform/software-choices';
import { AlertOutlet } from '../common/server-job/components/alert-outlet';
import { ONGOING_MESSAGE, ServerJobBanner } from '@shared/ui/server-job-banner';
import { ServerJobOverlay } from '../common/server-job/components/server-job-overlay';
import { JobBlockedError, useServerJob } from '../common/server-job/hooks/use-server-job';
import { assignmentResult, emptyGroup, groupAssigned, groupNotAssigned, unexpectedError, type AlertSpec } from '../common/server-job/model/messages';
import { assignCounters } from '@shared/ui/server-job';
import { pushAlert, useListAlerts } from '../common/server-job/store/alerts';
import { ListEnd } from '@shared/ui/empty-state';
import { Pager } from '@shared/ui/pager';
import { groupKeys, groupDeviceFilter, useGroup } from '../features/groups/api/group';
import { hrefOf } from '../features/device-list/model/list-state';

const show = (s: AlertSpec) => pushAlert(s.alert, s.dismissAfterMs);

/** The sub-assets page in the address (?page=N); anything else is the first page. */
const pageOf = (query: Readonly<Record<string, string>>): number => {
  const n = Number(query.page);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export default function GroupSubAssetsPage() {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const id = ctx.params.groupId ?? '';
  const group = useGroup(id);
  // The page lives in the address (as the device lists' does): Back from a sub-asset returns to it.
  const page = pageOf(ctx.query);
  const setPage = (next: number) => {
    const { page: _previous, ...rest } = ctx.query;
    ctx.navigate(hrefOf(ctx.path, next > 1 ? { ...rest, page: String(next) } : rest));
  };
  const assets = useQuery({
    queryKey: [...groupKeys.detail(id), 'sub-assets', page],
    queryFn: () => listChildAssets(id, { pageSize: SHORT_LIST_PAGE_SIZE, currentPage: page }),
    placeholderData: keepPreviousData,
  });
  const job = useServerJob();
  // The page's messages are its own: leaving it clears them, as leaving a device list does; so
  // does opening another group's sub-assets (the same page, mounted still), whose they are not.
  const clearAlerts = useListAlerts((st) => st.clear);
  useEffect(() => () => clearAlerts(), [clearAlerts, id]);
  const [dialog, setDialog] = useState<{ devices: ManagedObject[]; types: string[] } | null>(null);

  const selectSoftware = async () => {
    if (!group.data) return;
    try {
      await job.ensureIdle();
      const devices = await job.withOverlay('Loading selected devices', () =>
        listAllManagedObjects({ query: buildQuery(groupDeviceFilter(group.data)), withChildren: false }, LOAD_ALL_PAGE_SIZE),
      );
      if (devices.length === 0) return show(emptyGroup());
      setDialog({ devices, types: typesForSelection([...new Set(devices.map((d) => d.type ?? ''))].filter(Boolean)) });
    } catch (e) {
      if (e instanceof JobBlockedError) pushAlert({ type: 'warning', text: e.message });
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
      show(unexpectedError(e));
    }
  };

  const items = assets.data?.items ?? [];
  return (
    <div className="content-fullpage" data-testid="group-sub-assets">
      <div className="d-flex a-i-center j-c-between p-b-8">
        <h1 className="m-0" style={{ fontSize: 22 }}>
          {group.data?.name ?? id} <small>{t('Sub-assets')}</small>
        </h1>
        <PermittedButton
          requires={REQUIRES.softwareAssignment}
          className="btn btn-primary"
          disabled={!group.data || job.ongoing || !!job.overlay}
          // Why it is off, on hover, as the lists' bulk actions say it (the missing group says so above).
          title={job.ongoing ? t(ONGOING_MESSAGE) : undefined}
          onClick={selectSoftware}
          data-testid="group-select-software"
        >
          <i className="dlt-c8y-icon-download m-r-4" aria-hidden="true" />
          {t('Select Software')}
        </PermittedButton>
      </div>
      <ServerJobBanner ongoing={job.ongoing} error={job.status.error} />
      {/* Without the group there is no name and nothing to assign to: said, not a silently disabled button. */}
      {group.isError && (
        <div className="alert alert-danger" role="alert" data-testid="group-error">
          {t('The group could not be loaded: {{message}}', { message: (group.error as Error).message })}
        </div>
      )}
      <AlertOutlet />
      <div className="card">
        <table className="table table-striped m-0" data-testid="sub-assets-table" aria-busy={assets.isFetching}>
          <thead>
            <tr>
              <th>{t('Name')}</th>
              <th>{t('Type')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id}>
                <td>
                  <a href={a.c8y_IsDeviceGroup !== undefined ? `#/group/${a.id}/sub-assets` : `#/device/${a.id}`}>{a.name ?? a.id}</a>
                </td>
                {/* The names the rest of the product uses; a type it has no name for is shown as the data it is. */}
                <td data-testid="sub-asset-type">
                  {a.c8y_IsDeviceGroup !== undefined ? t('Group') : a.type === MOBILE_ROUTER_TYPE ? t('Mobile router') : (deviceTypeLabel(a.type) ?? a.type ?? '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* The first read, and another page's while the previous rows still show, are said, not a blank or stale table. */}
        {assets.isFetching && <Spinner />}
        <ListEnd
          error={assets.error}
          errorLead={t('The sub-assets could not be loaded:')}
          empty={!assets.isFetching && items.length === 0}
          emptyText={t('No sub-assets')}
          data-testid="sub-assets-error"
        />
        <Pager currentPage={page} hasNext={!!assets.data?.hasNext && items.length >= SHORT_LIST_PAGE_SIZE} pageSize={SHORT_LIST_PAGE_SIZE} onPageChange={setPage} />
      </div>
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
    </div>
  );
}

/**
 * Route /group/{groupId}/sub-assets (spec 1, section 2): the group's sub-assets and "Select
 * Software" for every device of the group.
 */
import { useEffect } from 'react';
import { Spinner } from '@shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isPlatformError } from '@shared/platform/fetch-client';
import { SHORT_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { deviceTypeLabel, MOBILE_ROUTER_TYPE } from '@shared/domain/device-types';
import { listChildAssets } from '@shared/platform/inventory';
import { usePlatformContext } from '@shared/plugin-api/context';
import { AlertOutlet } from '../common/server-job/components/alert-outlet';
import { ServerJobBanner } from '@shared/ui/server-job-banner';
import { useListAlerts } from '../common/server-job/store/alerts';
import { DeviceLink } from '@shared/ui/device-link';
import { ListEnd } from '@shared/ui/empty-state';
import { Pager } from '@shared/ui/pager';
import { groupKeys, useGroup } from '../features/groups/api/group';
import { GroupError } from '../features/groups/components/group-error';
import { useGroupSelectSoftware } from '../features/groups/components/group-select-software';
import { hrefOf } from '../features/device-list/model/list-state';

/** The same flow in the action bar of the platform UI's group pages (plugin.ts loads it from this page's chunk). */
export { default as GroupSelectSoftwareAction } from '../features/groups/components/group-select-software-action';

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
    // With the page count: the platform links a next page after every full one, so a group of
    // exactly 10, 20, ... devices would otherwise offer Next to an empty page, and no Last.
    queryFn: () => listChildAssets(id, { pageSize: SHORT_LIST_PAGE_SIZE, currentPage: page, withTotalPages: true }),
    placeholderData: keepPreviousData,
  });
  const selectSoftware = useGroupSelectSoftware(group.data);
  const { job } = selectSoftware;
  // The page's messages are its own: leaving it clears them, as leaving a device list does; so
  // does opening another group's sub-assets (the same page, mounted still), whose they are not.
  const clearAlerts = useListAlerts((st) => st.clear);
  useEffect(() => () => clearAlerts(), [clearAlerts, id]);

  const items = assets.data?.items ?? [];
  // A group that does not exist (a bookmark, another user's delete) has no sub-assets and nothing
  // to assign to: the page says so once, without an empty table, a pager or the server's raw text.
  if (group.isError && isPlatformError(group.error) && group.error.status === 404) {
    return (
      <div className="content-fullpage" data-testid="group-sub-assets">
        <GroupError error={group.error} />
      </div>
    );
  }
  return (
    <div className="content-fullpage" data-testid="group-sub-assets">
      <div className="d-flex a-i-center j-c-between p-b-8">
        {/* A long name breaks anywhere (it ran past the page's edge over the button), isolated as in the lists. */}
        <h1 className="m-0" style={{ fontSize: 22, minWidth: 0, overflowWrap: 'anywhere' }}>
          <bdi>{group.data?.name ?? id}</bdi> <small>{t('Sub-assets')}</small>
        </h1>
        {selectSoftware.button('btn btn-primary')}
      </div>
      <ServerJobBanner ongoing={job.ongoing} error={job.status.error} />
      {/* Without the group there is no name and nothing to assign to: said, not a silently disabled button. */}
      {group.isError && <GroupError error={group.error} />}
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
                <td style={{ overflowWrap: 'anywhere' }}>
                  {a.c8y_IsDeviceGroup !== undefined ? (
                    <a href={`#/group/${encodeURIComponent(a.id)}/sub-assets`}>
                      <bdi>{a.name || a.id}</bdi>
                    </a>
                  ) : (
                    <DeviceLink id={a.id} name={a.name} />
                  )}
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
        <Pager
          currentPage={page}
          totalPages={assets.data?.statistics.totalPages}
          hasNext={!!assets.data?.hasNext && items.length >= SHORT_LIST_PAGE_SIZE}
          pageSize={SHORT_LIST_PAGE_SIZE}
          onPageChange={setPage}
        />
      </div>
      {selectSoftware.view}
    </div>
  );
}

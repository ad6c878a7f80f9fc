/** Route /group/{groupId}: the group's devices as a device list, with a link to its sub-assets. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformContext } from '@shared/plugin-api/context';
import type { DeviceSource } from '../features/device-list/api/devices';
import { DeviceListView } from '../features/device-list/components/device-list-view';
import { DEFAULT_COLUMNS, availableColumns } from '../features/device-list/model/columns';
import { groupDeviceFilter, useGroup } from '../features/groups/api/group';
import { GroupError } from '../features/groups/components/group-error';

export default function GroupPage() {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const id = ctx.params.groupId ?? '';
  const group = useGroup(id);
  const source: DeviceSource | undefined = useMemo(
    () => (group.data ? { key: ['group', id], base: groupDeviceFilter(group.data) } : undefined),
    [group.data, id],
  );
  if (group.isError) {
    return <GroupError error={group.error} />;
  }
  if (!source || !group.data) return <p className="text-muted p-16">{t('Loading…')}</p>;
  return (
    <div data-testid="group-page">
      {group.data.c8y_IsDynamicGroup === undefined && (
        <div className="p-t-8">
          <a className="btn btn-link" href={`#/group/${encodeURIComponent(id)}/sub-assets`} data-testid="sub-assets-link">
            {t('Sub-assets')}
          </a>
        </div>
      )}
      <DeviceListView
        key={id}
        source={source}
        title={group.data.name ?? id}
        available={availableColumns(false)}
        defaults={DEFAULT_COLUMNS}
        csvFileName={`group-${id}-devices.csv`}
      />
    </div>
  );
}

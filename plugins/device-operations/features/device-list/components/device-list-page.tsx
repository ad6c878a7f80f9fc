/** Route /views/{deviceType} and /admin/views/{deviceType} (spec 1, section 2). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DEVICE_TYPE, NAVIGATOR_LABELS, isDeviceType, typesFor } from '@shared/domain/device-types';
import { usePlatformContext, useIsAdminArea } from '@shared/plugin-api/context';
import { anyOf } from '@shared/platform/query-language';
import type { DeviceSource } from '../api/devices';
import { ADMIN_COLUMNS, DEFAULT_COLUMNS, availableColumns } from '../model/columns';
import { DeviceListView } from './device-list-view';

export default function DeviceListPage() {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const admin = useIsAdminArea();
  const raw = ctx.params.deviceType ?? DEFAULT_DEVICE_TYPE;
  const deviceType = isDeviceType(raw) ? raw : undefined;
  // The same arrays while the area stays: a new one on every render (each filter, sort or page
  // navigates) made new grid columns, and AG Grid rebuilt and re-measured every column (~20 ms
  // of each filter change) although the column set had not changed.
  const available = useMemo(() => availableColumns(admin), [admin]);
  const source: DeviceSource | undefined = useMemo(
    () => (deviceType ? { key: [admin ? 'admin' : 'views', deviceType], base: anyOf('type', typesFor(deviceType)), withParents: admin } : undefined),
    [admin, deviceType],
  );
  if (!deviceType || !source) {
    return (
      <div className="c8y-empty-state text-center" data-testid="unknown-device-type">
        <h4>{t('Unknown device type "{{type}}"', { type: raw })}</h4>
      </div>
    );
  }
  return (
    // A new key per list: leaving a list (another type or area) resets its selection and select-all flag.
    <DeviceListView
      key={`${admin}-${deviceType}`}
      source={source}
      title={t(NAVIGATOR_LABELS[deviceType])}
      available={available}
      defaults={admin ? ADMIN_COLUMNS : DEFAULT_COLUMNS}
      preferenceKey={deviceType}
      iotconnectorActions={deviceType === 'iotconnector'}
      csvFileName={`${deviceType}-devices.csv`}
    />
  );
}

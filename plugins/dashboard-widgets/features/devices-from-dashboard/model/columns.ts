/**
 * The list's columns; the user shows, hides and orders them (kept per user). Cells, status
 * labels and icons and the date format are the device list's (shared/ui/device-columns).
 */
import type { TFunction } from 'i18next';
import type { ManagedObject } from '@shared/platform/inventory';
import type { GridColumn } from '@shared/ui/data-grid-model';
import { DEVICE_CELLS, FIELD, textAt } from '@shared/ui/device-columns';

/**
 * The spec's preference keys (NETBOXES_COLUMNS_CONFIG, NETBOXES_DROPDOWN_CONFIG), suffixed as the
 * device lists suffix them with their device type: this list has its own column set.
 */
export const COLUMNS_PREFERENCE = 'NETBOXES_COLUMNS_CONFIGdevicesFromDashboard';
export const PAGE_SIZE_PREFERENCE = 'NETBOXES_DROPDOWN_CONFIGdevicesFromDashboard';

export function deviceColumns(t: TFunction): GridColumn<ManagedObject>[] {
  return [
    { id: 'name', label: t('Name'), alwaysVisible: true, ...DEVICE_CELLS.name },
    { id: 'status', label: t('Status'), ...DEVICE_CELLS.status },
    { id: 'type', label: t('Type'), text: textAt(FIELD.type) },
    { id: 'serial', label: t('Machine serial'), text: textAt(FIELD.machineSerial) },
    { id: 'agentVersion', label: t('Agent version'), text: textAt(FIELD.agentVersion) },
    { id: 'lastMessage', label: t('Last message'), ...DEVICE_CELLS.lastMessage },
    { id: 'pendingUpdates', label: t('Pending updates'), text: textAt(FIELD.pendingUpdates) },
    { id: 'failedInstallations', label: t('Failed installations'), text: textAt(FIELD.failedInstallations) },
    { id: 'id', label: t('ID'), text: (d) => d.id, hiddenByDefault: true },
    { id: 'creationTime', label: t('Registration date'), ...DEVICE_CELLS.registrationDate, hiddenByDefault: true },
  ];
}

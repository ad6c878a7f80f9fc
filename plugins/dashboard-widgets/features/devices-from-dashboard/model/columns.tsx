/** The list's columns; the user shows, hides and orders them (kept per user). */
import React from 'react';
import type { TFunction } from 'i18next';
import { msg } from '@shared/plugin-api/i18n';
import { PRODUCT } from '@shared/plugin-api/types';
import type { ManagedObject } from '@shared/platform/inventory';
import type { GridColumn } from '@shared/ui/data-grid';

export const COLUMNS_PREFERENCE = 'OPERATIONS_DASHBOARD_COLUMNS_CONFIG';
export const PAGE_SIZE_PREFERENCE = 'OPERATIONS_DASHBOARD_PAGE_SIZE';

function read(doc: Record<string, unknown>, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Availability codes the platform reports, shown through i18n (English keeps the code). */
const AVAILABILITY: ReadonlySet<string> = new Set([msg('AVAILABLE'), msg('UNAVAILABLE'), msg('MAINTENANCE'), msg('NOT_MONITORED'), msg('UNKNOWN')]);

export function deviceColumns(t: TFunction): GridColumn<ManagedObject>[] {
  return [
    {
      id: 'name',
      header: t('Name'),
      alwaysVisible: true,
      value: (d) => d.name ?? d.id,
      render: (d) => <a href={`#/device/${encodeURIComponent(d.id)}/info`}>{d.name ?? d.id}</a>,
    },
    {
      id: 'status',
      header: t('Status'),
      value: (d) => {
        const status = text(read(d, 'c8y_Availability.status'));
        return AVAILABILITY.has(status) ? t(status) : status;
      },
    },
    { id: 'type', header: t('Type'), value: (d) => text(d.type) },
    { id: 'serial', header: t('Machine serial'), value: (d) => text(read(d, `${PRODUCT}_adamos_netbox_MachineSerialNumber`)) },
    { id: 'agentVersion', header: t('Agent version'), value: (d) => text(read(d, 'c8y_Agent.version')) },
    { id: 'lastMessage', header: t('Last message'), value: (d) => text(read(d, 'c8y_Availability.lastMessage')) },
    { id: 'pendingUpdates', header: t('Pending updates'), value: (d) => text(read(d, `${PRODUCT}_adamos_netbox_PendingUpdates`)) },
    { id: 'failedInstallations', header: t('Failed installations'), value: (d) => text(read(d, `${PRODUCT}_adamos_netbox_FailedInstallationCount`)) },
    { id: 'id', header: t('ID'), value: (d) => d.id, hiddenByDefault: true },
    { id: 'creationTime', header: t('Registration date'), value: (d) => text(d.creationTime), hiddenByDefault: true },
  ];
}

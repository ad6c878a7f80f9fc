/**
 * The dev shell's imitations of the platform's standard device tabs Identity, Logs and Control
 * (registered in device-tabs-standard.ts): views of what the platform's tabs list, from the same
 * platform calls; the Logs tab also requests log files (logs-tab.tsx). Each is a parcel with the providers every contribution gets, its texts
 * in the shell namespace.
 */
import React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createContributionParcel } from '@shared/plugin-api/parcel';
import { useDevice } from '@shared/plugin-api/context';
import { listExternalIds } from '@shared/platform/identity';
import { listOperations, type Operation } from '@shared/platform/operations';
import { formatDateTime } from '@shared/domain/formats';
import { EmptyState } from '@shared/ui/empty-state';
import { Spinner } from '@shared/ui/spinner';
import { usePageTexts } from './missing-page';
import { QueryError, TabFrame } from './standard-tab-frame';
import { LogsTab } from './logs-tab';

/** The platform's Control tab shows the newest operations first, a page at a time. */
export const CONTROL_PAGE_SIZE = 25;
export function IdentityTab() {
  usePageTexts();
  const { t } = useTranslation();
  const device = useDevice();
  const ids = useQuery({ queryKey: ['shell', 'identity', device.id], queryFn: () => listExternalIds(device.id) });
  return (
    <TabFrame title={t('Identity')} testId="identity-tab" onReload={() => void ids.refetch()} fetching={ids.isFetching}>
      {ids.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : ids.isError ? (
        <QueryError error={ids.error} />
      ) : ids.data.length === 0 ? (
        <EmptyState icon="fingerprint" title={t('No external IDs to display.')} />
      ) : (
        <table className="table table-striped" data-testid="external-ids">
          <thead>
            <tr>
              <th scope="col">{t('External ID')}</th>
              <th scope="col">{t('Type')}</th>
            </tr>
          </thead>
          <tbody>
            {ids.data.map((e) => (
              <tr key={`${e.type}/${e.externalId}`}>
                <td style={{ overflowWrap: 'anywhere' }}>{e.externalId}</td>
                <td>{e.type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TabFrame>
  );
}

function OperationRows({ operations, testId }: { operations: readonly Operation[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <table className="table table-striped" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('Status')}</th>
          <th scope="col">{t('Description')}</th>
          <th scope="col">{t('Created')}</th>
          <th scope="col">{t('Failure reason')}</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((o) => (
          <tr key={o.id} data-operation-id={o.id}>
            <td>{o.status}</td>
            <td style={{ overflowWrap: 'anywhere' }}>{o.description ?? '-'}</td>
            <td className="text-nowrap">{formatDateTime(o.creationTime) || '-'}</td>
            <td style={{ overflowWrap: 'anywhere' }}>{o.failureReason ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ControlTab() {
  usePageTexts();
  const { t } = useTranslation();
  const device = useDevice();
  const ops = useQuery({
    queryKey: ['shell', 'control', device.id],
    queryFn: () => listOperations({ deviceId: device.id, revert: true, pageSize: CONTROL_PAGE_SIZE }),
  });
  return (
    <TabFrame title={t('Control')} testId="control-tab" onReload={() => void ops.refetch()} fetching={ops.isFetching}>
      {ops.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : ops.isError ? (
        <QueryError error={ops.error} />
      ) : ops.data.items.length === 0 ? (
        <EmptyState icon="terminal" title={t('No operations to display.')} />
      ) : (
        <>
          <p className="text-muted small">{t('The newest {{n}} operations of this device.', { n: CONTROL_PAGE_SIZE })}</p>
          <OperationRows operations={ops.data.items} testId="device-operations" />
        </>
      )}
    </TabFrame>
  );
}

// The texts are the shell's own namespace (loaded by the shell), so no locales are passed.
export const identityParcel = createContributionParcel(IdentityTab);
export const controlParcel = createContributionParcel(ControlTab);
export const logsParcel = createContributionParcel(LogsTab);

/**
 * The dev shell's imitations of the platform's standard device tabs Identity, Logs and Control
 * (registered in device-tabs-standard.ts): read-only views of what the platform's tabs list, from
 * the same platform calls. Each is a parcel with the providers every contribution gets, its texts
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

/** The platform's Control tab shows the newest operations first, a page at a time. */
export const CONTROL_PAGE_SIZE = 25;
/** The operation fragment the platform's Logs tab requests log files with. */
export const LOGFILE_REQUEST = 'c8y_LogfileRequest';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function QueryError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert" data-testid="standard-tab-error">
      {t('Could not load: {{message}}', { message: errorText(error) })}
    </div>
  );
}

function TabFrame({ title, testId, onReload, fetching, children }: { title: string; testId: string; onReload: () => void; fetching: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="p-16" data-testid={testId}>
      <div className="d-flex j-c-between a-i-center m-b-8">
        <h4>{title}</h4>
        <button type="button" className="btn btn-link" onClick={onReload} disabled={fetching}>
          <i className={`dlt-c8y-icon-refresh${fetching ? ' icon-spin' : ''}`} aria-hidden="true" /> {t('Reload')}
        </button>
      </div>
      {children}
    </div>
  );
}

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

export function LogsTab() {
  usePageTexts();
  const { t } = useTranslation();
  const device = useDevice();
  const supported = Array.isArray(device.c8y_SupportedLogs) ? (device.c8y_SupportedLogs as unknown[]).map(String) : [];
  const requests = useQuery({
    queryKey: ['shell', 'logs', device.id],
    queryFn: () => listOperations({ deviceId: device.id, fragmentType: LOGFILE_REQUEST, revert: true, pageSize: CONTROL_PAGE_SIZE }),
  });
  return (
    <TabFrame title={t('Logs')} testId="logs-tab" onReload={() => void requests.refetch()} fetching={requests.isFetching}>
      <p data-testid="supported-logs">
        {supported.length ? t('Log types this device provides: {{types}}', { types: supported.join(', ') }) : t('This device reports no log types (c8y_SupportedLogs).')}
      </p>
      {requests.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : requests.isError ? (
        <QueryError error={requests.error} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState icon="logs" title={t('No log requests to display.')} />
      ) : (
        <OperationRows operations={requests.data.items} testId="log-requests" />
      )}
    </TabFrame>
  );
}

// The texts are the shell's own namespace (loaded by the shell), so no locales are passed.
export const identityParcel = createContributionParcel(IdentityTab);
export const controlParcel = createContributionParcel(ControlTab);
export const logsParcel = createContributionParcel(LogsTab);

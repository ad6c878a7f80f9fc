import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@shared/plugin-api/i18n';
import { Modal } from '@shared/ui/modal';
import { Pager, totalPagesOf } from '@shared/ui/pager';
import { Spinner } from '@shared/ui/spinner';
import { rolloutDevicesQuery, type Rollout } from '../api/rollouts';
import type { CounterResult } from '../model/rollout';
import { failureReasonText } from '../model/failure-reason';
import { DeviceLink } from '@shared/ui/device-link';

/** Each device result in words (the list's Result column and the dialog's title). */
export const RESULT_LABEL: Record<string, string> = {
  processed: msg('Processed'),
  pending: msg('Not sent yet'),
  waiting: msg('Waiting for the device'),
  success: msg('Success'),
  updated: msg('Updated'),
  upToDate: msg('Up to date'),
  failed: msg('Failed'),
  disabled: msg('Disabled'),
  cancelled: msg('Cancelled'),
};

interface Props {
  rollout: Rollout;
  result: CounterResult;
  /** 1-based; the card keeps it (in the page's address). */
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onClose: () => void;
}

/** The devices behind one counter of a rollout: name, result and the reason of a failure, page by page. */
export function RolloutDevicesDialog({ rollout, result, page, pageSize, onPageChange, onClose }: Props) {
  const { t } = useTranslation();
  const query = useQuery(rolloutDevicesQuery(rollout.id, result, page, pageSize));
  const total = query.data?.statistics.totalElements ?? 0;
  const lastPage = totalPagesOf(total, pageSize);
  // A page past the last (a bookmark, or fewer devices with this result since): the last page, not an empty table.
  const pastTheEnd = !!query.data && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPageChange(lastPage, pageSize);
  }, [pastTheEnd, lastPage, pageSize, onPageChange]);

  return (
    <Modal
      open
      size="lg"
      title={t('Devices of "{{name}}": {{result}}', { result: t(RESULT_LABEL[result]), name: rollout.name ?? rollout.software?.name })}
      onClose={onClose}
      data-testid="rollout-devices-dialog"
      buttons={[{ label: t('Close'), onClick: onClose, 'data-testid': 'rollout-devices-close' }]}
    >
      {query.isPending && <Spinner />}
      {query.isError && (
        <div className="alert alert-danger" role="alert" data-testid="rollout-devices-error">
          {t('The devices of the software rollout could not be loaded.')} {query.error instanceof Error ? query.error.message : String(query.error)}
        </div>
      )}
      {query.data && total === 0 && <p className="text-muted" data-testid="rollout-devices-empty">{t('No devices with this result.')}</p>}
      {query.data && total > 0 && (
        <>
          {/* The page before stays while the next one is read (the events list's way): marked busy, with a spinner. */}
          <table className="table table-condensed table-striped" aria-busy={query.isPlaceholderData || undefined} data-testid="rollout-devices-table">
            <thead>
              <tr>
                <th scope="col">{t('Device')}</th>
                <th scope="col">{t('Result')}</th>
                <th scope="col">{t('Failure reason')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.devices.map((d) => {
                const reason = failureReasonText(d, t);
                return (
                  <tr key={d.id} data-testid="rollout-device-row" data-result={d.result}>
                    <td>
                      <DeviceLink id={d.id} name={d.name} tab="info" />
                    </td>
                    <td>{t(RESULT_LABEL[d.result] ?? d.result)}</td>
                    {/* A text as the server gave it (the device's own words) is data: translate="no", as the device's states elsewhere. */}
                    <td className={d.result === 'failed' ? 'text-danger' : undefined} translate={reason.translated ? undefined : 'no'} data-testid="rollout-device-reason">
                      {reason.text}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {query.isPlaceholderData && <Spinner />}
          <Pager
            currentPage={page}
            totalPages={lastPage}
            total={total}
            pageSize={pageSize}
            onPageChange={(next) => onPageChange(next, pageSize)}
            onPageSizeChange={(size) => onPageChange(1, size)}
          />
        </>
      )}
    </Modal>
  );
}

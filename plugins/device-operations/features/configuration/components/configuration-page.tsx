import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared/domain/constants';
import { formatDateTime } from '@shared/domain/formats';
import { DeviceLink } from '@shared/ui/device-link';
import { EmptyState, ListEnd } from '@shared/ui/empty-state';
import { FilterInput } from '@shared/ui/filter-input';
import { Pager } from '@shared/ui/pager';
import { Spinner } from '@shared/ui/spinner';
import { useConfigurations, type NetworkPort } from '../api/configurations';

function Port({ port }: { port?: NetworkPort }) {
  const { t } = useTranslation();
  if (!port) return <>-</>;
  if (port.enabled === false) return <span className="text-muted">{t('disabled')}</span>;
  return (
    <span>
      {port.ip || '-'}
      {/* Each kept whole where the column wraps: a network name "HALL-4" cut after its hyphen read as two values. */}
      {port.mode ? <> <span className="text-muted text-nowrap">({port.mode})</span></> : null}
      {port.ssid ? <> <span className="text-muted text-nowrap">{port.ssid}</span></> : null}
    </span>
  );
}

/** Configuration info (admin area): every IoTconnector's ccm configuration, paged on the server. */
export default function ConfigurationPage() {
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const [currentPage, setCurrentPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const q = useConfigurations({ serial, currentPage, pageSize });
  const rows = q.data?.items ?? [];

  return (
    <div className="p-16" data-testid="configuration-page">
      <div className="action-bar d-flex gap-8 a-i-center m-b-16" role="toolbar" aria-label={t('Configuration actions')}>
        <div style={{ flex: '0 1 320px' }}>
          <FilterInput
            value={serial}
            onChange={(v) => {
              setSerial(v);
              setCurrentPage(1);
            }}
            placeholder={t('IoTconnector serial…')}
            label={t('Filter by IoTconnector serial')}
          />
        </div>
        <button type="button" className="btn btn-link" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <i className={`dlt-c8y-icon-refresh${q.isFetching ? ' icon-spin' : ''}`} aria-hidden="true" /> {t('Reload')}
        </button>
      </div>
      {/* Another serial or page still being read after one that found nothing is loading too, not
          "No configurations" (the empty rows kept meanwhile are the previous answer's). */}
      {q.isLoading || (q.isPlaceholderData && rows.length === 0) ? (
        <Spinner label={t('Loading…')} />
      ) : q.isError ? (
        <ListEnd error={q.error} errorLead={t('The configurations could not be loaded:')} empty={false} emptyText="" data-testid="configurations-error" />
      ) : rows.length === 0 ? (
        <EmptyState icon="cog" title={t('No configurations to display.')} />
      ) : (
        <div className="card">
          <div className="table-responsive">
            <table className="table table-striped table-condensed">
              <thead>
                <tr>
                  <th scope="col">{t('IoTconnector')}</th>
                  <th scope="col">{t('Image')}</th>
                  <th scope="col">{t('Commissioning date')}</th>
                  <th scope="col">{t('Machine')}</th>
                  <th scope="col">X1</th>
                  <th scope="col">X2</th>
                  <th scope="col">{t('WiFi')}</th>
                  <th scope="col">{t('Last updated')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td>{c.deviceId ? <DeviceLink id={c.deviceId} name={c.serial || c.deviceName} tab="info" /> : (c.serial ?? '-')}</td>
                    <td>{c.imageVersion ?? '-'}</td>
                    <td>{c.commissioned ? formatDateTime(c.commissioned) : t('not finished')}</td>
                    <td>
                      {[c.machine?.manufacturer, c.machine?.model].filter(Boolean).join(' ') || '-'}
                      {c.machine?.serial_number ? <div className="text-muted small">{c.machine.serial_number}</div> : null}
                      {c.machine?.control ? <div className="text-muted small">{c.machine.control}</div> : null}
                    </td>
                    <td><Port port={c.x1} /></td>
                    <td><Port port={c.x2} /></td>
                    <td><Port port={c.wifi} /></td>
                    <td>{formatDateTime(c.lastUpdated) || '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Not a .card-footer: the platform gives its buttons a 100 px minimum width, and the
              pager's twelve buttons then ran 400 px past the page at 1280 px. */}
          <div>
            <Pager
              currentPage={currentPage}
              totalPages={q.data?.totalPages}
              hasNext={q.data?.hasNext}
              pageSize={pageSize}
              onPageChange={setCurrentPage}
              onPageSizeChange={(s) => {
                setPageSize(s);
                setCurrentPage(1);
              }}
            />
          </div>
        </div>
      )}
    </div>
  );
}

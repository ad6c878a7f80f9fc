/** Select software for the selected devices: one software version or device profile; OK assigns. */
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@shared/ui/modal';
import { useSoftwareChoices, type SoftwareChoice } from '../api/software';

export interface SoftwareSelection {
  choice: SoftwareChoice;
  forceInstallation: boolean;
}

export function SelectSoftwareDialog({ deviceTypes, deviceCount, onClose }: { deviceTypes: readonly string[]; deviceCount: number; onClose: (r: SoftwareSelection | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<SoftwareChoice | null>(null);
  const [force, setForce] = useState(false);
  const query = useSoftwareChoices(deviceTypes, search, page);
  const items = query.data?.items ?? [];
  return (
    <Modal
      open
      size="lg"
      title={t('Select software')}
      onClose={() => onClose(null)}
      data-testid="select-software-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onClose(null), 'data-testid': 'software-cancel' },
        { label: t('OK'), className: 'btn-primary', disabled: !selected, onClick: () => selected && onClose({ choice: selected, forceInstallation: force }), 'data-testid': 'software-ok' },
      ]}
    >
      <p className="text-muted">{t('Selected devices: {{count}}', { count: deviceCount })}</p>
      <div className="form-group">
        <input
          className="form-control"
          type="search"
          aria-label={t('Search on name or version')}
          placeholder={t('Search on name or version')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <table className="table table-condensed table-hover" data-testid="software-table">
        <thead>
          <tr>
            <th style={{ width: 40 }}>
              <span className="sr-only">{t('Select')}</span>
            </th>
            <th>{t('Name')}</th>
            <th>{t('Version')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} onClick={() => setSelected(item)} className={selected?.id === item.id ? 'active' : undefined} style={{ cursor: 'pointer' }}>
              <td>
                <label className="c8y-radio m-0">
                  <input type="radio" name="software" aria-label={`${item.name} ${item.version}`} checked={selected?.id === item.id} onChange={() => setSelected(item)} />
                  <span />
                </label>
              </td>
              <td>{item.name}</td>
              <td>{item.kind === 'profile' ? t('Device profile') : item.version}</td>
            </tr>
          ))}
          {!query.isFetching && items.length === 0 && (
            <tr>
              <td colSpan={3} className="text-muted text-center">
                {query.isError ? t('Software could not be loaded.') : t('No software to display.')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="d-flex j-c-between a-i-center">
        <div className="btn-group">
          <button type="button" className="btn btn-default btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('Previous')}
          </button>
          <button type="button" className="btn btn-default btn-sm" disabled={!query.data?.hasNext} onClick={() => setPage(page + 1)}>
            {t('Next')}
          </button>
        </div>
        <label className="c8y-checkbox m-0">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} />
          <span />
          <span>{t('Force installation (install if already installed)')}</span>
        </label>
      </div>
    </Modal>
  );
}

/**
 * Select software dialog (spec 1, section 2 Dialogs): software binaries and device profiles of
 * the selected device types, one selection at a time; OK assigns, Create Software Rollout goes
 * on to the rollout dialog, Install installs at once. The caller runs the chosen action.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSoftwarePage } from '../api/software';
import type { SoftwareItem } from '../model/storage';
import { useDialogKeyboard } from '../../dialog-keyboard/use-dialog-keyboard';

export type SelectSoftwareAction = 'assign' | 'rollout' | 'install';

export interface SelectSoftwareResult {
  action: SelectSoftwareAction;
  item: SoftwareItem;
  forceInstallation: boolean;
}

export interface SelectSoftwareDialogProps {
  /** Inventory types of the selected devices (celosx already widened to ipc-x64). */
  deviceTypes: readonly string[];
  deviceCount: number;
  /** Which buttons to offer besides OK (the group page assigns only). */
  actions?: readonly SelectSoftwareAction[];
  onClose: (result: SelectSoftwareResult | null) => void;
}

export default function SelectSoftwareDialog({ deviceTypes, deviceCount, actions = ['assign', 'rollout', 'install'], onClose }: SelectSoftwareDialogProps) {
  const dialogKeys = useDialogKeyboard(() => onClose(null));
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<SoftwareItem | null>(null);
  const [force, setForce] = useState(false);
  const query = useSoftwarePage(deviceTypes, search, page);
  const items = query.data?.items ?? [];
  const done = (action: SelectSoftwareAction) => selected && onClose({ action, item: selected, forceInstallation: force });
  const softwareOnly = !selected || selected.kind !== 'software';

  return (
    <>
      <div className="modal-backdrop fade in" />
      <div ref={dialogKeys.ref} onKeyDown={dialogKeys.onKeyDown} className="modal fade in" style={{ display: 'block' }} role="dialog" aria-modal="true" aria-labelledby="select-software-title" data-testid="select-software-dialog">
        <div className="modal-dialog modal-lg">
          <div className="modal-content">
            <div className="modal-header">
              <button type="button" className="close" aria-label={t('Close')} onClick={() => onClose(null)}>
                <span aria-hidden="true">×</span>
              </button>
              <h4 id="select-software-title" className="modal-title">
                {t('Select software')}
              </h4>
            </div>
            <div className="modal-body">
              <p className="text-muted">{t('Selected devices: {{count}}', { count: deviceCount })}</p>
              <div className="form-group">
                <input
                  className="form-control"
                  type="search"
                  aria-label={t('Search on name or version')}
                  placeholder={t('Search on name or version')}
                  data-testid="software-search"
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
                    <th>{t('Storage')}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id} onClick={() => setSelected(item)} className={selected?.id === item.id ? 'active' : undefined} style={{ cursor: 'pointer' }}>
                      <td>
                        <label className="c8y-radio" style={{ margin: 0 }}>
                          <input
                            type="radio"
                            name="software"
                            aria-label={`${item.name} ${item.version}`}
                            data-testid={`software-${item.id}`}
                            checked={selected?.id === item.id}
                            onChange={() => setSelected(item)}
                          />
                          <span />
                        </label>
                      </td>
                      <td>{item.name}</td>
                      <td>{item.version}</td>
                      <td>{t(item.storage)}</td>
                    </tr>
                  ))}
                  {!query.isFetching && items.length === 0 && (
                    <tr>
                      <td colSpan={4} className="text-muted text-center">
                        {query.isError ? t('Software could not be loaded.') : t('No software to display.')}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
              <div className="d-flex j-c-between a-i-center">
                <ul className="pager m-0">
                  <li className={page <= 1 ? 'disabled' : undefined}>
                    <button type="button" className="btn btn-link" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="software-previous">
                      {t('Previous')}
                    </button>
                  </li>
                  <li className={!query.data?.hasNext ? 'disabled' : undefined}>
                    <button type="button" className="btn btn-link" disabled={!query.data?.hasNext} onClick={() => setPage(page + 1)} data-testid="software-next">
                      {t('Next')}
                    </button>
                  </li>
                </ul>
                <label className="c8y-checkbox m-0">
                  <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="force-installation" />
                  <span />
                  <span>{t('Force installation (install if already installed)')}</span>
                </label>
              </div>
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-default" onClick={() => onClose(null)} data-testid="software-cancel">
                {t('Cancel')}
              </button>
              {actions.includes('rollout') && (
                <button type="button" className="btn btn-default" disabled={softwareOnly} onClick={() => done('rollout')} data-testid="software-rollout">
                  {t('Create Software Rollout')}
                </button>
              )}
              {actions.includes('install') && (
                <button type="button" className="btn btn-default" disabled={softwareOnly} onClick={() => done('install')} data-testid="software-install">
                  {t('Install')}
                </button>
              )}
              <button type="button" className="btn btn-primary" disabled={!selected} onClick={() => done('assign')} data-testid="software-ok">
                {t('OK')}
              </button>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}

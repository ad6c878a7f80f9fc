/**
 * Select software (spec 1, section 2 Dialogs): software binaries and device profiles of the
 * selected device types, searched on name or version, paged previous/next, one selection at a
 * time, with the force-installation checkbox. OK assigns; Create Software Rollout and Install
 * (software only) are offered where the caller runs them. The caller runs the chosen action;
 * closing without a choice gives null (the caller says "No software assigned").
 */
import React, { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { msg } from '../plugin-api/i18n';
import { REQUIRES } from '../plugin-api/roles';
import { SHORT_LIST_PAGE_SIZE } from '../domain/constants';
import type { QueryKey } from '../platform/query-keys';
import { deviceTypeLabel, devicesOutsideType } from '../domain/device-types';
import { listSoftwareChoices, type SoftwareItem, type Storage } from '../platform/software-choices';
import { useSharedTranslation } from './i18n';
import { useCountValues } from './use-count';
import { Modal, type ModalButton } from './modal';

const STORAGE_LABEL: Record<Storage, string> = { Profile: msg('Profile'), External: msg('External'), Local: msg('Local') };

export type SelectSoftwareAction = 'assign' | 'rollout' | 'install';

export interface SelectSoftwareResult {
  action: SelectSoftwareAction;
  item: SoftwareItem;
  forceInstallation: boolean;
}

export interface SelectableDevice {
  id: string;
  name?: string;
  type?: string;
}

/** A family's name for an inventory or software type (product names, as the repository shows them); else the type. */
const familyOf = (type: string | undefined): string => deviceTypeLabel(type) ?? type ?? '';

/** Names listed in the "cannot apply" note before it says how many more. */
const LEFT_OUT_NAMES_SHOWN = 5;

export interface SelectSoftwareDialogProps {
  /** Inventory types of the selected devices (celosx already widened to ipc-x64). */
  deviceTypes: readonly string[];
  deviceCount: number;
  /** Where the pages are cached: the caller's own key (query keys start with the plugin id). */
  queryKey: QueryKey;
  /** Which buttons to offer; OK ('assign') is always there. */
  actions?: readonly SelectSoftwareAction[];
  /**
   * The Storage column (Profile / External / Local). Without it a profile row says
   * "Device profile" where software shows its version, so the two kinds stay apart.
   */
  storageColumn?: boolean;
  /**
   * The selected devices, when they may be of several families (a group): the dialog then names,
   * before OK, the devices the chosen software or profile cannot apply to.
   */
  devices?: readonly SelectableDevice[];
  onClose: (result: SelectSoftwareResult | null) => void;
}

export function SelectSoftwareDialog({ deviceTypes, deviceCount, queryKey, actions = ['assign'], storageColumn = true, devices, onClose }: SelectSoftwareDialogProps) {
  const t = useSharedTranslation();
  const withCounts = useCountValues();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<SoftwareItem | null>(null);
  const [force, setForce] = useState(false);
  const query = useQuery({
    queryKey: [...queryKey, { deviceTypes, search }],
    queryFn: () => listSoftwareChoices(deviceTypes, search),
    placeholderData: keepPreviousData,
  });
  // All matches come sorted (version order across what the server pages): paged here.
  const all = query.data ?? [];
  const items = all.slice((page - 1) * SHORT_LIST_PAGE_SIZE, page * SHORT_LIST_PAGE_SIZE);
  const hasNext = all.length > page * SHORT_LIST_PAGE_SIZE;
  const done = (action: SelectSoftwareAction) => selected && onClose({ action, item: selected, forceInstallation: force });
  // A rollout or an immediate install takes a software package, never a profile.
  const notSoftware = !selected || selected.kind !== 'software';
  const columns = storageColumn ? 4 : 3;
  const leftOut = selected && devices ? devicesOutsideType(devices, selected.deviceType) : [];
  const fitsNone = !!devices && devices.length > 0 && leftOut.length === devices.length;

  // A button that cannot be used says why (on hover and as its description).
  const fitsNoneReason = selected ? t('{{name}} is for {{type}}: none of the selected devices can take it.', { name: selected.name, type: familyOf(selected.deviceType) }) : undefined;
  const chooseFirst = t('Select a software or a device profile first.');
  const softwareOnly = !selected ? chooseFirst : selected.kind !== 'software' ? t('A device profile is assigned with OK; a rollout and an installation take a software package.') : fitsNone ? fitsNoneReason : undefined;
  const okReason = !selected ? chooseFirst : fitsNone ? fitsNoneReason : undefined;
  const buttons: ModalButton[] = [{ label: t('Cancel'), onClick: () => onClose(null), 'data-testid': 'software-cancel' }];
  // Each choice is a different write: assignment, rollout, install operations.
  if (actions.includes('rollout')) {
    buttons.push({ label: t('Create Software Rollout'), disabled: notSoftware || fitsNone, title: softwareOnly, requires: REQUIRES.softwareRollout, onClick: () => done('rollout'), 'data-testid': 'software-rollout' });
  }
  if (actions.includes('install')) {
    buttons.push({ label: t('Install'), disabled: notSoftware || fitsNone, title: softwareOnly, requires: REQUIRES.operationCreate, onClick: () => done('install'), 'data-testid': 'software-install' });
  }
  buttons.push({ label: t('OK'), className: 'btn-primary', disabled: !selected || fitsNone, title: okReason, requires: REQUIRES.softwareAssignment, onClick: () => done('assign'), 'data-testid': 'software-ok' });

  return (
    <Modal open size="lg" title={t('Select software')} onClose={() => onClose(null)} closeOnBackdrop={false} unsavedChanges={selected !== null || force} buttons={buttons} data-testid="select-software-dialog">
      <p className="text-muted">{t('Selected devices: {{count}}', withCounts({ count: deviceCount }))}</p>
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
            {storageColumn && <th>{t('Storage')}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} onClick={() => setSelected(item)} className={selected?.id === item.id ? 'active' : undefined} style={{ cursor: 'pointer' }}>
              <td>
                <label className="c8y-radio m-0">
                  <input
                    type="radio"
                    name="software"
                    aria-label={`${item.name} ${item.version}`.trim()}
                    data-testid={`software-${item.id}`}
                    checked={selected?.id === item.id}
                    onChange={() => setSelected(item)}
                  />
                  <span />
                </label>
              </td>
              <td>{item.name}</td>
              <td>{!storageColumn && item.kind === 'profile' ? t('Device profile') : item.version}</td>
              {storageColumn && <td>{t(STORAGE_LABEL[item.storage])}</td>}
            </tr>
          ))}
          {/* While the page is asked for (retries included) the table says so, and a failure says why: neither reads as "no software". */}
          {items.length === 0 && (query.isFetching || query.isError || query.isSuccess) && (
            <tr>
              <td colSpan={columns} className={`text-center ${query.isError && !query.isFetching ? 'text-danger' : 'text-muted'}`} data-testid="software-table-state">
                {query.isFetching ? t('Loading…') : query.isError ? `${t('Software could not be loaded.')} ${(query.error as Error).message}` : t('No software to display.')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {selected && leftOut.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="software-left-out">
          <p className="m-0">
            {fitsNone
              ? t('{{name}} is for {{type}}: none of the selected devices can take it.', { name: selected.name, type: familyOf(selected.deviceType) })
              : t('{{name}} is for {{type}}: {{count}} of the {{total}} devices cannot take it and will be left out.', {
                  name: selected.name,
                  type: familyOf(selected.deviceType),
                  count: leftOut.length,
                  total: devices?.length ?? 0,
                })}
          </p>
          {!fitsNone && (
            <p className="m-0 small" data-testid="software-left-out-names">
              {leftOut
                .slice(0, LEFT_OUT_NAMES_SHOWN)
                .map((d) => `${d.name ?? d.id}${d.type ? ` (${familyOf(d.type)})` : ''}`)
                .join(', ')}
              {leftOut.length > LEFT_OUT_NAMES_SHOWN ? ` ${t('and {{count}} more', { count: leftOut.length - LEFT_OUT_NAMES_SHOWN })}` : ''}
            </p>
          )}
        </div>
      )}
      <div className="d-flex j-c-between a-i-center">
        <div className="btn-group">
          <button type="button" className="btn btn-default btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="software-previous">
            {t('Previous')}
          </button>
          <button type="button" className="btn btn-default btn-sm" disabled={!hasNext} onClick={() => setPage(page + 1)} data-testid="software-next">
            {t('Next')}
          </button>
        </div>
        <label className="c8y-checkbox m-0">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="force-installation" />
          <span />
          <span>{t('Force installation (install if already installed)')}</span>
        </label>
      </div>
    </Modal>
  );
}

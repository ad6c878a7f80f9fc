import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@shared/ui/modal';
import { FilterInput } from '@shared/ui/filter-input';
import { EmptyState } from '@shared/ui/empty-state';
import { focusFellToPage } from '@shared/ui/keep-focus';
import { enterInFieldSubmits } from '@shared/ui/enter-submits';
import { useLeaveGuard } from '@shared/ui/unsaved-changes';

export interface SelectionItem {
  id: string;
  name: string;
  version?: string;
}

export interface SelectionModalProps {
  /** 'firmware' or 'configuration': the title reads 'Select {objective}'. */
  objective: string;
  items: readonly SelectionItem[];
  loading: boolean;
  /** The list could not be loaded: said instead of an empty list. */
  error?: string | null;
  /** Why the list is empty, when more can be said than 'No items to display.'. */
  emptyText?: string;
  /** The chosen item's operation is being created: nothing can be changed or dismissed meanwhile. */
  installing?: boolean;
  /** Why nothing may be installed now (the router's state changed while the dialog was open). */
  blocked?: string;
  onInstall: (item: SelectionItem) => void;
  onCancel: () => void;
}

/** The spec's 'Select {objective}' modal: filter, radio list of name (and version), Install and Cancel. */
export function SelectionModal({ objective, items, loading, error, emptyText, installing = false, blocked, onInstall, onCancel }: SelectionModalProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const visible = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? items.filter((i) => `${i.name} ${i.version ?? ''}`.toLowerCase().includes(f)) : items;
  }, [items, filter]);
  // Install acts on what the user sees: a selected row the filter hides is no choice.
  const chosen = visible.find((i) => i.id === selected);
  // A choice made (one the list still has) is the dialog's edit: a stray Escape, Back or reload asks first.
  const dirty = selected !== null && items.some((i) => i.id === selected);
  useLeaveGuard(dirty);
  const install = () => {
    if (chosen && !installing && !blocked) onInstall(chosen);
  };
  // Install is disabled (and renamed, so replaced) while the update is created, which drops the
  // focus to the page; after a failure, with the dialog still open, Install has it again.
  const wasInstalling = useRef(installing);
  useEffect(() => {
    if (wasInstalling.current && !installing && focusFellToPage()) document.querySelector<HTMLElement>('[data-testid="router-selection-modal"] [data-testid="selection-install"]')?.focus();
    wasInstalling.current = installing;
  }, [installing]);

  return (
    <Modal
      open
      title={t('Select {{objective}}', { objective: t(objective) })}
      onClose={onCancel}
      dismissible={!installing}
      unsavedChanges={dirty}
      data-testid="router-selection-modal"
      buttons={[
        { label: t('Cancel'), onClick: onCancel, disabled: installing },
        {
          label: installing ? t('Installing…') : t('Install'),
          className: 'btn-primary',
          disabled: !chosen || installing || !!blocked,
          title: installing ? undefined : (blocked ?? (chosen ? undefined : t('Select the {{objective}} to install first.', { objective: t(objective) }))),
          onClick: install,
          'data-testid': 'selection-install',
        },
      ]}
    >
      {/*
        No autoFocus: the dialog focuses its first control itself, after noting the button that
        opened it; an autoFocus ran first, so the dialog took the filter for its opener and gave
        the focus back to nothing (the page) on close.
      */}
      {blocked && !installing && (
        <div className="alert alert-warning" role="status" data-testid="selection-blocked">
          {blocked}
        </div>
      )}
      <FilterInput value={filter} onChange={setFilter} placeholder={t('Filter…')} label={t('Filter')} />
      {loading ? (
        <p className="text-muted m-t-16">{t('Loading…')}</p>
      ) : error ? (
        <div className="alert alert-danger m-t-16" role="alert" data-testid="selection-error">
          {error}
        </div>
      ) : visible.length === 0 ? (
        <EmptyState icon="search" title={t('No items to display.')} text={filter.trim() ? undefined : emptyText} />
      ) : (
        // Enter on the chosen row installs it, as the button does (as a form's radio would submit
        // it); Enter in the filter only filters.
        <fieldset className="m-t-16" onKeyDown={enterInFieldSubmits(install)}>
          <legend className="sr-only">{t('Select {{objective}}', { objective: t(objective) })}</legend>
          {visible.map((item) => (
            <label key={item.id} className="c8y-radio d-block" title={item.name}>
              <input type="radio" name="router-selection" value={item.id} checked={selected === item.id} onChange={() => setSelected(item.id)} />
              <span />
              <span>
                {item.name}
                {item.version ? ` (${item.version})` : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}

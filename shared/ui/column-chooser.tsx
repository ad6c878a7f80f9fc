/**
 * Shows, hides and orders a list's columns (both device lists). The user edits a draft and saves
 * it; the caller keeps it per user on the server (the user's own preferences).
 */
import React, { useEffect, useRef, useState } from 'react';
import { REQUIRES } from '../plugin-api/roles';
import { cx } from './cx';
import { moveColumn, resolveColumns, toColumnConfig, type ColumnConfig, type GridColumn } from './data-grid-model';
import { useSharedTranslation } from './i18n';
import { PermittedButton } from './permission';

export type { ColumnConfig } from './data-grid-model';

export interface ColumnChooserProps<T> {
  /** Every column the list offers (labels translated). */
  columns: readonly GridColumn<T>[];
  /** The saved configuration (order and visibility); default: the definition. */
  config?: readonly ColumnConfig[] | null;
  onSave: (config: ColumnConfig[]) => void;
  /** A save is on its way: Save waits. */
  saving?: boolean;
}

export function ColumnChooser<T>({ columns, config, onSave, saving }: ColumnChooserProps<T>) {
  const t = useSharedTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnConfig[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const byId = new Map(columns.map((c) => [c.id, c]));

  useEffect(() => {
    if (!open) return undefined;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className={cx('dropdown', open && 'open')} style={{ display: 'inline-block' }} ref={rootRef}>
      <button
        type="button"
        className="btn btn-link"
        aria-haspopup="true"
        aria-expanded={open}
        data-testid="column-config"
        onClick={() => {
          setDraft(toColumnConfig(resolveColumns(columns, config)));
          setOpen(!open);
        }}
      >
        <i className="dlt-c8y-icon-columns m-r-4" aria-hidden="true" />
        {t('Configure columns')}
      </button>
      {open && (
        <div className="dropdown-menu dropdown-menu-right" style={{ display: 'block', padding: 8, minWidth: 280 }} aria-label={t('Configure columns')} data-testid="column-config-menu">
          {draft.map((c, i) => {
            const column = byId.get(c.id);
            if (!column) return null;
            return (
              <div key={c.id} className="d-flex a-i-center" style={{ gap: 4 }}>
                <label className="c8y-checkbox" style={{ flex: 1, margin: 0 }}>
                  <input
                    type="checkbox"
                    data-testid={`column-visible-${c.id}`}
                    checked={c.visible}
                    disabled={column.alwaysVisible}
                    onChange={() => setDraft(draft.map((d) => (d.id === c.id ? { ...d, visible: !d.visible } : d)))}
                  />
                  <span />
                  <span>{column.label}</span>
                </label>
                <button type="button" className="btn btn-clean btn-xs" aria-label={`${t('Move up')}: ${column.label}`} disabled={i === 0} onClick={() => setDraft(moveColumn(draft, c.id, -1))}>
                  <i className="dlt-c8y-icon-angle-up" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-clean btn-xs"
                  aria-label={`${t('Move down')}: ${column.label}`}
                  disabled={i === draft.length - 1}
                  onClick={() => setDraft(moveColumn(draft, c.id, 1))}
                >
                  <i className="dlt-c8y-icon-angle-down" aria-hidden="true" />
                </button>
              </div>
            );
          })}
          <div className="d-flex j-c-between p-t-8">
            <button type="button" className="btn btn-default btn-sm" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </button>
            {/* Saved in the user's own preferences (customProperties). */}
            <PermittedButton
              requires={REQUIRES.ownPreferences}
              className="btn btn-primary btn-sm"
              data-testid="column-config-save"
              disabled={saving || !draft.some((d) => d.visible)}
              onClick={() => {
                onSave(draft);
                setOpen(false);
              }}
            >
              {t('Save')}
            </PermittedButton>
          </div>
        </div>
      )}
    </div>
  );
}

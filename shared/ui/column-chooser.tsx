/** Shows, hides and orders a list's columns (the dashboard's list; kept per user by the caller). */
import React, { useEffect, useRef, useState } from 'react';
import { cx } from './cx';
import { moveColumn, resolveColumns, setColumnVisible, toColumnConfig, type ColumnConfig, type GridColumn } from './data-grid-model';
import { useSharedTranslation } from './i18n';
import { Icon } from './icon';

export type { ColumnConfig } from './data-grid-model';

export interface ColumnChooserProps<T> {
  columns: readonly GridColumn<T>[];
  columnConfig?: readonly ColumnConfig[] | null;
  onChange: (config: ColumnConfig[]) => void;
}

/** A dropdown to show, hide and reorder columns; its result goes to the same callback as the grid's. */
export function ColumnChooser<T>({ columns, columnConfig, onChange }: ColumnChooserProps<T>) {
  const t = useSharedTranslation();
  const [open, setOpen] = useState(false);
  const resolved = resolveColumns(columns, columnConfig);
  const config = toColumnConfig(resolved);
  const rootRef = useRef<HTMLDivElement>(null);

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
    <div className={cx('dropdown', open && 'open')} ref={rootRef}>
      <button type="button" className="btn btn-link" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="columns" /> {t('Configure columns')}
      </button>
      {open && (
        <ul className="dropdown-menu dropdown-menu-right" aria-label={t('Configure columns')}>
          {resolved.map((r, i) => (
            <li key={r.column.id} className="d-flex a-i-center p-l-8 p-r-8">
              <label className="c8y-checkbox flex-grow m-0">
                <input
                  type="checkbox"
                  checked={r.visible}
                  disabled={r.column.alwaysVisible}
                  onChange={(e) => onChange(setColumnVisible(config, r.column.id, e.target.checked))}
                />
                <span />
                <span>{r.column.label}</span>
              </label>
              <button
                type="button"
                className="btn-clean"
                aria-label={`${t('Move up')}: ${r.column.label}`}
                disabled={i === 0}
                onClick={() => onChange(moveColumn(config, r.column.id, -1))}
              >
                <Icon name="chevron-up" />
              </button>
              <button
                type="button"
                className="btn-clean"
                aria-label={`${t('Move down')}: ${r.column.label}`}
                disabled={i === resolved.length - 1}
                onClick={() => onChange(moveColumn(config, r.column.id, 1))}
              >
                <Icon name="chevron-down" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

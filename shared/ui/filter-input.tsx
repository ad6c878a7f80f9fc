import React, { useId } from 'react';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';

export interface FilterInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Accessible name (defaults to the placeholder). */
  label?: string;
  autoFocus?: boolean;
}

/** The platform's search field with a clear icon once something is typed. */
export function FilterInput({ value, onChange, placeholder, label, autoFocus }: FilterInputProps) {
  const t = useSharedTranslation();
  const id = useId();
  const ph = placeholder ?? t('Filter…');
  return (
    <div className="input-group input-group-search">
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={ph}
        aria-label={label ?? ph}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            // Escape clears the filter only: cancelled, it is no close request for the dialog around.
            e.preventDefault();
            e.stopPropagation();
            onChange('');
          }
        }}
      />
      <span className="input-group-addon">
        {value ? (
          <button type="button" className="btn-clean" aria-label={t('Clear filter')} title={t('Clear filter')} onClick={() => onChange('')}>
            <Icon name="times" />
          </button>
        ) : (
          <Icon name="search" />
        )}
      </span>
    </div>
  );
}

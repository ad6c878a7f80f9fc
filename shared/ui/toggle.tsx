import React from 'react';

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label; also the accessible name. */
  label?: string;
  /** Accessible name when no visible label is shown. */
  ariaLabel?: string;
  disabled?: boolean;
  id?: string;
}

/** The platform's on/off switch (c8y-switch) around a real checkbox. */
export function Toggle({ checked, onChange, label, ariaLabel, disabled, id }: ToggleProps) {
  return (
    <label className="c8y-switch" title={label ?? ariaLabel}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        aria-label={label ? undefined : ariaLabel}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span />
      {label && <span className="text-truncate">{label}</span>}
    </label>
  );
}

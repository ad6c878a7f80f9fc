import React, { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { gatedFieldProps, type Gate } from '@shared/ui/permission';
import { msg } from '@shared/plugin-api/i18n';
import type { SoftwareCategory } from '@shared/platform/create-software-ng';
import { APP_TYPES, CATEGORIES } from '../model/package-form';

/**
 * Each select's options, with the labels the user reads where they are not codes: the categories
 * in the platform's words; the app types are codes and show as they are.
 */
const CHOICES: Record<'apptype' | 'category', { options: readonly string[]; labels?: Record<string, string> }> = {
  apptype: { options: APP_TYPES },
  category: { options: CATEGORIES, labels: { normal: msg('Normal'), critical: msg('Critical') } satisfies Record<SoftwareCategory, string> },
};

/** The write a form's fields belong to: denied, they are read-only and point to the reason (a GateNote with noteId). */
export interface FieldGate {
  gate: Gate;
  noteId: string;
}

interface FieldProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  type?: 'text' | 'password' | 'url';
  placeholder?: string;
  name: string;
  /** Shows the error only after the user touched the field or tried to save. */
  showError?: boolean;
  gate?: FieldGate;
}

/** The field's description: the permission note (when denied) and its error, by id. */
const describedBy = (gated: object | undefined, errorId: string | false) =>
  [gated && 'aria-describedby' in gated ? gated['aria-describedby'] : undefined, errorId].filter(Boolean).join(' ') || undefined;

/**
 * A field's error, announced when it appears (role=alert) and read with the field (its
 * aria-describedby names it): a screen-reader user tabbing on hears why the field is refused.
 */
function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p className="help-block" id={id} role="alert">
      {text}
    </p>
  );
}

/** A labelled input with the platform's error state. */
export function TextField({ label, value, onChange, error, required, readOnly, type = 'text', placeholder, name, showError = true, gate }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const visible = showError && !!error;
  const gated = gate && gatedFieldProps(gate.gate, gate.noteId);
  return (
    <div className={`form-group${visible ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="form-control"
        value={value}
        readOnly={readOnly}
        required={required}
        placeholder={placeholder}
        aria-invalid={visible || undefined}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        onChange={(e) => onChange?.(e.target.value)}
        data-testid={`field-${name}`}
        {...gated}
        aria-describedby={describedBy(gated, visible && `${id}-error`)}
      />
      {visible && <FieldError id={`${id}-error`} text={t(error as string)} />}
    </div>
  );
}

interface SelectProps {
  label: string;
  name: keyof typeof CHOICES;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  showError?: boolean;
  gate?: FieldGate;
}

/** The apptype or category select. */
export function ChoiceField({ label, name, value, onChange, error, showError = true, gate }: SelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const { options, labels } = CHOICES[name];
  const visible = showError && !!error;
  const gated = gate && gatedFieldProps(gate.gate, gate.noteId, 'choice');
  return (
    <div className={`form-group${visible ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="c8y-select-wrapper">
        <select
          id={id}
          name={name}
          className="form-control"
          value={value}
          required
          onChange={(e) => onChange(e.target.value)}
          data-testid={`field-${name}`}
          {...gated}
          aria-describedby={describedBy(gated, visible && `${id}-error`)}
        >
          <option value="" disabled>
            {t('Select…')}
          </option>
          {options.map((o) => (
            <option key={o} value={o}>
              {labels ? t(labels[o]) : o}
            </option>
          ))}
        </select>
      </div>
      {visible && <FieldError id={`${id}-error`} text={t(error as string)} />}
    </div>
  );
}

/** The installation approval switch. */
export function ApprovalField({ checked, onChange, gate }: { checked: boolean; onChange: (v: boolean) => void; gate?: FieldGate }) {
  const { t } = useTranslation();
  return (
    <div className="form-group">
      <label className="c8y-checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="field-installation_requires_approval"
          {...(gate && gatedFieldProps(gate.gate, gate.noteId, 'choice'))}
        />
        <span />
        <span>{t('Installation requires approval')}</span>
      </label>
    </div>
  );
}

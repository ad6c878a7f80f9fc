import React, { type ReactNode } from 'react';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';

export interface EmptyStateProps {
  /** Platform icon name (e.g. 'search', 'c8y-device'). */
  icon?: string;
  title: string;
  text?: string;
  /** Actions below the text. */
  children?: ReactNode;
}

/** The platform's empty state of a list (icon, title, hint). Texts come translated. */
export function EmptyState({ icon, title, text, children }: EmptyStateProps) {
  return (
    <div className="c8y-empty-state text-center" role="status">
      {icon && <Icon name={icon} className="c8y-icon" />}
      <h4>{title}</h4>
      {text && <p className="text-muted">{text}</p>}
      {children}
    </div>
  );
}

export interface ListEndProps {
  /** Why the list could not be read; shown instead of the empty text. */
  error?: Error | null;
  /** The error's lead-in, translated (e.g. "The events could not be loaded:"); the cause follows. */
  errorLead: string;
  /** The list is empty and done loading. */
  empty: boolean;
  /** Translated, e.g. "No events to display". */
  emptyText: string;
  'data-testid'?: string;
}

/** Below a list's rows: a failed read said as such (never as an empty list), else the empty text. */
export function ListEnd({ error, errorLead, empty, emptyText, 'data-testid': testId }: ListEndProps) {
  if (error) {
    return (
      <div className="alert alert-danger m-8" role="alert" data-testid={testId}>
        {errorLead} {error.message}
      </div>
    );
  }
  return empty ? <p className="c8y-empty-state text-muted text-center p-16">{emptyText}</p> : null;
}

export interface LookupNoteProps {
  /** Why the selector's options could not be read; said instead of the empty text. */
  error?: Error | null;
  /** The error's lead-in, translated; the cause follows. */
  errorLead: string;
  /** The lookup has not answered yet: says so, rather than offer an empty selector without a word. */
  loading?: boolean;
  /** The lookup answered with nothing to offer. */
  empty: boolean;
  /** Translated, e.g. "There is no other device of this type." */
  emptyText: string;
  'data-testid'?: string;
  'data-testid-empty'?: string;
}

/** Under a selector: why it offers nothing (its lookup failed, or found nothing), as a help line. */
export function LookupNote({ error, errorLead, loading, empty, emptyText, 'data-testid': testId, 'data-testid-empty': emptyTestId }: LookupNoteProps) {
  const t = useSharedTranslation();
  if (error) {
    return (
      <p className="help-block text-danger" role="alert" data-testid={testId}>
        {errorLead} {error.message}
      </p>
    );
  }
  if (loading) {
    return (
      <p className="help-block text-muted" role="status" data-testid="lookup-loading">
        {t('Loading…')}
      </p>
    );
  }
  return empty ? (
    <p className="help-block" data-testid={emptyTestId}>
      {emptyText}
    </p>
  ) : null;
}

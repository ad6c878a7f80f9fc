import React, { type ReactNode } from 'react';
import { Icon } from './icon';

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

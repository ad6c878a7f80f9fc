import React, { type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  /** Buttons or menus at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/** The platform's card: header with title and actions, block, optional footer. */
export function Card({ title, actions, footer, className, children, ...rest }: CardProps) {
  return (
    <div className={cx('card', className)} data-testid={rest['data-testid']}>
      {(title || actions) && (
        <div className="card-header separator">
          {title && <h4 className="card-title">{title}</h4>}
          {/* Not the platform's .card-header-actions: its CSS draws a shadow line 44 px below the card's
              top (a widget header's row), which crossed our taller headers below their buttons. */}
          {actions && (
            <div className="d-flex a-i-center gap-8 m-l-auto p-l-16" data-slot="card-actions">
              {actions}
            </div>
          )}
        </div>
      )}
      <div className="card-block">{children}</div>
      {footer && <div className="card-footer separator">{footer}</div>}
    </div>
  );
}

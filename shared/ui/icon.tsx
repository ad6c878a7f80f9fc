import React from 'react';
import { cx } from './cx';

export interface IconProps {
  /** The platform icon name, e.g. 'th', 'electronics' (class dlt-c8y-icon-<name>) or 'c8y-group' (c8y-icon-group). */
  name: string;
  className?: string;
  /** Accessible label; without it the icon is decorative (aria-hidden). */
  title?: string;
}

/**
 * The classes of a platform icon name, as the platform's c8yIcon directive gives them: a `c8y-`
 * name is of the platform's older c8y-icon font (`c8y-group` -> `c8y-icon c8y-icon-group`), any
 * other of the design system's (`th` -> `dlt-c8y-icon-th`).
 */
export const iconClass = (name: string): string => (name.startsWith('c8y-') ? `c8y-icon ${name.replace(/^c8y-/, 'c8y-icon-')}` : `dlt-c8y-icon-${name}`);

/** An icon of the platform's icon fonts (see iconClass). */
export function Icon({ name, className, title }: IconProps) {
  return (
    <i
      className={cx(iconClass(name), className)}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
      title={title}
    />
  );
}

import React from 'react';
import { cx } from './cx';

export interface IconProps {
  /** The platform icon name, e.g. 'th', 'asterisk', 'electronics' (class dlt-c8y-icon-<name>). */
  name: string;
  className?: string;
  /** Accessible label; without it the icon is decorative (aria-hidden). */
  title?: string;
}

/** An icon of the platform's dlt-c8y-icons font. */
export function Icon({ name, className, title }: IconProps) {
  return (
    <i
      className={cx(`dlt-c8y-icon-${name}`, className)}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
      title={title}
    />
  );
}

import React from 'react';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';

/** The platform's rectangle spinner (five bars). */
export function Spinner({ size, className, label }: { size?: 'xs'; className?: string; label?: string }) {
  const t = useSharedTranslation();
  return (
    <div className={cx('spinner', size === 'xs' && 'spinner-xs', className)} role="status" aria-label={label ?? t('Loading…')}>
      <div className="rect1" />
      <div className="rect2" />
      <div className="rect3" />
      <div className="rect4" />
      <div className="rect5" />
    </div>
  );
}

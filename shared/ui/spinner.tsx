import React from 'react';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';

/**
 * The platform's rectangle spinner (five bars), in the flow of its container as the platform's own
 * `c8y-loading` puts it (`spinner p-relative`): the design system positions `.spinner` absolutely
 * at the top left of the nearest positioned ancestor, which in a card is over its title.
 */
export function Spinner({ size, className, label }: { size?: 'xs'; className?: string; label?: string }) {
  const t = useSharedTranslation();
  return (
    <div className={cx('spinner p-relative', size === 'xs' && 'spinner-xs', className)} role="status" aria-label={label ?? t('Loading…')}>
      <div className="rect1" />
      <div className="rect2" />
      <div className="rect3" />
      <div className="rect4" />
      <div className="rect5" />
    </div>
  );
}

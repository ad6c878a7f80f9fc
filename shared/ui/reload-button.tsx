import React, { type CSSProperties } from 'react';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';
import { useKeepFocus } from './keep-focus';

/**
 * The toolbar's Reload: its icon spins and it is disabled while the data is being fetched. Being
 * disabled drops the focus to the page; once the data is in, Reload has it again. `iconOnly`: the
 * icon alone, named by its tooltip and label (beside a one-line message in a small card), `style`
 * sizing it there.
 */
export function ReloadButton({
  onClick,
  fetching,
  iconOnly,
  style,
  'data-testid': testId = 'reload',
}: {
  onClick: () => void;
  fetching: boolean;
  iconOnly?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const t = useSharedTranslation();
  const rememberFocus = useKeepFocus(fetching);
  const label = t('Reload');
  return (
    <button
      type="button"
      className="btn btn-link"
      style={style}
      onClick={() => {
        rememberFocus();
        onClick();
      }}
      disabled={fetching}
      title={iconOnly ? label : undefined}
      aria-label={iconOnly ? label : undefined}
      data-testid={testId}
    >
      <Icon name="refresh" className={fetching ? 'icon-spin' : undefined} />
      {iconOnly ? null : ` ${label}`}
    </button>
  );
}

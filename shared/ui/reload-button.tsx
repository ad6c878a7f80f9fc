import React from 'react';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';
import { useKeepFocus } from './keep-focus';

/**
 * The toolbar's Reload: its icon spins and it is disabled while the data is being fetched. Being
 * disabled drops the focus to the page; once the data is in, Reload has it again.
 */
export function ReloadButton({ onClick, fetching, 'data-testid': testId = 'reload' }: { onClick: () => void; fetching: boolean; 'data-testid'?: string }) {
  const t = useSharedTranslation();
  const rememberFocus = useKeepFocus(fetching);
  return (
    <button
      type="button"
      className="btn btn-link"
      onClick={() => {
        rememberFocus();
        onClick();
      }}
      disabled={fetching}
      data-testid={testId}
    >
      <Icon name="refresh" className={fetching ? 'icon-spin' : undefined} /> {t('Reload')}
    </button>
  );
}

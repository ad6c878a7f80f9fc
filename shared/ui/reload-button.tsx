import React from 'react';
import { Icon } from './icon';
import { useSharedTranslation } from './i18n';

/** The toolbar's Reload: its icon spins and it is disabled while the data is being fetched. */
export function ReloadButton({ onClick, fetching, 'data-testid': testId = 'reload' }: { onClick: () => void; fetching: boolean; 'data-testid'?: string }) {
  const t = useSharedTranslation();
  return (
    <button type="button" className="btn btn-link" onClick={onClick} disabled={fetching} data-testid={testId}>
      <Icon name="refresh" className={fetching ? 'icon-spin' : undefined} /> {t('Reload')}
    </button>
  );
}

import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A device tab's Clear filters (Software, Services), as the device lists': enabled only while a
 * filter is set. Clearing disables the button, so the focus goes to the filter it cleared instead
 * of falling to the page.
 */
export function ClearFiltersButton({ active, onClear, filter }: { active: boolean; onClear: () => void; filter: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-default"
      disabled={!active}
      onClick={() => {
        onClear();
        filter.current?.focus();
      }}
    >
      {t('Clear filters')}
    </button>
  );
}

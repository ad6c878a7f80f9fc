import { useCallback, useRef } from 'react';
import { alerts } from '@shared/ui/alerts';

/**
 * The failure alert of one action (a form's Save, a card's Delete): the action tried again takes
 * it away, so a retry that works once the connection is back does not leave 'Error …' beside
 * its success. Call `retrying()` when the action starts again, `failed(id)` with its new alert.
 */
export function useFailureAlert(): { retrying: () => void; failed: (alertId: number) => void } {
  const last = useRef<number | null>(null);
  const retrying = useCallback(() => {
    if (last.current !== null) alerts.remove(last.current);
    last.current = null;
  }, []);
  const failed = useCallback((alertId: number) => {
    last.current = alertId;
  }, []);
  return { retrying, failed };
}

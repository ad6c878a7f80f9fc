import { useCallback, useRef } from 'react';
import { pushAlert, useListAlerts, type ListAlert } from '../store/alerts';

/**
 * The list alerts of one action (a list's Select software, Set timezone, …): the action started
 * again takes away the failure and warning alerts of its earlier runs, so a retry that works does
 * not leave 'Error …' beside its success. Other actions' alerts stay. The list counterpart of
 * software-repository's useFailureAlert (that one is for the page's shared alerts).
 */
export function useActionAlerts<A extends string>(): {
  /** Call when the action starts again (before anything it says). */
  retrying: (action: A) => void;
  /** Shows an alert of the action; a failure or warning is remembered until the action's next start. */
  show: (action: A, alert: Omit<ListAlert, 'id'>, dismissAfterMs?: number) => number;
} {
  const failures = useRef(new Map<A, number[]>());
  const retrying = useCallback((action: A) => {
    const dismiss = useListAlerts.getState().dismiss;
    for (const id of failures.current.get(action) ?? []) dismiss(id);
    failures.current.delete(action);
  }, []);
  const show = useCallback((action: A, alert: Omit<ListAlert, 'id'>, dismissAfterMs?: number) => {
    const id = pushAlert(alert, dismissAfterMs);
    if (alert.type === 'danger' || alert.type === 'warning') failures.current.set(action, [...(failures.current.get(action) ?? []), id]);
    return id;
  }, []);
  return { retrying, show };
}

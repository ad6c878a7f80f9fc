/**
 * Result messages of list actions (spec 1, section 8). Success and info messages dismiss
 * themselves (5 s, 15 s for a successful assignment); errors stay until closed.
 */
import { create } from 'zustand';
import { ALERT_DISMISS_MS } from '@shared/domain/constants';

export type AlertType = 'success' | 'info' | 'warning' | 'danger';

export interface ListAlert {
  id: number;
  type: AlertType;
  /** English message (i18n key) and its values. */
  text: string;
  values?: Record<string, string | number>;
  /** Further lines (counters, response data), each an i18n key with values or raw text. */
  details?: { text: string; values?: Record<string, string | number>; raw?: boolean }[];
}

interface AlertsState {
  alerts: ListAlert[];
  /** dismissAfterMs: undefined dismisses success and info after ALERT_DISMISS_MS; 0 keeps the alert until closed. */
  push: (alert: Omit<ListAlert, 'id'>, dismissAfterMs?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useListAlerts = create<AlertsState>((set, get) => ({
  alerts: [],
  push: (alert, dismissAfterMs) => {
    const id = nextId++;
    set({ alerts: [...get().alerts, { ...alert, id }] });
    const after = dismissAfterMs ?? (alert.type === 'success' || alert.type === 'info' ? ALERT_DISMISS_MS : undefined);
    if (after) setTimeout(() => get().dismiss(id), after);
    return id;
  },
  dismiss: (id) => set({ alerts: get().alerts.filter((a) => a.id !== id) }),
  clear: () => set({ alerts: [] }),
}));

export const pushAlert = (alert: Omit<ListAlert, 'id'>, dismissAfterMs?: number) => useListAlerts.getState().push(alert, dismissAfterMs);

import React, { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { I18nextProvider } from 'react-i18next';
import { getI18n } from '../plugin-api/i18n';
import { ALERT_DISMISS_MS } from '../domain/constants';
import { useSharedTranslation } from './i18n';
import { ALERT_SLOT, useTopModalDialog } from './top-layer';
import { AlertCloseButton } from './alert-close';

export type AlertType = 'success' | 'info' | 'warning' | 'danger';

export interface AlertItem {
  id: number;
  type: AlertType;
  /** Translated by the caller. */
  text: string;
  /** Extra lines (counts, response data). */
  detail?: ReactNode;
}

export interface AlertOptions {
  detail?: ReactNode;
  /** Auto-dismiss after this many ms; null keeps it until closed. Default: 5 s for success/info, none for warning/danger. */
  dismissMs?: number | null;
}

interface AlertState {
  alerts: AlertItem[];
  /** Outlets mounted by the page (the fallback outlet does not count). */
  outlets: number;
}

// One store per page, even though every plugin bundle carries its own copy of this module.
const STORE_KEY = Symbol.for('adamos.shared.ui.alerts');
type AlertStore = StoreApi<AlertState> & { nextId: number; fallback: boolean };
const g = globalThis as typeof globalThis & { [STORE_KEY]?: AlertStore };
const store: AlertStore = (g[STORE_KEY] ??= Object.assign(createStore<AlertState>(() => ({ alerts: [], outlets: 0 })), {
  nextId: 1,
  fallback: false,
}));

const timers = new Map<number, ReturnType<typeof setTimeout>>();

function remove(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  store.setState((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) }));
}

function add(type: AlertType, text: string, options: AlertOptions = {}): number {
  const id = store.nextId++;
  store.setState((s) => ({ alerts: [...s.alerts, { id, type, text, detail: options.detail }] }));
  const auto = type === 'success' || type === 'info' ? ALERT_DISMISS_MS : null;
  const ms = options.dismissMs === undefined ? auto : options.dismissMs;
  if (ms !== null && ms > 0) timers.set(id, setTimeout(() => remove(id), ms));
  ensureFallbackOutlet();
  return id;
}

/** The page's alert service; every call returns the alert's id. */
export const alerts = {
  success: (text: string, options?: AlertOptions) => add('success', text, options),
  info: (text: string, options?: AlertOptions) => add('info', text, options),
  warning: (text: string, options?: AlertOptions) => add('warning', text, options),
  danger: (text: string, options?: AlertOptions) => add('danger', text, options),
  add,
  remove,
  /** Removes every alert (the spec's "all alerts cleared, then a danger alert"). */
  clearAll(): void {
    for (const id of [...timers.keys()]) remove(id);
    if (store.getState().alerts.length > 0) store.setState({ alerts: [] });
  },
  /** The current alerts (for tests and diagnostics). */
  list: (): readonly AlertItem[] => store.getState().alerts,
};

function AlertList({ fallback }: { fallback: boolean }) {
  const t = useSharedTranslation();
  const items = useStore(store, (s) => s.alerts);
  const outlets = useStore(store, (s) => s.outlets);
  const topDialog = useTopModalDialog();
  if (fallback && outlets > 0) return null;
  const rendered = items.map((a) => (
    <div key={a.id} className={`alert alert-${a.type} alert-dismissible`} role={a.type === 'danger' || a.type === 'warning' ? 'alert' : 'status'}>
      <AlertCloseButton label={t('Close')} onClose={() => remove(a.id)} />
      <strong>{a.text}</strong>
      {a.detail !== undefined && a.detail !== null && <div className="m-t-4">{a.detail}</div>}
    </div>
  ));
  // While a modal dialog is open the page beneath is inert and behind its backdrop: the alerts (a
  // dialog's failed request, or a toast raised just before it opened) are shown inside the top
  // dialog, readable and closable. In the dialog box's own place for them (beneath its header),
  // not in the page's fixed top-right corner, where a wide dialog has its close button: a toast
  // there covered the × for its 5 s.
  const slot = topDialog ? dialogAlertSlot(topDialog) : null;
  if (slot) {
    return createPortal(items.length > 0 ? <div className="p-l-24 p-r-24 p-t-16" data-testid="dialog-alerts">{rendered}</div> : null, slot);
  }
  // The platform styles alerts inside `.alerts > c8y-alert-outlet`.
  const list = <div className="alerts">{React.createElement('c8y-alert-outlet', null, rendered)}</div>;
  return topDialog ? createPortal(list, topDialog) : list;
}

/**
 * The place a dialog box keeps for alerts (shared/ui Modal renders one beneath its header); a
 * dialog without one (the loading overlay, which has no controls to cover) gets the page's list.
 */
function dialogAlertSlot(dialog: HTMLDialogElement): HTMLElement | null {
  for (const slot of dialog.querySelectorAll<HTMLElement>(`[${ALERT_SLOT}]`)) if (slot.closest('dialog') === dialog) return slot;
  return null;
}

/** Renders the page's alerts; the shell mounts one. */
export function AlertOutlet() {
  useEffect(() => {
    store.setState((s) => ({ outlets: s.outlets + 1 }));
    return () => store.setState((s) => ({ outlets: s.outlets - 1 }));
  }, []);
  return <AlertList fallback={false} />;
}

/** Without an outlet (a plugin alone, tests) alerts still show: a fallback root on document.body. */
function ensureFallbackOutlet() {
  if (store.fallback || typeof document === 'undefined' || store.getState().outlets > 0) return;
  store.fallback = true;
  const host = document.createElement('div');
  host.setAttribute('data-alert-fallback', '');
  document.body.appendChild(host);
  createRoot(host).render(
    <I18nextProvider i18n={getI18n()}>
      <AlertList fallback />
    </I18nextProvider>,
  );
}

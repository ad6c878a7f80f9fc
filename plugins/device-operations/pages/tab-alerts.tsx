/**
 * The alerts of the device tabs and alarm pages. Spec 8: on a failure all alerts are cleared,
 * then a danger alert with the error message is shown. Feature components receive the api as a
 * prop (they declare the shape they use), so they do not depend on where alerts are rendered.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_DISMISS_MS } from '@shared/domain/constants';

export type AlertKind = 'success' | 'info' | 'warning' | 'danger';
interface AlertItem {
  id: number;
  kind: AlertKind;
  text: string;
}

export interface TabAlertsApi {
  success(text: string, dismissMs?: number): void;
  info(text: string, dismissMs?: number): void;
  /** All alerts cleared, then a danger alert with the error's message. */
  fail(error: unknown): void;
  clear(): void;
}

export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

export function useTabAlerts(): { alerts: AlertItem[]; api: TabAlertsApi; dismiss: (id: number) => void } {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setAlerts((all) => all.filter((a) => a.id !== id)), []);
  const api = useMemo<TabAlertsApi>(() => {
    const add = (kind: AlertKind, text: string, dismissMs?: number, replace = false) => {
      const id = next.current++;
      setAlerts((all) => [...(replace ? [] : all), { id, kind, text }]);
      if (dismissMs) setTimeout(() => dismiss(id), dismissMs);
    };
    return {
      success: (text, dismissMs = ALERT_DISMISS_MS) => add('success', text, dismissMs),
      info: (text, dismissMs = ALERT_DISMISS_MS) => add('info', text, dismissMs),
      fail: (error) => add('danger', errorText(error), undefined, true),
      clear: () => setAlerts([]),
    };
  }, [dismiss]);
  return { alerts, api, dismiss };
}

/** The alert stack above a tab; texts arrive translated. */
export function TabAlerts({ alerts, dismiss }: { alerts: AlertItem[]; dismiss: (id: number) => void }) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <div data-testid="tab-alerts">
      {alerts.map((a) => (
        <div key={a.id} className={`alert alert-${a.kind}`} role={a.kind === 'danger' ? 'alert' : 'status'}>
          <button type="button" className="close" aria-label={t('Close')} onClick={() => dismiss(a.id)}>
            ×
          </button>
          {a.text}
        </div>
      ))}
    </div>
  );
}

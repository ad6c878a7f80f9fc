/**
 * The alerts of the device tabs and alarm pages, on the page's shared alert outlet. Spec 8: on
 * a failure all alerts are cleared, then a danger alert with the error message is shown.
 * Feature components receive this api as a prop (they declare the shape they use).
 */
import { alerts } from '@shared/ui/alerts';
import { ALERT_DISMISS_MS } from '@shared/domain/constants';

export interface TabAlertsApi {
  success(text: string, dismissMs?: number): void;
  info(text: string, dismissMs?: number): void;
  /** Stays until closed. */
  warning(text: string): void;
  /** All alerts cleared, then a danger alert with the error's message. */
  fail(error: unknown): void;
  clear(): void;
}

export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

export const tabAlerts: TabAlertsApi = {
  success: (text, dismissMs = ALERT_DISMISS_MS) => void alerts.success(text, { dismissMs }),
  info: (text, dismissMs = ALERT_DISMISS_MS) => void alerts.info(text, { dismissMs }),
  warning: (text) => void alerts.warning(text),
  fail: (error) => {
    alerts.clearAll();
    alerts.danger(errorText(error));
  },
  clear: () => alerts.clearAll(),
};

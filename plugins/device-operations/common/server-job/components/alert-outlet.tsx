import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { countValues } from '@shared/domain/formats';
import { useListAlerts } from '../store/alerts';

/** The list's result messages, newest last. */
export function AlertOutlet() {
  const { t, i18n } = useTranslation();
  const { alerts, dismiss } = useListAlerts();
  const newest = useRef<HTMLDivElement>(null);
  const newestId = alerts[alerts.length - 1]?.id;
  useEffect(() => {
    // A bulk action disables its button while it runs and the selection it cleared keeps it
    // disabled, so keyboard focus fell to the page: the result takes it (issue 26). A user who
    // moved on keeps where they are.
    const active = document.activeElement;
    if (newestId !== undefined && (!active || active === document.body)) newest.current?.focus();
  }, [newestId]);
  if (alerts.length === 0) return null;
  return (
    <div className="p-t-8" data-testid="alerts">
      {alerts.map((a) => (
        <div key={a.id} ref={a.id === newestId ? newest : undefined} tabIndex={-1} className={`alert alert-${a.type}`} role="alert" data-testid={`alert-${a.type}`}>
          <button type="button" className="close" aria-label={t('Close')} onClick={() => dismiss(a.id)}>
            <span aria-hidden="true">×</span>
          </button>
          <strong>{t(a.text, countValues(a.values, i18n.language))}</strong>
          {a.details?.map((d, i) => (
            <div key={i} className={d.raw ? 'text-monospace small' : undefined}>
              {d.raw ? d.text : t(d.text, countValues(d.values, i18n.language))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { OverlayState } from '../hooks/use-server-job';

/** Full-screen overlay during long actions, with the server's progress when there is one. */
export function ServerJobOverlay({ overlay }: { overlay: OverlayState | null }) {
  const { t } = useTranslation();
  if (!overlay) return null;
  const pct = overlay.progress && overlay.progress.total > 0 ? Math.round((overlay.progress.done / overlay.progress.total) * 100) : undefined;
  return (
    <div
      role="alertdialog"
      aria-busy="true"
      aria-live="polite"
      data-testid="server-job-overlay"
      style={{ position: 'fixed', inset: 0, zIndex: 2000, background: 'rgba(255,255,255,0.8)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <div className="card" style={{ minWidth: 360, maxWidth: 480 }}>
        <div className="card-block text-center">
          <i className="dlt-c8y-icon-circle-o-notch dlt-c8y-icon-spin fa-2x m-b-8" aria-hidden="true" />
          <p data-testid="server-job-progress">
            {overlay.progress
              ? t('Operation is running on the server ({{done}}/{{total}})', overlay.progress)
              : t(overlay.text, overlay.values)}
          </p>
          {pct !== undefined && (
            <div className="progress">
              <div className="progress-bar" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} style={{ width: `${pct}%` }} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

import React, { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from './spinner';
import { useSharedTranslation } from './i18n';
import { closeModalDialog, DIALOG_WRAPPER_STYLE, ensureDialogStyle, showModalDialog } from './top-layer';

// The platform has no full-screen blocking overlay class; only the centring is ours.
const centre: React.CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
};

/** How far a server job got: done of total (a progress bar under the message). */
export interface OverlayProgress {
  done: number;
  total: number;
}

/**
 * A full-screen overlay with a spinner that blocks the page during long actions. It is a modal
 * <dialog> itself, so it lands in the top layer above any dialog that started the action, the page
 * and those dialogs are inert beneath it (no click or Tab reaches them), and Escape cannot dismiss
 * it (its 'cancel' is refused). `progress` adds a bar for a job that reports how far it got.
 */
export function LoadingOverlay({ show, message, progress }: { show: boolean; message?: string; progress?: OverlayProgress }) {
  if (!show || typeof document === 'undefined') return null;
  return <OpenOverlay message={message} progress={progress} />;
}

function OpenOverlay({ message, progress }: { message?: string; progress?: OverlayProgress }) {
  const t = useSharedTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const pct = progress && progress.total > 0 ? Math.round((Math.min(progress.done, progress.total) / progress.total) * 100) : undefined;
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    ensureDialogStyle();
    const refuse = (e: Event) => e.preventDefault();
    // A close request the browser did not let us refuse: the work still runs, so it stays blocked.
    const reopen = () => showModalDialog(dialog);
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', reopen);
    showModalDialog(dialog);
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', reopen);
      closeModalDialog(dialog);
    };
  }, []);
  return createPortal(
    <dialog ref={ref} style={DIALOG_WRAPPER_STYLE} aria-busy="true" aria-label={message ?? t('Loading…')} data-shared-dialog="" data-testid="loading-overlay">
      {/* The design system's backdrop; z-index auto keeps it beneath the spinner that follows it. */}
      <div className="modal-backdrop fade in" style={{ zIndex: 'auto' }} aria-hidden="true" />
      <div style={centre}>
        {message || pct !== undefined ? (
          // A text on the bare backdrop read over the page beneath it (a grid's rows): it stands on a card.
          <div className="card m-0" style={{ minWidth: 360, maxWidth: '80vw' }} data-testid="loading-overlay-card">
            <div className="card-block" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
              <Spinner label={message} />
              {message && (
                <p className="text-center m-0" data-testid="loading-overlay-message">
                  {message}
                </p>
              )}
              {pct !== undefined && (
                <div className="progress m-0" style={{ width: '100%' }}>
                  <div className="progress-bar" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} style={{ width: `${pct}%` }} />
                </div>
              )}
            </div>
          </div>
        ) : (
          <Spinner />
        )}
      </div>
    </dialog>,
    document.body,
  );
}

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

/**
 * A full-screen overlay with a spinner that blocks the page during long actions. It is a modal
 * <dialog> itself, so it lands in the top layer above any dialog that started the action, the page
 * and those dialogs are inert beneath it, and Escape cannot dismiss it (its 'cancel' is refused).
 */
export function LoadingOverlay({ show, message }: { show: boolean; message?: string }) {
  if (!show || typeof document === 'undefined') return null;
  return <OpenOverlay message={message} />;
}

function OpenOverlay({ message }: { message?: string }) {
  const t = useSharedTranslation();
  const ref = useRef<HTMLDialogElement>(null);
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
        <Spinner label={message} />
        {message && <p className="text-center m-t-8">{message}</p>}
      </div>
    </dialog>,
    document.body,
  );
}

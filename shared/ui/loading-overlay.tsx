import React from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from './spinner';

/** Above modals (Bootstrap's modal z-index is 1050), so long actions started in a dialog stay blocked. */
const OVERLAY_Z_INDEX = 2000;

// The platform has no full-screen blocking overlay class; only the centring is ours.
const centre: React.CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: OVERLAY_Z_INDEX + 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
};

/** A full-screen overlay with a spinner that blocks the page during long actions. */
export function LoadingOverlay({ show, message }: { show: boolean; message?: string }) {
  if (!show || typeof document === 'undefined') return null;
  return createPortal(
    <>
      <div className="modal-backdrop fade in" style={{ zIndex: OVERLAY_Z_INDEX }} />
      <div style={centre} aria-busy="true" data-testid="loading-overlay">
        <Spinner label={message} />
        {message && <p className="text-center m-t-8">{message}</p>}
      </div>
    </>,
    document.body,
  );
}

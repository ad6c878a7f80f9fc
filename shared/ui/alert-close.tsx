/** The × of an alert, dependency-free: the page's alert outlet and the dev shell's own alerts use it. */
import React from 'react';

/**
 * Closing an alert by its × removes the button that had the focus: the focus moves to the next
 * alert's close button (else the previous one's), rather than falling to the page.
 */
function focusNeighbourAlert(closeButton: HTMLElement): void {
  const alert = closeButton.closest('.alert');
  const neighbour = alert?.nextElementSibling ?? alert?.previousElementSibling;
  neighbour?.querySelector<HTMLElement>('button.close')?.focus();
}

/** `label` is the translated "Close"; `onClose` removes the alert. */
export function AlertCloseButton({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <button
      type="button"
      className="close"
      aria-label={label}
      onClick={(e) => {
        focusNeighbourAlert(e.currentTarget);
        onClose();
      }}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

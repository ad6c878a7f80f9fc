/** The × of an alert, dependency-free: the page's alert outlet and the dev shell's own alerts use it. */
import React from 'react';

/**
 * Closing an alert by its × removes the button that had the focus: the focus moves to the next
 * alert's close button (else the previous one's), rather than falling to the page. After the last
 * alert it moves to the heading of what the alert was shown over: the open dialog's title (an alert
 * raised while a dialog is open is shown inside it), else the page's heading, focusable for this
 * (tabindex -1: not a Tab stop), so the next Tab continues from the top of that content.
 */
function focusAfterClose(closeButton: HTMLElement): void {
  const alert = closeButton.closest('.alert');
  const neighbour = (alert?.nextElementSibling ?? alert?.previousElementSibling)?.querySelector<HTMLElement>('button.close');
  if (neighbour) {
    neighbour.focus();
    return;
  }
  const dialog = closeButton.closest<HTMLElement>('dialog, [role="dialog"]');
  const heading = dialog ? dialog.querySelector<HTMLElement>('h1, h2, h3, h4, .modal-title') : document.querySelector<HTMLElement>('h1');
  const target = heading ?? dialog;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** `label` is the translated "Close"; `onClose` removes the alert. */
export function AlertCloseButton({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <button
      type="button"
      className="close"
      aria-label={label}
      onClick={(e) => {
        focusAfterClose(e.currentTarget);
        onClose();
      }}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** A dependency-free helper of the alert lists (the page's alert outlet and the dev shell's own). */

/**
 * Closing an alert by its × removes the button that had the focus: the focus moves to the next
 * alert's close button (else the previous one's), rather than falling to the page. Call before
 * removing the alert.
 */
export function focusNeighbourAlert(closeButton: HTMLElement): void {
  const alert = closeButton.closest('.alert');
  const neighbour = alert?.nextElementSibling ?? alert?.previousElementSibling;
  neighbour?.querySelector<HTMLElement>('button.close')?.focus();
}

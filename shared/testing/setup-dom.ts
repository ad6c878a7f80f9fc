import '@testing-library/jest-dom';

/**
 * jsdom has HTMLDialogElement but not its methods (showModal, show, close) nor the close request
 * (Escape). This models what shared/ui Modal relies on, after the HTML standard; the real top layer,
 * inert background and focus order are checked in Chromium (e2e/dialog.test.ts).
 *  - showModal(): sets `open`, puts the dialog on top, focuses its first control (autofocus first);
 *  - close(): clears `open`, gives focus back to where it was when the dialog opened, then fires
 *    'close' as a task;
 *  - an Escape keydown that no handler cancelled is a close request to the top modal dialog: a
 *    cancelable 'cancel', and close() unless it was cancelled.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
  /** The modal dialogs in top-layer order (last on top). */
  const topLayer: HTMLDialogElement[] = [];
  const previouslyFocused = new WeakMap<HTMLDialogElement, Element | null>();

  const domException = (message: string) => new DOMException(message, 'InvalidStateError');

  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open && topLayer.includes(this)) return;
    if (this.open) throw domException('The dialog is already open as a non-modal dialog.');
    if (!this.isConnected) throw domException('The dialog is not connected.');
    this.setAttribute('open', '');
    topLayer.push(this);
    previouslyFocused.set(this, this.ownerDocument.activeElement);
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  };

  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
  };

  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const i = topLayer.indexOf(this);
    const wasModal = i >= 0;
    if (wasModal) topLayer.splice(i, 1);
    const previous = previouslyFocused.get(this);
    previouslyFocused.delete(this);
    if (wasModal && previous instanceof HTMLElement) previous.focus();
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };

  // Close requests: after a keydown's dispatch, as the browser does (a handler that called
  // preventDefault() keeps it from being one).
  const dispatchEvent = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchWithCloseRequest(this: EventTarget, event: Event) {
    const result = dispatchEvent.call(this, event);
    if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape' && !event.defaultPrevented) {
      // A dialog removed from the document while open has left the top layer.
      const top = topLayer.filter((d) => d.isConnected).pop();
      if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
    }
    return result;
  };
}

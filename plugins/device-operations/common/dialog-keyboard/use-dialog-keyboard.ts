/**
 * Keyboard behaviour of this plugin's hand-written Bootstrap dialogs (the ones not built on
 * @shared/ui Modal): focus moves into the dialog when it opens, Tab stays inside it, Escape
 * closes it, and focus goes back to where it was when it closes.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[aria-hidden="true"]'));

export interface DialogKeyboard<T extends HTMLElement> {
  ref: RefObject<T | null>;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** `onEscape` undefined: Escape does nothing (e.g. while the dialog is busy). */
export function useDialogKeyboard<T extends HTMLElement = HTMLDivElement>(onEscape: (() => void) | undefined): DialogKeyboard<T> {
  const ref = useRef<T | null>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) {
      // The body's first field (search, name) rather than the header's close button.
      const body = root.querySelector<HTMLElement>('.modal-body');
      const target = (body && focusables(body)[0]) ?? focusables(root)[0] ?? root;
      if (target === root && !root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1');
      target.focus();
    }
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    const root = ref.current;
    if (!root) return;
    if (e.key === 'Escape') {
      if (!escape.current) return;
      e.stopPropagation();
      escape.current();
    } else if (e.key === 'Tab') {
      const items = focusables(root);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return { ref, onKeyDown };
}

import { useEffect, type RefObject } from 'react';

const inDialog = (target: EventTarget | null) => target instanceof Element && !!target.closest('.modal');
/** The page's alerts (`.alerts`, the platform's and ours): closing the failure a dropdown's save raised must not discard its form. */
const inAlerts = (target: EventTarget | null) => target instanceof Element && !!target.closest('.alerts');

/**
 * Closes a dropdown while active: on a mouse-down outside the element, and on Escape, which also
 * gives the focus back to the dropdown's toggle (its `aria-expanded` button), as the platform's
 * dropdowns do. Clicks and keys in dialogs opened from the dropdown (confirm) do not close it, nor
 * clicks in the page's alerts (closing 'Error creating software.' keeps the form that raised it).
 * `onOutside` hears which it was (a dropdown with edits ignores a click beside it and asks on Escape).
 */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: (how: 'click' | 'escape') => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const onMouseDown = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (target && (ref.current?.contains(target) || inDialog(target) || inAlerts(target))) return;
      onOutside('click');
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || inDialog(e.target)) return;
      const toggle = ref.current?.querySelector<HTMLElement>('[aria-expanded]');
      // This Escape is the dropdown's: not also a close request to the question it may open now
      // (the browser gives it to the top dialog after the keydown, which closed the question at once).
      e.preventDefault();
      // First: a question the dropdown asks (it holds edits) takes the focus and gives it back.
      toggle?.focus();
      onOutside('escape');
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, active, onOutside]);
}

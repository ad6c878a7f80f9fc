import { useEffect, type RefObject } from 'react';

/** Calls onOutside on a mouse-down outside the element while active (dropdowns close that way). */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const listener = (e: MouseEvent) => {
      const target = e.target as Node | null;
      // Clicks inside dialogs opened from the dropdown (confirm) do not close it.
      if (target && (ref.current?.contains(target) || (target instanceof Element && target.closest('.modal')))) return;
      onOutside();
    };
    document.addEventListener('mousedown', listener);
    return () => document.removeEventListener('mousedown', listener);
  }, [ref, active, onOutside]);
}

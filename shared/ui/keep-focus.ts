import { useCallback, useEffect, useRef } from 'react';

/**
 * Keyboard focus survives a control's work (issue 26). A button disabled while its work runs loses
 * focus to the page (Chromium moves it to <body> as soon as it is disabled), and the next Tab starts
 * at the top. `remember()` (called as the work starts) notes the focused control; once `busy` is
 * false again and focus is still on the page, it goes back to that control.
 */
export function useKeepFocus(busy: boolean): () => void {
  const control = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const el = control.current;
    control.current = null;
    const active = document.activeElement;
    // Only when focus fell to the page: a user who moved on meanwhile keeps where they went.
    if (el?.isConnected && (!active || active === document.body)) el.focus();
  }, [busy]);
  return useCallback(() => {
    const active = document.activeElement;
    control.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}

import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether keyboard focus fell to the page: on <body>, or still on a control that was disabled or
 * removed (Chromium moves it to <body> then; jsdom leaves it there).
 */
export function focusFellToPage(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
}

/**
 * Keyboard focus survives a control's work (issue 26). A button disabled while its work runs loses
 * focus to the page (Chromium moves it to <body> as soon as it is disabled), and the next Tab starts
 * at the top. `remember()` (called as the work starts) notes the focused control; once `busy` is
 * false again and focus is still on the page, it goes back to that control, in the commit that
 * enables it (a layout effect: no frame in which a key would go to the page).
 */
export function useKeepFocus(busy: boolean): () => void {
  const control = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
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

/**
 * A screen's actions that run one at a time: `busy` while one runs (its buttons disable), its
 * failure handed to `onError`, and focus given back to the control that started it.
 */
export function useBusyWork(onError: (error: unknown) => void): { busy: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const rememberFocus = useKeepFocus(busy);
  const run = async (work: () => Promise<void>) => {
    rememberFocus();
    setBusy(true);
    try {
      await work();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

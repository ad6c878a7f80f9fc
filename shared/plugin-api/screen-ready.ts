import { useEffect, useRef } from 'react';

/**
 * A window event a contribution dispatches once its screen shows its data (a list's first rows).
 * On a cold start the shell loads the plugin that owns the current route first and the others
 * after this event (or the first user input, or a fallback delay), so they do not compete with
 * the screen the user asked for.
 */
export const SCREEN_READY_EVENT = 'plugin-screen-ready';

export function signalScreenReady(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SCREEN_READY_EVENT));
}

/**
 * Signals in the frame after `painted()` first holds, checked once a frame (after `framesLeft`
 * frames at the latest): for screens whose data reaches the DOM some frames after it arrived.
 */
export function signalWhenPainted(painted: () => boolean, framesLeft = 60): void {
  if (painted() || framesLeft === 0) requestAnimationFrame(() => signalScreenReady());
  else requestAnimationFrame(() => signalWhenPainted(painted, framesLeft - 1));
}

/** Signals once, in the frame after `ready` first became true (when the data is painted). */
export function useScreenReady(ready: boolean): void {
  const signalled = useRef(false);
  useEffect(() => {
    if (!ready || signalled.current) return;
    signalled.current = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => signalScreenReady());
    else signalScreenReady();
  }, [ready]);
}

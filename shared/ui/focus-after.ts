import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFellToPage } from './keep-focus';

const usable = (el: HTMLElement | null): el is HTMLElement =>
  !!el && el.isConnected && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';

/**
 * Focus after an action that takes its control away (a deleted row's button, a field emptied
 * after its work): `focusAfter(target, fallback)`, called once the action's result is in the
 * state, moves keyboard focus to `target` (else `fallback`) after that render, but only when focus
 * fell to the page meanwhile: a user who moved on keeps where they went.
 */
export function useFocusAfter(): (target: HTMLElement | null, fallback?: HTMLElement | null) => void {
  const pending = useRef<[HTMLElement | null, HTMLElement | null] | null>(null);
  const [done, setDone] = useState(0);
  useEffect(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || !focusFellToPage()) return;
    const [target, fallback] = next;
    if (usable(target)) target.focus();
    else if (usable(fallback)) fallback.focus();
  }, [done]);
  return useCallback((target: HTMLElement | null, fallback: HTMLElement | null = null) => {
    pending.current = [target, fallback];
    setDone((n) => n + 1);
  }, []);
}

/**
 * The button of the nearest row (or list item) after `row` that has one, else of the nearest one
 * before it (rows without the action, such as an agent package's, are passed over).
 */
export function neighbourButton(row: Element | null | undefined): HTMLElement | null {
  for (const step of ['nextElementSibling', 'previousElementSibling'] as const) {
    for (let other = row?.[step]; other; other = other[step]) {
      const button = other.querySelector<HTMLElement>('button');
      if (button) return button;
    }
  }
  return null;
}

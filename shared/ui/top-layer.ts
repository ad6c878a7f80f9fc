import { useSyncExternalStore } from 'react';

/**
 * The page's open modal <dialog>s (shared/ui Modal, LoadingOverlay), in the order they were shown,
 * which is the browser's top-layer order: the last one is on top, and everything outside it is inert.
 *
 * One list for the whole page, not one per plugin bundle: every bundle carries its own copy of this
 * module, so the list lives on globalThis under a registered symbol (as the alert store does). It
 * lets what renders outside a dialog (the alert outlet) move into the top one, and keeps
 * body.modal-open (the design system's "no page scrolling behind a modal") while any is open.
 */
interface Layer {
  stack: HTMLDialogElement[];
  listeners: Set<() => void>;
  /** The element that last took focus outside every dialog (a dialog's opener when focus left it). */
  lastFocused?: WeakRef<Element>;
}

const KEY = Symbol.for('adamos.shared.ui.top-layer');
const g = globalThis as typeof globalThis & { [KEY]?: Layer };
const layer: Layer = (g[KEY] ??= createLayer());

function createLayer(): Layer {
  const created: Layer = { stack: [], listeners: new Set() };
  if (typeof document !== 'undefined') {
    document.addEventListener(
      'focusin',
      (e) => {
        if (e.target instanceof Element && !e.target.closest('dialog')) created.lastFocused = new WeakRef(e.target);
      },
      true,
    );
  }
  return created;
}

/**
 * Where focus goes back when a dialog that opens now closes: the focused element, or the element
 * that last had focus outside every dialog when focus is on the page or in a loading overlay (a
 * busy <dialog> with nothing to go back to: the list's Select software opens behind one while it
 * reads the devices, and with Debian's Chromium 150 focus was still in that overlay when the
 * dialog first rendered, so on close it went to the page and a new message took it).
 */
export function dialogOpener(): Element | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  if (active && active !== document.body && !active.closest('dialog[aria-busy="true"]')) return active;
  const last = layer.lastFocused?.deref();
  return last?.isConnected ? last : active;
}

function changed(): void {
  document.body.classList.toggle('modal-open', layer.stack.length > 0);
  for (const listener of [...layer.listeners]) listener();
}

/** Shows `dialog` as a modal on top of the page's other dialogs. */
export function showModalDialog(dialog: HTMLDialogElement): void {
  if (!dialog.open) dialog.showModal();
  if (!layer.stack.includes(dialog)) layer.stack.push(dialog);
  changed();
}

/** Closes `dialog` (the browser gives focus back to where it was when it opened). */
export function closeModalDialog(dialog: HTMLDialogElement): void {
  const i = layer.stack.indexOf(dialog);
  if (i >= 0) layer.stack.splice(i, 1);
  if (dialog.open) dialog.close();
  changed();
}

/** The modal dialog on top, or null when none is open. */
export function topModalDialog(): HTMLDialogElement | null {
  return layer.stack[layer.stack.length - 1] ?? null;
}

function subscribe(listener: () => void): () => void {
  layer.listeners.add(listener);
  return () => {
    layer.listeners.delete(listener);
  };
}

/**
 * The modal dialog on top (re-rendering when it changes). Content rendered outside every dialog
 * (e.g. on document.body) sits beneath the top layer, greyed and unclickable while a dialog is
 * open: what must stay usable then is portalled into this element.
 */
export function useTopModalDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, topModalDialog, () => null);
}

/**
 * The attribute of a dialog box's place for the page's alerts (beneath its header) while it is the
 * top dialog: there they cover none of its controls (alerts.tsx).
 */
export const ALERT_SLOT = 'data-alert-slot';

const STYLE_ID = 'shared-ui-dialog-style';

/**
 * Our dialogs draw the design system's own .modal-backdrop inside them (its colour and opacity
 * come from the theme's variables), so the browser's default ::backdrop tint must not add to it.
 * A pseudo-element cannot be styled inline, hence this one rule, added once per document.
 */
export function ensureDialogStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = 'dialog[data-shared-dialog]::backdrop{background:transparent}';
  document.head.appendChild(style);
}

/**
 * Inline styles that turn a <dialog> into the design system's .modal wrapper: the browser's own
 * dialog box (border, padding, white background, size limits, centring margin) is removed, and it
 * covers the viewport and scrolls a tall dialog as .modal does.
 */
export const DIALOG_WRAPPER_STYLE = {
  display: 'block',
  position: 'fixed',
  inset: 0,
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  overflowX: 'hidden',
  overflowY: 'auto',
} as const;

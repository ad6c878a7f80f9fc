import React, { createContext, useContext, useId, useLayoutEffect, useRef, useState, type Context, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { RoleRequirement } from '../plugin-api/roles';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';
import { PermittedButton } from './permission';
import { ALERT_SLOT, closeModalDialog, dialogOpener, DIALOG_WRAPPER_STYLE, ensureDialogStyle, showModalDialog } from './top-layer';
import { confirmDiscard, useUnloadGuard } from './unsaved-changes';

export interface ModalButton {
  label: string;
  onClick: () => void;
  /** Bootstrap button class, default 'btn-default'. */
  className?: string;
  disabled?: boolean;
  /**
   * Shown on hover and read as the button's description: with `disabled`, why it cannot be used
   * (a control that cannot be used says why). A missing permission's reason replaces it.
   */
  title?: string;
  /** The roles the button's write needs: without them it is disabled with the reason (permission.tsx). */
  requires?: RoleRequirement;
  'data-testid'?: string;
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and (unless disabled) a backdrop click call it. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons in the footer, left to right. */
  buttons?: ModalButton[];
  /** Custom footer instead of buttons. */
  footer?: ReactNode;
  size?: 'sm' | 'lg';
  closeOnBackdrop?: boolean;
  /** False while the dialog's work runs (nothing may interrupt it): Escape, the close button and the backdrop do nothing. */
  dismissible?: boolean;
  /**
   * True while the dialog holds edits (differing from what it opened with): a backdrop click does
   * nothing, Escape and the close button ask `confirmDiscard('dialog')` first, and a reload or
   * closing the tab asks the browser's question. The caller's own Cancel button still closes at once.
   */
  unsavedChanges?: boolean;
  /** Focused on open; otherwise the first focusable element of the body, then of the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  'data-testid'?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first element of `root` that takes focus (a dialog's or a card face's start). */
export const firstFocusable = (root: HTMLElement | null) => root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;

/**
 * A dialog rendered inside another one's React tree, opened in the same commit as it: React runs
 * the inner one's effects first, but it must be shown after the outer one to be above it in the top
 * layer. The outer dialog runs `pending` once it is shown.
 */
interface ParentDialog {
  shown: boolean;
  pending: Set<() => void>;
}

// One context for every plugin bundle's copy of this module (React itself is shared), so a dialog
// of one plugin nested in another's dialog (a widget's config in the dashboard's) still finds it.
const CONTEXT_KEY = Symbol.for('adamos.shared.ui.modal-parent');
const g = globalThis as typeof globalThis & { [CONTEXT_KEY]?: Context<ParentDialog | null> };
const ParentDialogContext: Context<ParentDialog | null> = (g[CONTEXT_KEY] ??= createContext<ParentDialog | null>(null));

/**
 * The platform's Bootstrap modal as a native <dialog> shown with showModal(): the browser puts it in
 * the top layer above everything (including the page's own stacking contexts and other plugins'
 * dialogs), makes the rest of the page inert (no click or Tab reaches it), and turns Escape into a
 * 'cancel' event on the top dialog only. Labelled by its title; focus moves to the body's first
 * control and goes back to where it was when the dialog closes.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <OpenModal {...props} />;
}

function OpenModal({ title, onClose, children, buttons, footer, size, closeOnBackdrop = true, dismissible = true, unsavedChanges = false, initialFocus, ...rest }: ModalProps) {
  const t = useSharedTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The handlers below are attached once, when the dialog opens, and read the current props.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const unsavedRef = useRef(unsavedChanges);
  /** The discard question is on screen (a second Escape or click does not ask twice). */
  const askingRef = useRef(false);
  // Read once, when the dialog opens (a later ref object must not move focus again).
  const initialFocusRef = useRef(initialFocus);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    unsavedRef.current = unsavedChanges;
    initialFocusRef.current = initialFocus;
  });
  useUnloadGuard(unsavedChanges);
  const parent = useContext(ParentDialogContext);
  /** Escape or the close button: closes, after asking while the dialog holds edits. */
  const [requestClose] = useState(() => () => {
    if (!dismissibleRef.current || askingRef.current) return;
    if (!unsavedRef.current) {
      onCloseRef.current();
      return;
    }
    askingRef.current = true;
    void confirmDiscard('dialog').then((discard) => {
      askingRef.current = false;
      if (discard && dismissibleRef.current) onCloseRef.current();
    });
  });
  const [self] = useState<ParentDialog>(() => ({ shown: false, pending: new Set() }));
  // The opener, read on the first render: a field of the body with autoFocus takes focus when it
  // mounts, before the dialog shows, and focus then went back to that field (gone) instead of the opener.
  const [opener] = useState(dialogOpener);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    ensureDialogStyle();
    let previous: Element | null = null;
    let closing = false;

    const onCancel = (e: Event) => {
      // Escape on the top dialog: this component's owner decides whether it closes (it unmounts it).
      e.preventDefault();
      requestClose();
    };
    const onNativeClose = () => {
      if (closing) return;
      // The browser closed it on its own: a close request it did not let us cancel (Chromium refuses
      // a second cancel with no user activation in between). A busy dialog is shown again, and
      // one with edits too, asking first.
      if (dismissibleRef.current && !unsavedRef.current) {
        closeModalDialog(dialog);
        onCloseRef.current();
      } else {
        showModalDialog(dialog);
        if (dismissibleRef.current) requestClose();
      }
    };
    const show = () => {
      previous = opener && opener !== document.body && !dialog.contains(opener) ? opener : document.activeElement;
      showModalDialog(dialog);
      self.shown = true;
      // showModal() focused the first control (the header's close button); the body's is more useful,
      // and without one the footer's first button (a confirmation's Cancel: the safe answer).
      const footer = dialog.querySelector<HTMLElement>('.modal-footer');
      const target = initialFocusRef.current?.current ?? firstFocusable(bodyRef.current) ?? firstFocusable(footer) ?? firstFocusable(dialog) ?? dialog;
      target.focus();
      for (const child of self.pending) child();
      self.pending.clear();
    };

    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    if (parent && !parent.shown) parent.pending.add(show);
    else show();

    return () => {
      closing = true;
      parent?.pending.delete(show);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      // Runs before React removes the element: close() while it is still connected, so the browser
      // restores focus; then again by hand where the browser could not (its opener was re-rendered).
      closeModalDialog(dialog);
      self.shown = false;
      const active = document.activeElement;
      const focusLost = !active || active === document.body || dialog.contains(active);
      if (focusLost && previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [parent, self, opener, requestClose]);

  return createPortal(
    <ParentDialogContext.Provider value={self}>
      <dialog
        ref={dialogRef}
        className="modal fade in"
        style={DIALOG_WRAPPER_STYLE}
        aria-modal="true"
        aria-labelledby={titleId}
        data-shared-dialog=""
        onKeyDown={(e) => {
          // The close request itself comes as 'cancel' (above); Escape goes no further than the
          // dialog, so no handler of the page or of an outer dialog's tree reacts to it as well.
          if (e.key === 'Escape') e.stopPropagation();
        }}
        onMouseDown={(e) => {
          // A click beside a dialog with edits is taken for a slip: it does not close it.
          if (closeOnBackdrop && dismissible && !unsavedChanges && (e.target === e.currentTarget || e.target === backdropRef.current)) onClose();
        }}
      >
        {/* The design system's backdrop (its theme's colour and opacity), beneath the dialog box. */}
        <div ref={backdropRef} className="modal-backdrop fade in" style={{ zIndex: 'auto' }} aria-hidden="true" />
        <div className={cx('modal-dialog', size && `modal-${size}`)} data-testid={rest['data-testid']}>
          <div className="modal-content">
            <div className="modal-header">
              <button type="button" className="close" aria-label={t('Close')} onClick={requestClose} disabled={!dismissible}>
                <span aria-hidden="true">×</span>
              </button>
              <h4 className="modal-title" id={titleId}>
                {title}
              </h4>
            </div>
            {/* The page's alerts while this is the top dialog (alerts.tsx), beneath the header. */}
            <div {...{ [ALERT_SLOT]: '' }} />
            <div className="modal-body" ref={bodyRef}>
              {children}
            </div>
            {(footer || buttons?.length) && (
              <div className="modal-footer">
                {footer ??
                  buttons?.map((b) =>
                    b.requires ? (
                      <PermittedButton
                        key={b.label}
                        requires={b.requires}
                        className={cx('btn', b.className ?? 'btn-default')}
                        disabled={b.disabled}
                        title={b.title}
                        onClick={b.onClick}
                        data-testid={b['data-testid']}
                      >
                        {b.label}
                      </PermittedButton>
                    ) : (
                      <button
                        key={b.label}
                        type="button"
                        className={cx('btn', b.className ?? 'btn-default')}
                        disabled={b.disabled}
                        title={b.title}
                        onClick={b.onClick}
                        data-testid={b['data-testid']}
                      >
                        {b.label}
                      </button>
                    ),
                  )}
              </div>
            )}
          </div>
        </div>
      </dialog>
    </ParentDialogContext.Provider>,
    document.body,
  );
}

import React, { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { RoleRequirement } from '../plugin-api/roles';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';
import { PermittedButton } from './permission';

export interface ModalButton {
  label: string;
  onClick: () => void;
  /** Bootstrap button class, default 'btn-default'. */
  className?: string;
  disabled?: boolean;
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
  /** Focused on open; otherwise the first focusable element of the body, then of the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  'data-testid'?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

/** Dialogs currently open, to keep body.modal-open while any is. */
let openCount = 0;
/** Set while the effects of one commit run, after the first dialog of that commit took focus. */
let focusedThisCommit = false;

/**
 * An accessible Bootstrap modal: aria-modal, labelled by its title, focus kept inside, Escape
 * closes, focus restored. Keys are handled on the dialog itself, so with nested dialogs only the
 * innermost (where focus is) reacts.
 */
export function Modal({ open, title, onClose, children, buttons, footer, size, closeOnBackdrop = true, dismissible = true, initialFocus, ...rest }: ModalProps) {
  const t = useSharedTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Read once, when the dialog opens (a later ref object must not move focus again).
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    if (!open) return undefined;
    openCount++;
    const previous = document.activeElement as HTMLElement | null;
    document.body.classList.add('modal-open');
    const dialog = dialogRef.current;
    // A nested dialog opened in the same commit has focused itself already (children's effects run first).
    if (!focusedThisCommit) {
      const target = initialFocusRef.current?.current ?? (bodyRef.current && focusables(bodyRef.current)[0]) ?? (dialog && focusables(dialog)[0]) ?? dialog;
      target?.focus();
      focusedThisCommit = true;
      queueMicrotask(() => {
        focusedThisCommit = false;
      });
    }
    return () => {
      openCount--;
      if (openCount === 0) document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (dismissible) onCloseRef.current();
    } else if (e.key === 'Tab') {
      e.stopPropagation();
      const items = focusables(dialog);
      if (items.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === dialog)) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && active === lastItem) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <>
      <div className="modal-backdrop fade in" />
      <div
        className="modal fade in"
        style={{ display: 'block' }}
        onMouseDown={(e) => {
          if (closeOnBackdrop && dismissible && e.target === e.currentTarget) onClose();
        }}
      >
        <div
          ref={dialogRef}
          className={cx('modal-dialog', size && `modal-${size}`)}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          data-testid={rest['data-testid']}
        >
          <div className="modal-content">
            <div className="modal-header">
              <button type="button" className="close" aria-label={t('Close')} onClick={onClose} disabled={!dismissible}>
                <span aria-hidden="true">×</span>
              </button>
              <h4 className="modal-title" id={titleId}>
                {title}
              </h4>
            </div>
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
      </div>
    </>,
    document.body,
  );
}

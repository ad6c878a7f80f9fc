import React, { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { I18nextProvider } from 'react-i18next';
import { getI18n } from '../plugin-api/i18n';
import { Modal } from './modal';
import { useSharedTranslation } from './i18n';

export interface ConfirmOptions {
  /** Texts come translated by the caller (its own namespace, e.g. 'Confirm delete?'). */
  title: string;
  body: ReactNode;
  /** Default: 'OK'. */
  okLabel?: string;
  /** Default: 'Cancel'. */
  cancelLabel?: string;
  /** Bootstrap class of the OK button, e.g. 'btn-danger' for deletes (default 'btn-primary'). */
  okClass?: string;
}

/** The confirm dialog as a component (for callers that keep it in their own tree). */
export function ConfirmDialog({ title, body, okLabel, cancelLabel, okClass, onResult }: ConfirmOptions & { onResult: (ok: boolean) => void }) {
  const t = useSharedTranslation();
  const [open, setOpen] = useState(true);
  const answer = (ok: boolean) => {
    setOpen(false);
    onResult(ok);
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => answer(false)}
      size="sm"
      buttons={[
        { label: cancelLabel ?? t('Cancel'), onClick: () => answer(false), 'data-testid': 'confirm-cancel' },
        { label: okLabel ?? t('OK'), onClick: () => answer(true), className: okClass ?? 'btn-primary', 'data-testid': 'confirm-ok' },
      ]}
    >
      {typeof body === 'string' ? <p>{body}</p> : body}
    </Modal>
  );
}

/**
 * Asks the user; resolves true for OK, false for Cancel, Escape or the close button.
 * Renders in its own root on document.body, so it works from any parcel; its native modal dialog is
 * shown last, so it sits on top of a dialog that asked (the top layer stacks in showing order).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (ok: boolean) => {
      resolve(ok);
      // Unmount after the click that answered has finished.
      setTimeout(() => {
        root.unmount();
        host.remove();
      });
    };
    flushSync(() =>
      root.render(
        <I18nextProvider i18n={getI18n()}>
          <ConfirmDialog {...options} onResult={done} />
        </I18nextProvider>,
      ),
    );
  });
}

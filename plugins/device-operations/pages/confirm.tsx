/**
 * A confirmation modal in the platform's look, handed to feature components as
 * `confirm(message) => Promise<boolean>` (the SDK's shared confirm was not there yet).
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Confirm = (message: string, title?: string) => Promise<boolean>;

export function useConfirm(): [Confirm, ReactNode] {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ message: string; title?: string } | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const confirm = useCallback<Confirm>(
    (message, title) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpen({ message, title });
      }),
    [],
  );
  const close = (ok: boolean) => {
    setOpen(null);
    resolver.current?.(ok);
    resolver.current = undefined;
  };
  const element = open ? (
    <div className="modal fade in" style={{ display: 'block', background: 'rgba(0,0,0,0.4)' }} role="dialog" aria-modal="true" data-testid="confirm-modal">
      <div className="modal-dialog">
        <div className="modal-content">
          <div className="modal-header">
            <h4 className="modal-title">{open.title ?? t('Confirm')}</h4>
          </div>
          <div className="modal-body">
            <p>{open.message}</p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-default" onClick={() => close(false)}>
              {t('Cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => close(true)}>
              {t('Confirm')}
            </button>
          </div>
        </div>
      </div>
    </div>
  ) : null;
  return [confirm, element];
}

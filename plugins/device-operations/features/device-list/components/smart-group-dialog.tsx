import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogKeyboard } from '../../dialog-keyboard/use-dialog-keyboard';

/** Asks for the smart group's name; the group gets the list's current filter as its query. */
export function SmartGroupDialog({ query, onClose }: { query: string; onClose: (name: string | null) => void }) {
  const dialogKeys = useDialogKeyboard(() => onClose(null));
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <>
      <div className="modal-backdrop fade in" />
      <div ref={dialogKeys.ref} onKeyDown={dialogKeys.onKeyDown} className="modal fade in" style={{ display: 'block' }} role="dialog" aria-modal="true" aria-labelledby="smart-group-title" data-testid="smart-group-dialog">
        <div className="modal-dialog">
          <form
            className="modal-content"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) onClose(name.trim());
            }}
          >
            <div className="modal-header">
              <h4 id="smart-group-title" className="modal-title">
                {t('Create smart group')}
              </h4>
            </div>
            <div className="modal-body">
              <div className="form-group">
                <label htmlFor="smart-group-name">{t('Name')}</label>
                <input id="smart-group-name" autoFocus className="form-control" data-testid="smart-group-name" value={name} onChange={(e) => setName(e.target.value)} />
              </div>
              <p className="small text-muted">{t('Query')}</p>
              <code className="small" style={{ wordBreak: 'break-all' }} data-testid="smart-group-query">
                {query}
              </code>
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-default" onClick={() => onClose(null)}>
                {t('Cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={!name.trim()} data-testid="smart-group-create">
                {t('Create')}
              </button>
            </div>
          </form>
        </div>
      </div>
    </>
  );
}

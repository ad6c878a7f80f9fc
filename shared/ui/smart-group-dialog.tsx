import React, { useState } from 'react';
import { useSharedTranslation } from './i18n';
import { Modal } from './modal';

export interface SmartGroupDialogProps {
  /** The group's query (c8y_DeviceQueryString), shown so the user knows what the group will hold. */
  query: string;
  /** How many devices the query selects now, when known. */
  deviceCount?: number;
  /** The group is being saved: Create waits. */
  saving?: boolean;
  /** Why the last save failed; the dialog stays open with the name typed. */
  error?: string;
  onClose: (name: string | null) => void;
}

/** Asks for a smart group's name; both device lists create the group from what they show. */
export function SmartGroupDialog({ query, deviceCount, saving, error, onClose }: SmartGroupDialogProps) {
  const t = useSharedTranslation();
  const [name, setName] = useState('');
  const ok = name.trim().length > 0 && !saving;
  return (
    <Modal
      open
      title={t('Create smart group')}
      onClose={() => onClose(null)}
      unsavedChanges={name.trim() !== ''}
      data-testid="smart-group-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onClose(null) },
        {
          label: t('Create'),
          className: 'btn-primary',
          disabled: !ok,
          // Why Create waits (on hover and as its description).
          title: saving ? t('Creating the smart group…') : !ok ? t('Enter a name for the smart group.') : undefined,
          onClick: () => ok && onClose(name.trim()),
          'data-testid': 'smart-group-create',
        },
      ]}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok) onClose(name.trim());
        }}
      >
        <div className="form-group">
          <label htmlFor="smart-group-name">{t('Name')}</label>
          <input id="smart-group-name" className="form-control" value={name} onChange={(e) => setName(e.target.value)} data-testid="smart-group-name" />
        </div>
        {error && (
          <div className="alert alert-danger" role="alert" data-testid="smart-group-error">
            {error}
          </div>
        )}
        {deviceCount !== undefined && <p className="text-muted small">{t('The smart group will contain the {{count}} devices of this list.', { count: deviceCount })}</p>}
        <p className="small text-muted m-b-4">{t('Query')}</p>
        <code className="small" style={{ wordBreak: 'break-all' }} data-testid="smart-group-query">
          {query}
        </code>
      </form>
    </Modal>
  );
}

import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@shared/ui/modal';

/** Asks for the smart group's name; the group's query selects the listed devices. */
export function SmartGroupDialog({ deviceCount, onClose }: { deviceCount: number; onClose: (name: string | null) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const ok = name.trim().length > 0;
  return (
    <Modal
      open
      title={t('Create smart group')}
      onClose={() => onClose(null)}
      data-testid="smart-group-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onClose(null) },
        { label: t('Create'), className: 'btn-primary', disabled: !ok, onClick: () => ok && onClose(name.trim()), 'data-testid': 'smart-group-create' },
      ]}
    >
      <div className="form-group">
        <label htmlFor="dashboard-smart-group-name">{t('Name')}</label>
        <input id="dashboard-smart-group-name" className="form-control" value={name} onChange={(e) => setName(e.target.value)} data-testid="smart-group-name" />
      </div>
      <p className="text-muted small">{t('The smart group will contain the {{count}} devices of this list.', { count: deviceCount })}</p>
    </Modal>
  );
}

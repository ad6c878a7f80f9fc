/** Set timezone dialog: picks one of the Windows-style zones (default index 48) and returns it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE_INDEX, TIMEZONES, timezoneValue } from '@shared/domain/timezones';
import { Modal } from '@shared/ui/modal';

export interface SetTimezoneDialogProps {
  deviceCount: number;
  /** The chosen '{name}#{windowsZone}' value, or null when cancelled. */
  onClose: (timezone: string | null) => void;
}

export default function SetTimezoneDialog({ deviceCount, onClose }: SetTimezoneDialogProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(DEFAULT_TIMEZONE_INDEX);
  return (
    <Modal
      open
      title={t('Set timezone')}
      onClose={() => onClose(null)}
      // A zone picked out of some 135 is not dropped by a click beside the dialog; Escape and × ask.
      unsavedChanges={index !== DEFAULT_TIMEZONE_INDEX}
      data-testid="set-timezone-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onClose(null) },
        { label: t('Set timezone'), className: 'btn-primary', onClick: () => onClose(timezoneValue(TIMEZONES[index])), 'data-testid': 'timezone-save' },
      ]}
    >
      <p>{t('The time zone is set on {{count}} devices.', { count: deviceCount })}</p>
      <div className="form-group">
        <label htmlFor="timezone-select">{t('Time zone')}</label>
        <select id="timezone-select" className="form-control" value={index} onChange={(e) => setIndex(Number(e.target.value))} data-testid="timezone-select">
          {TIMEZONES.map((z) => (
            <option key={z.id} value={z.id}>
              {z.label}
            </option>
          ))}
        </select>
      </div>
    </Modal>
  );
}

/** Set timezone dialog: picks one of the Windows-style zones (default index 48) and returns it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE_INDEX, TIMEZONES, timezoneValue } from '@shared/domain/timezones';
import { useDialogKeyboard } from '../../dialog-keyboard/use-dialog-keyboard';

export interface SetTimezoneDialogProps {
  deviceCount: number;
  /** The chosen '{name}#{windowsZone}' value, or null when cancelled. */
  onClose: (timezone: string | null) => void;
}

export default function SetTimezoneDialog({ deviceCount, onClose }: SetTimezoneDialogProps) {
  const dialogKeys = useDialogKeyboard(() => onClose(null));
  const { t } = useTranslation();
  const [index, setIndex] = useState(DEFAULT_TIMEZONE_INDEX);
  return (
    <>
      <div className="modal-backdrop fade in" />
      <div ref={dialogKeys.ref} onKeyDown={dialogKeys.onKeyDown} className="modal fade in" style={{ display: 'block' }} role="dialog" aria-modal="true" aria-labelledby="set-timezone-title" data-testid="set-timezone-dialog">
        <div className="modal-dialog">
          <div className="modal-content">
            <div className="modal-header">
              <h4 id="set-timezone-title" className="modal-title">
                {t('Set timezone')}
              </h4>
            </div>
            <div className="modal-body">
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
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-default" onClick={() => onClose(null)}>
                {t('Cancel')}
              </button>
              <button type="button" className="btn btn-primary" data-testid="timezone-save" onClick={() => onClose(timezoneValue(TIMEZONES[index]))}>
                {t('Set timezone')}
              </button>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}

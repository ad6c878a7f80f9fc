/** Column chooser: visibility and order, saved per user on the server. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { COLUMNS } from '../model/columns';
import { moveColumn, type ColumnSetting } from '../model/column-config';

export function ColumnConfig({ settings, onSave, saving }: { settings: ColumnSetting[]; onSave: (s: ColumnSetting[]) => void; saving?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(settings);
  return (
    <div className={`dropdown${open ? ' open' : ''}`} style={{ display: 'inline-block' }}>
      <button
        type="button"
        className="btn btn-link"
        aria-expanded={open}
        data-testid="column-config"
        onClick={() => {
          setDraft(settings);
          setOpen(!open);
        }}
      >
        <i className="dlt-c8y-icon-columns m-r-4" aria-hidden="true" />
        {t('Configure columns')}
      </button>
      {open && (
        <div className="dropdown-menu dropdown-menu-right" style={{ display: 'block', padding: 8, minWidth: 280 }} data-testid="column-config-menu">
          {draft.map((s, i) => (
            <div key={s.id} className="d-flex a-i-center" style={{ gap: 4 }}>
              <label className="c8y-checkbox" style={{ flex: 1, margin: 0 }}>
                <input
                  type="checkbox"
                  data-testid={`column-visible-${s.id}`}
                  checked={s.visible}
                  onChange={() => setDraft(draft.map((d) => (d.id === s.id ? { ...d, visible: !d.visible } : d)))}
                />
                <span />
                <span>{t(COLUMNS[s.id].label)}</span>
              </label>
              <button type="button" className="btn btn-clean btn-xs" aria-label={t('Move up')} disabled={i === 0} onClick={() => setDraft(moveColumn(draft, s.id, -1))}>
                <i className="dlt-c8y-icon-angle-up" aria-hidden="true" />
              </button>
              <button
                type="button"
                className="btn btn-clean btn-xs"
                aria-label={t('Move down')}
                disabled={i === draft.length - 1}
                onClick={() => setDraft(moveColumn(draft, s.id, 1))}
              >
                <i className="dlt-c8y-icon-angle-down" aria-hidden="true" />
              </button>
            </div>
          ))}
          <div className="d-flex j-c-between p-t-8">
            <button type="button" className="btn btn-default btn-sm" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </button>
            {/* Saved in the user's own customProperties. */}
            <PermittedButton
              requires={REQUIRES.ownPreferences}
              className="btn btn-primary btn-sm"
              data-testid="column-config-save"
              disabled={saving || !draft.some((d) => d.visible)}
              onClick={() => {
                onSave(draft);
                setOpen(false);
              }}
            >
              {t('Save')}
            </PermittedButton>
          </div>
        </div>
      )}
    </div>
  );
}

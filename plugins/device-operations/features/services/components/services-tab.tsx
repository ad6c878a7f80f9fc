/** Services tab (spec 2): services with a state filter and, for IoTconnectors, the MDC interfaces. */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyWork } from '@shared/ui/keep-focus';
import type { Device } from '@shared/plugin-api/types';
import { useRealtimeHold } from '../../../common/realtime-hold/use-realtime-hold';
import { ClearFiltersButton } from '../../../common/clear-filters/clear-filters-button';
import { currentStates, hasMdcTable, mdcEmptyText, servicesEmptyText } from '../logic/services';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export interface ServicesTabProps {
  device: Device;
  alerts: { fail(error: unknown): void };
  onReload: () => Promise<unknown>;
}

export function ServicesTab({ device, alerts, onReload }: ServicesTabProps) {
  const { t } = useTranslation();
  const [state, setState] = useState('');
  const stateFilter = useRef<HTMLSelectElement>(null);
  const live = useMemo(() => currentStates(device), [device]);
  // With realtime off the tables keep what they showed until Reload.
  const hold = useRealtimeHold(live);
  const data = hold.shown;
  const rows = data.s.filter((s) => !state || s.state === state);
  // The chosen state stays offered after a live update took it from every service: the select
  // must name the filter that empties the table.
  const states = [...new Set([...data.s.map((s) => s.state), state])].filter(Boolean).sort();

  // The device is read again: Reload says so while it runs (and keeps keyboard focus).
  const { busy, run } = useBusyWork((e) => alerts.fail(e));
  const reload = () =>
    run(async () => {
      await onReload();
      hold.release();
    });

  return (
    <div className="content-fullpage" data-testid="services-tab">
      <div className="action-bar" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginBottom: 12 }}>
        {/* Its label never shrinks (the switch clips it, German at 1280 px: 'Echtzei'): a long realtime warning beside it wraps instead. */}
        <label className="c8y-switch" style={{ margin: '6px 8px', flexShrink: 0 }}>
          <input
            type="checkbox"
            checked={hold.realtime}
            onChange={hold.toggle}
          />
          <span /> {t('Realtime')}
        </label>
        <RealtimeStatus live={hold.realtime} />
        <ClearFiltersButton active={!!state} onClear={() => setState('')} filter={stateFilter} />
        <button type="button" className="btn btn-default" onClick={() => void reload()} disabled={busy}>
          <i className={busy ? 'dlt-c8y-icon-refresh icon-spin' : 'dlt-c8y-icon-refresh'} /> {t('Reload')}
        </button>
      </div>
      <div className="card">
        <table className="table table-striped" data-testid="services-table">
          <thead>
            <tr>
              <th>{t('Name')}</th>
              <th>
                {t('State')}
                <select ref={stateFilter} className="form-control input-sm" aria-label={t('Filter by state')} value={state} onChange={(e) => setState(e.target.value)}>
                  <option value="">{t('All')}</option>
                  {states.map((s) => (
                    <option key={s} value={s} translate="no">
                      {s}
                    </option>
                  ))}
                </select>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.name}>
                {/* Service states and interface statuses are the device's own words: data, not UI text. */}
                <td>{s.name}</td>
                <td translate="no">{s.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="c8y-empty-state text-center" style={{ padding: 16 }} data-testid="services-empty">
            {t(servicesEmptyText(data.offline, data.s.length > 0))}
          </p>
        )}
      </div>
      {hasMdcTable(device) && (
        <div className="card">
          <div className="card-header separator">
            <h4 className="card-title">{t('Machine data collector interfaces')}</h4>
          </div>
          <table className="table table-striped" data-testid="mdc-table">
            <thead>
              <tr>
                <th>{t('Interface name')}</th>
                <th>{t('Status')}</th>
                <th>{t('Error')}</th>
              </tr>
            </thead>
            <tbody>
              {data.m.map((i) => (
                <tr key={i.ID}>
                  <td>{i.ID}</td>
                  <td translate="no">{i.Status}</td>
                  <td>{i.ErrorState}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.m.length === 0 && (
            <p className="c8y-empty-state text-center" style={{ padding: 16 }} data-testid="mdc-empty">
              {t(mdcEmptyText(data.offline))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

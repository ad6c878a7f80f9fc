/** Groups card (admin only): add the device to a group or unassign it from one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/plugin-api/types';
import { addToGroup, removeFromGroup, useGroups } from '../api/device-info';
import { Card } from './parts';

interface Props {
  device: Device;
  alerts: { success(text: string): void; fail(error: unknown): void };
  onChanged: () => Promise<unknown>;
}

type Ref = { managedObject: { id: string; name?: string } };

export function GroupsCard({ device, alerts, onChanged }: Props) {
  const { t } = useTranslation();
  const groups = useGroups(true);
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  const groupIds = new Set((groups.data ?? []).map((g) => String(g.id)));
  const parents = ((device.assetParents as { references?: Ref[] } | undefined)?.references ?? [])
    .map((r) => r.managedObject)
    .filter((mo) => groupIds.has(String(mo.id)));
  const memberOf = new Set(parents.map((p) => String(p.id)));
  const candidates = (groups.data ?? []).filter((g) => !memberOf.has(String(g.id)));

  const act = async (work: () => Promise<void>, message: string) => {
    setBusy(true);
    try {
      await work();
      await onChanged();
      alerts.success(t(message));
    } catch (e) {
      alerts.fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('Groups')} testId="groups-card">
      <ul className="list-unstyled" data-testid="device-groups">
        {parents.map((g) => (
          <li key={g.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}>
            <span>{g.name}</span>
            <button type="button" className="btn btn-default btn-xs" disabled={busy} onClick={() => void act(() => removeFromGroup(String(g.id), device.id), 'Device removed from group')}>
              {t('Unassign')}
            </button>
          </li>
        ))}
      </ul>
      <div className="input-group">
        <select className="form-control" aria-label={t('Group')} value={selected} onChange={(e) => setSelected(e.target.value)}>
          <option value="">{t('Select group')}</option>
          {candidates.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <span className="input-group-btn">
          <button
            type="button"
            className="btn btn-default"
            disabled={busy || !selected}
            onClick={() => void act(() => addToGroup(selected, device.id), 'Device added to group').then(() => setSelected(''))}
          >
            {t('Add to group')}
          </button>
        </span>
      </div>
    </Card>
  );
}

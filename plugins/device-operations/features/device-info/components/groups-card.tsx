/** Groups card (admin only): add the device to a group or unassign it from one. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from '@shared/ui/permission';
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
  // Group membership is a child-asset reference of the group: an inventory write.
  const edit = useGate(REQUIRES.inventoryUpdate);
  const noteId = useId();
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
            <PermittedButton
              requires={REQUIRES.inventoryUpdate}
              className="btn btn-default btn-xs"
              disabled={busy}
              onClick={() => void act(() => removeFromGroup(String(g.id), device.id), 'Device removed from group')}
            >
              {t('Unassign')}
            </PermittedButton>
          </li>
        ))}
      </ul>
      <div className="input-group">
        <select className="form-control" aria-label={t('Group')} value={selected} onChange={(e) => setSelected(e.target.value)} {...gatedFieldProps(edit, noteId, 'choice')}>
          <option value="">{t('Select group')}</option>
          {candidates.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <span className="input-group-btn">
          <PermittedButton
            requires={REQUIRES.inventoryUpdate}
            className="btn btn-default"
            disabled={busy || !selected}
            onClick={() => void act(() => addToGroup(selected, device.id), 'Device added to group').then(() => setSelected(''))}
          >
            {t('Add to group')}
          </PermittedButton>
        </span>
      </div>
      <GateNote gate={edit} id={noteId} />
    </Card>
  );
}

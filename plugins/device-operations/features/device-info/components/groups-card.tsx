/** Groups card (admin only): add the device to a group or unassign it from one. */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from '@shared/ui/permission';
import { addToGroup, deviceInfoKeys, groupIsGone, membershipIsGone, removeFromGroup, useGroups, useMemberships } from '../api/device-info';
import { useQueryClient } from '@tanstack/react-query';
import { neighbourButton, useFocusAfter } from '@shared/ui/focus-after';
import { Card } from './parts';
import { announceGroupsChanged } from '@shared/plugin-api/groups-changed';

interface Props {
  device: Device;
  alerts: { success(text: string): void; info(text: string): void; fail(error: unknown): void };
  onChanged: () => Promise<unknown>;
}

export function GroupsCard({ device, alerts, onChanged }: Props) {
  const { t } = useTranslation();
  const groups = useGroups(true);
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  // Group membership is a child-asset reference of the group: an inventory write.
  const edit = useGate(REQUIRES.inventoryUpdate);
  const noteId = useId();
  const memberships = useMemberships(device.id);
  const queryClient = useQueryClient();
  const parents = memberships.data ?? [];
  const memberOf = new Set(parents.map((p) => String(p.id)));
  const candidates = (groups.data ?? []).filter((g) => !memberOf.has(String(g.id)));
  const failed = memberships.error ?? groups.error;
  // Unassign takes its button away (the group leaves the list), Add to group disables its own (the
  // choice is done with): keyboard focus goes to the next Unassign, else to the group choice.
  const groupSelect = useRef<HTMLSelectElement>(null);
  const focusAfter = useFocusAfter();

  /**
   * Resolves true when the change was made (the group picked for it is then done with); 'gone'
   * when the group no longer exists (another user deleted it since the card read it).
   */
  const act = async (group: { id: string; name?: string }, work: () => Promise<void>, message: string, removing = false): Promise<boolean | 'gone'> => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      // Someone else may have changed the groups meanwhile: both lists are read again, so no
      // deleted group stays offered or listed; a deleted group is named, not its id.
      const gone = await groupIsGone(e, group.id);
      // Unassigned by another user meanwhile: what this user asked for holds, and is said so
      // (not the platform's "reference not found").
      const left = !gone && removing && (await membershipIsGone(e, group.id, device.id));
      await Promise.allSettled([groups.refetch(), memberships.refetch()]);
      // The Groups tree may list it too.
      if (gone || left) announceGroupsChanged();
      if (left) {
        alerts.info(t('The device is no longer in the group "{{name}}": another user may have removed it. The groups have been read again.', { name: group.name ?? group.id }));
        setBusy(false);
        return true;
      }
      alerts.fail(gone ? new Error(t('The group "{{name}}" no longer exists: another user may have deleted it. The groups have been read again.', { name: group.name ?? group.id })) : e);
      setBusy(false);
      return gone ? 'gone' : false;
    }
    try {
      await Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: deviceInfoKeys.memberships(device.id) })]);
    } catch (e) {
      // The change was made, only reading the device again failed: both are said (a failure
      // alone would read as if the device had not been added or removed).
      alerts.fail(e);
    } finally {
      setBusy(false);
    }
    alerts.success(t(message));
    return true;
  };

  return (
    <Card title={t('Groups')} testId="groups-card">
      {/* A failed read is said, not shown as "in no group" or as no group to add to. */}
      {failed && (
        <div className="alert alert-danger" role="alert" data-testid="groups-error">
          {t('The groups could not be loaded:')} {failed.message}
        </div>
      )}
      {/* Until both are read, an empty list and a group select without groups would mislead. */}
      {(memberships.isLoading || groups.isLoading) && <p className="text-muted" role="status" data-testid="groups-loading">{t('Loading…')}</p>}
      {memberships.isSuccess && parents.length === 0 && <p className="text-muted">{t('The device is in no group.')}</p>}
      <ul className="list-unstyled" data-testid="device-groups">
        {parents.map((g) => (
          <li key={g.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}>
            {/* A long name breaks anywhere: it pushed Unassign out of the card. */}
            <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{g.name}</span>
            <PermittedButton
              requires={REQUIRES.inventoryUpdate}
              className="btn btn-default btn-xs"
              disabled={busy}
              aria-label={t('Unassign from {{group}}', { group: g.name })}
              onClick={(e) => {
                const neighbour = neighbourButton(e.currentTarget.closest('li'));
                void act({ id: String(g.id), name: g.name }, () => removeFromGroup(String(g.id), device.id), 'Device removed from group', true).then((done) => done && focusAfter(neighbour, groupSelect.current));
              }}
            >
              {t('Unassign')}
            </PermittedButton>
          </li>
        ))}
      </ul>
      <div className="input-group">
        <select ref={groupSelect} className="form-control" aria-label={t('Group')} value={selected} onChange={(e) => setSelected(e.target.value)} {...gatedFieldProps(edit, noteId, 'choice')}>
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
            onClick={() =>
              void act({ id: selected, name: candidates.find((g) => String(g.id) === selected)?.name }, () => addToGroup(selected, device.id), 'Device added to group').then((done) => {
                if (!done) return;
                setSelected('');
                focusAfter(groupSelect.current);
              })
            }
          >
            {t('Add to group')}
          </PermittedButton>
        </span>
      </div>
      <GateNote gate={edit} id={noteId} />
    </Card>
  );
}

/**
 * Transfer configuration dialog: assigns the source device's software (KB* excluded) to another
 * device of the same type.
 */
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/plugin-api/types';
import { Modal } from '@shared/ui/modal';
import { LookupNote } from '@shared/ui/empty-state';
import { transferable } from '../logic/transfer';
import { transfer, useTransferTargets } from '../api/transfer';
import { alertText, assignmentResult } from '../../../common/server-job/model/messages';

export interface TransferDialogProps {
  source: Device;
  alerts: { success(text: string, dismissMs?: number): void; fail(error: unknown): void };
  onClose: () => void;
}

export function TransferConfigurationDialog({ source, alerts, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const packages = transferable(source);
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(packages.map((p) => p.name)));
  const [busy, setBusy] = useState(false);
  const targets = useTransferTargets(source.type ?? '', search);
  const candidates = (targets.data ?? []).filter((d) => String(d.id) !== source.id);
  const target = candidates.find((d) => String(d.id) === targetId);

  const toggle = (name: string) =>
    setChosen((all) => {
      const next = new Set(all);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const submit = async () => {
    // Only a device the select shows: a search that no longer finds the picked one leaves none.
    if (!target) return;
    setBusy(true);
    try {
      const counters = await transfer(String(target.id), packages.filter((p) => chosen.has(p.name)));
      const result = assignmentResult(counters);
      // A refused package is the spec's "Software assignment failed" with its counts, not a success.
      if (result.alert.type === 'danger') alerts.fail(alertText(result, t));
      // A success as spec 8 says an assignment's: with its counts (how many were already there), for 15 s.
      else alerts.success(`${t('Configuration transferred to {{name}}', { name: target.name ?? target.id })}: ${alertText(result, t)}`, result.dismissAfterMs);
      onClose();
    } catch (e) {
      alerts.fail(e);
    } finally {
      setBusy(false);
    }
  };

  // A chosen target or a changed software choice asks before Escape or × throws it away (the search is a filter).
  const unsaved = targetId !== '' || chosen.size !== packages.length;

  return (
    <Modal
      open
      title={t('Transfer configuration')}
      onClose={onClose}
      closeOnBackdrop={false}
      dismissible={!busy}
      unsavedChanges={unsaved}
      data-testid="transfer-dialog"
      buttons={[
        { label: t('Cancel'), onClick: onClose, disabled: busy },
        {
          label: t('Transfer'),
          className: 'btn-primary',
          disabled: busy || !target || chosen.size === 0,
          title: !target ? t('Select the target device first.') : chosen.size === 0 ? t('Select the software to transfer.') : undefined,
          onClick: () => void submit(),
        },
      ]}
    >
      <div className="form-group">
        {/* The label names the select (the choice); the search box above it has its own name, a screen reader read 'Target device' for both. */}
        <label htmlFor="transfer-target">{t('Target device')}</label>
        <input id="transfer-search" className="form-control" aria-label={t('Search target devices')} placeholder={t('Search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <select id="transfer-target" className="form-control" value={target ? targetId : ''} onChange={(e) => setTargetId(e.target.value)} style={{ marginTop: 4 }}>
          <option value="">{t('Select device')}</option>
          {candidates.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name ?? d.id}
            </option>
          ))}
        </select>
        {/* A failed lookup leaves the select empty: say why, rather than offer no device without a word. */}
        <LookupNote
          error={targets.error}
          // The previous search's devices show while the next search is read: said, and not as its "no match".
          loading={targets.isPending || targets.isPlaceholderData}
          errorLead={t('The devices could not be loaded:')}
          empty={targets.isSuccess && candidates.length === 0}
          emptyText={search.trim() ? t('No device of this type matches the search.') : t('There is no other device of this type.')}
          data-testid="transfer-targets-error"
          data-testid-empty="transfer-no-targets"
        />
      </div>
      {packages.length === 0 ? (
        <p className="text-muted" data-testid="transfer-no-software">
          {t('The device has no repository software to transfer.')}
        </p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th aria-label={t('Select')} />
              <th>{t('Name')}</th>
              <th>{t('Version')}</th>
            </tr>
          </thead>
          <tbody>
            {packages.map((p) => (
              <tr key={p.name} data-testid="transfer-row">
                <td>
                  <input type="checkbox" aria-label={p.name} checked={chosen.has(p.name)} onChange={() => toggle(p.name)} />
                </td>
                <td>{p.name}</td>
                <td>{p.version}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}

/**
 * Replace IoTconnector (spec 2 "Dialogs", 4 "Replacement flow"): pick the replacement device,
 * validate the source's software (CURRENT / LATEST / SKIP), install on the replacement while
 * following its package statuses live, then finish by handing over the identity.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedObject } from '@shared/platform/inventory';
import { PRODUCT, type Device } from '@shared/plugin-api/types';
import { Modal, type ModalButton } from '@shared/ui/modal';
import { LookupNote } from '@shared/ui/empty-state';
import {
  actionAvailable,
  applyPackageStatuses,
  ASSIGNMENT_REFUSED,
  chosenSoftware,
  hasInstallFailures,
  installOutcome,
  isInstallRunning,
  progressPercent,
  REPLACEMENT_ACTIONS,
  type ReplacementAction,
  type ReplacementStep,
  type ValidationRow,
} from '../logic/replacement';
import { assign, fetchDevice, finishReplacement, useReplacementCandidates, validate } from '../api/replacement';
import { answerCounters, sumCounters, type AssignCounters } from '@shared/ui/server-job';
import { alertText, assignmentResult } from '../../../common/server-job/model/messages';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export type Subscribe = <T = unknown>(channel: string, onMessage: (message: { realtimeAction: string; data: T }) => void) => () => void;

export interface ReplaceDialogProps {
  source: Device;
  alerts: { success(text: string): void; info(text: string): void; fail(error: unknown): void };
  subscribe: Subscribe;
  /** Calls the listener when realtime works again after an interruption (what was pushed meanwhile is lost); returns the stop. */
  onResume?: (listener: () => void) => () => void;
  onClose: () => void;
}

const PACKAGE_LIST = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
type Pkg = { name?: string; version?: string; status?: string; marked_for_deletion?: boolean };
const packagesOf = (mo: Record<string, unknown> | undefined): Pkg[] => (Array.isArray(mo?.[PACKAGE_LIST]) ? (mo[PACKAGE_LIST] as Pkg[]) : []);
/** Windows updates are not carried over (spec 5: KB* excluded). */
const sourceSoftware = (device: Device) =>
  packagesOf(device)
    .filter((p) => p.name && !p.name.startsWith('KB') && p.marked_for_deletion !== true)
    .map((p) => ({ name: p.name as string, version: p.version ?? '' }));

export function ReplaceIotConnectorDialog({ source, alerts, subscribe, onResume, onClose }: ReplaceDialogProps) {
  const { t } = useTranslation();
  const candidates = useReplacementCandidates();
  const [step, setStep] = useState<ReplacementStep>('pick');
  const [targetId, setTargetId] = useState('');
  const [rows, setRows] = useState<ValidationRow[]>([]);
  const [busy, setBusy] = useState(false);
  /**
   * What an Install that failed part-way (the network, a refused request) already assigned, by
   * row and package: Install again sends only the rest, not each assignment that went through a
   * second time; the counts said at the end are those of every package.
   */
  const assigned = useRef(new Map<string, AssignCounters>());
  const [target, setTarget] = useState<ManagedObject | undefined>();
  const list = (candidates.data ?? []).filter((d) => String(d.id) !== source.id);
  // A large tenant offers hundreds of candidates, all named alike ("IoTconnector NB…"): a search
  // narrows the select (the device picked stays in it).
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle ? list.filter((d) => String(d.id) === targetId || `${d.name ?? ''} ${d.id}`.toLowerCase().includes(needle)) : list;

  const live = useMemo(() => applyPackageStatuses(rows, packagesOf(target)), [rows, target]);
  const running = isInstallRunning(live);
  const percent = progressPercent(live);

  // During installation the replacement device's package list and operations drive the statuses.
  useEffect(() => {
    if (step !== 'install' || !targetId) return undefined;
    // Without the device's package list the statuses stay empty and Finish blocked: a failed read is said.
    const refetch = () => void fetchDevice(targetId).then(setTarget, (e: unknown) => alerts.fail(e));
    const offDevice = subscribe<ManagedObject>(`/managedobjects/${targetId}`, (msg) => {
      if (msg.realtimeAction === 'UPDATE' && msg.data) setTarget((old) => ({ ...old, ...msg.data }));
    });
    const offOps = subscribe(`/operations/${targetId}`, refetch);
    // After an interruption the statuses pushed meanwhile never arrive: read the device again.
    const offResume = onResume?.(refetch);
    refetch();
    return () => {
      offDevice();
      offOps();
      offResume?.();
    };
  }, [step, targetId, subscribe, onResume, alerts]);

  const guarded = async (work: () => Promise<void>, failure?: string) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      // The spec's text for the user; the cause (which call, which answer) for the log.
      if (failure) console.error(`IoTconnector replacement of ${source.id}: ${failure}`, e);
      alerts.fail(failure ? t(failure) : e);
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    guarded(async () => {
      assigned.current.clear();
      setRows(await validate(sourceSoftware(source)));
      setStep('validation');
    });

  const install = () =>
    guarded(async () => {
      const results: AssignCounters[] = [];
      const refused = new Set<number>();
      for (const [i, row] of rows.entries()) {
        const sw = chosenSoftware(row);
        if (!sw) continue;
        const key = `${i}:${sw.name}@${sw.version}`;
        const counters = assigned.current.get(key) ?? answerCounters(await assign(targetId, sw), 1);
        assigned.current.set(key, counters);
        if (counters.failed > 0) refused.add(i);
        results.push(counters);
      }
      // A package the service refused will not come: its row ends as failed (Finish does not
      // wait for it), and the counts are said (spec 8).
      if (refused.size > 0) setRows((all) => all.map((r, i) => (refused.has(i) ? { ...r, status: ASSIGNMENT_REFUSED } : r)));
      const result = assignmentResult(sumCounters(results));
      if (result.alert.type === 'danger') alerts.fail(alertText(result, t));
      setStep('install');
    });

  const finish = () =>
    guarded(async () => {
      await finishReplacement(source.id, targetId);
      alerts.success(t('IoTconnector replacement done successfully'));
      setStep('finish');
      onClose();
    }, 'Something went wrong. please try again later.');

  const cancel = () => {
    alerts.info(t('IoTconnector replacement has not been completed'));
    onClose();
  };

  const setAction = (index: number, action: ReplacementAction) => setRows((all) => all.map((r, i) => (i === index ? { ...r, action } : r)));

  const buttons: ModalButton[] = [{ label: t('Cancel'), onClick: cancel, disabled: busy }];
  if (step === 'pick') {
    buttons.push({ label: t('Start'), className: 'btn-primary', disabled: !targetId || busy, title: targetId ? undefined : t('Select the replacement device first.'), onClick: () => void start() });
  }
  if (step === 'validation') buttons.push({ label: t('Install'), className: 'btn-primary', disabled: busy, onClick: () => void install() });
  if (step === 'install') {
    const title = running ? t('Finish waits until the installation on the replacement device has ended.') : undefined;
    buttons.push({ label: t('Finish'), className: 'btn-primary', disabled: busy || running, title, onClick: () => void finish() });
  }

  // A picked device, and every later step (a replacement under way), is lost by a stray Escape or ×:
  // they ask first; Cancel closes at once.
  const unsaved = targetId !== '' || step !== 'pick';

  return (
    <Modal open size="lg" title={t('Replace IoTconnector')} onClose={cancel} closeOnBackdrop={false} dismissible={!busy} unsavedChanges={unsaved} buttons={buttons} data-testid="replace-dialog">
      {step === 'pick' && (
        <div className="form-group">
          <label htmlFor="replacement-device">{t('Replacement device')}</label>
          <input
            className="form-control"
            aria-label={t('Search replacement devices')}
            placeholder={t('Search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="replacement-search"
          />
          <select id="replacement-device" className="form-control" value={targetId} onChange={(e) => setTargetId(e.target.value)} style={{ marginTop: 4 }}>
            <option value="">{t('Select device')}</option>
            {shown.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name ?? d.id}
              </option>
            ))}
          </select>
          {/* Start stays off without a device: say why, a failed lookup as such. */}
          <LookupNote
            error={candidates.error}
          loading={candidates.isPending}
            errorLead={t('The replacement devices could not be loaded:')}
            empty={candidates.isSuccess && shown.length === 0}
            emptyText={list.length > 0 ? t('No IoTconnector matches the search.') : t('No IoTconnector is available as a replacement.')}
            data-testid="replacement-candidates-error"
            data-testid-empty="replacement-no-candidates"
          />
        </div>
      )}
      {/* Nothing to validate or install: an empty table would read as a failed validation. */}
      {step !== 'pick' && live.length === 0 && (
        <p className="text-muted" data-testid="replacement-no-software">
          {t('{{name}} has no software to carry over; Finish hands its identity to the replacement device.', { name: source.name ?? source.id })}
        </p>
      )}
      {step !== 'pick' && live.length > 0 && (
        <table className="table" data-testid="validation-table">
          <thead>
            <tr>
              <th>{t('Name')}</th>
              <th>{t('Version')}</th>
              <th>{t('Latest version')}</th>
              <th>{t('Action')}</th>
              {step === 'install' && <th>{t('Status')}</th>}
            </tr>
          </thead>
          <tbody>
            {live.map((row, i) => (
              <tr key={`${row.name}@${row.version}`} data-testid="validation-row" data-name={row.name}>
                <td>{row.name}</td>
                <td>{row.version}</td>
                <td>{row.response.latestSoftwareObject?.version ?? ''}</td>
                <td>
                  <select
                    className="form-control input-sm"
                    aria-label={t('Action for {{name}}', { name: row.name })}
                    value={row.action}
                    disabled={step !== 'validation'}
                    onChange={(e) => setAction(i, e.target.value as ReplacementAction)}
                  >
                    {REPLACEMENT_ACTIONS.filter((a) => actionAvailable(row.response, a)).map((a) => (
                      <option key={a} value={a}>
                        {t(a)}
                      </option>
                    ))}
                  </select>
                </td>
                {step === 'install' && (
                  <td data-testid="install-status" className={installOutcome(row.status) === 'failed' ? 'text-danger' : ''}>
                    {row.action === 'SKIP' ? '' : row.status === ASSIGNMENT_REFUSED ? t('Assignment refused by the service') : (row.status ?? '')}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {step === 'install' && (
        <div className="progress" data-testid="replacement-progress">
          <div className="progress-bar" role="progressbar" aria-label={t('Installation progress')} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} style={{ width: `${percent}%` }}>
            {percent}%
          </div>
        </div>
      )}
      {step === 'install' && !running && hasInstallFailures(live) && (
        <p className="text-danger" role="alert">
          {t('Some installations failed.')}
        </p>
      )}
      {/* The installation's statuses arrive through realtime: while they cannot, the dialog says so. */}
      <RealtimeStatus live={step === 'install'} />
    </Modal>
  );
}

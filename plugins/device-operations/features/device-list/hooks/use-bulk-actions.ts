/**
 * The device list's bulk actions (spec 1, section 2) with their server-job handling and result
 * messages (section 8). The selection is either the picked rows or, with select-all, every
 * device matching the filters, loaded in pages of LOAD_ALL_PAGE_SIZE when an action starts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '@shared/ui/confirm';
import { typesForSelection } from '@shared/domain/device-types';
import { clearPendingAssignment, createSoftwareAssignment, createSoftwareRollout, createTimezoneOperations, initializeDevices } from '@shared/platform/create-software-ng';
import type { ManagedObject } from '@shared/platform/inventory';
import { createSmartGroup as saveSmartGroup } from '@shared/platform/groups';
import { createOperation } from '@shared/platform/operations';
import { assignmentRequest, type SoftwareItem } from '@shared/platform/software-choices';
import type { SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { leftOutMessage, splitByType } from '../../../common/select-software/model/fitting';
import type { RolloutDialogResult } from '../../../common/software-rollout-dialog/components/software-rollout-dialog';
import { timeZoneError, timeZoneSuccess } from '../../../common/set-timezone/model/messages';
import { JobBlockedError, useServerJob } from '../../../common/server-job/hooks/use-server-job';
import { answerCounters, assignCounters, initializedInterval, serverJobKeys, successFailed } from '@shared/ui/server-job';
import {
  assignmentResult,
  clearPendingResult,
  clearPendingTriggered,
  httpError,
  initializeResult,
  jobFailure,
  noSoftwareAssigned,
  rolloutCreated,
  rolloutFailed,
  unexpectedError,
  type AlertSpec,
} from '../../../common/server-job/model/messages';
import { useActionAlerts } from '../../../common/server-job/hooks/use-action-alerts';
import { useJobResults } from '../../../common/server-job/hooks/use-job-results';
import { countValues } from '@shared/domain/formats';
import type { ListSelection } from '@shared/ui/device-list';
import { deviceKeys, loadAllMatching, smartGroupQuery, type DeviceSource } from '../api/devices';
import type { Filters } from '../model/list-state';

type SoftwareDialog = { kind: 'software'; devices: ManagedObject[]; deviceTypes: string[] };

export type Dialog =
  | SoftwareDialog
  /** Configure software rollout, on top of the Select software it was opened from (`from`): Escape or Cancel go back to it (issue 26). */
  | { kind: 'rollout'; devices: ManagedObject[]; item: SoftwareItem; forceInstallation: boolean; from: SoftwareDialog; leftOut: number }
  | { kind: 'timezone'; devices: ManagedObject[] }
  /** Open until the group is saved: a failure is said in it, the typed name kept. */
  | { kind: 'smartGroup'; saving?: boolean; error?: AlertSpec['alert'] };

/** `count`: how many devices the selection means (said before an action on every matching device). */
export type Selection = Pick<ListSelection, 'rows' | 'allMatching' | 'ofAllMatching'> & Partial<Pick<ListSelection, 'count'>>;

/** Install operations are sent a few at a time so a large selection does not flood the server. */
const INSTALL_CONCURRENCY = 8;
/** Refusals named in the result (device: reason); a large selection refused alike is not listed whole. */
const MAX_REASONS = 5;

/** The actions whose alerts are grouped: a retry of one takes away that one's earlier failure. */
type Action = 'software' | 'timezone' | 'clearPending' | 'initialize' | 'smartGroup';

export function useBulkActions(source: DeviceSource, filters: Filters, selection: Selection, onDone: () => void) {
  const client = useQueryClient();
  const { t, i18n } = useTranslation();
  const job = useServerJob();
  const alerts = useActionAlerts<Action>();
  const { retrying, show: say } = alerts;
  const show = useCallback((action: Action, spec: AlertSpec) => say(action, spec.alert, spec.dismissAfterMs), [say]);
  // A job another tab or user started: its result here too, as the action it is.
  useJobResults(useCallback((kind, spec) => show(kind === 'assign' ? 'software' : kind, spec), [show]));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A dialog is for the list it was opened on: when the filters change under it (Back, Forward, a
  // link), it closes, so it cannot send to devices, or save a smart group of a filter, the list no
  // longer shows.
  const filtersKey = JSON.stringify(filters);
  const [dialogFilters, setDialogFilters] = useState(filtersKey);
  if (dialogFilters !== filtersKey) {
    setDialogFilters(filtersKey);
    setDialog(null);
  }
  // The dialog open now, for a request that ends after the user may have closed it.
  const openDialog = useRef(dialog);
  useEffect(() => {
    openDialog.current = dialog;
  }, [dialog]);

  // Reload reads the server job's state too: its banner is part of what the list shows.
  const reload = useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: deviceKeys.all }), client.invalidateQueries({ queryKey: serverJobKeys.newest() })]),
    [client],
  );

  const loadSelection = useCallback(async (): Promise<ManagedObject[]> => {
    if (!selection.allMatching) return [...selection.rows.values()];
    return selection.ofAllMatching(await job.withOverlay('Loading selected devices', () => loadAllMatching(source, filters)));
  }, [selection, source, filters, job]);

  /** Common start: blocked while a job runs, then the selected devices. */
  const start = useCallback(async (action: Action): Promise<ManagedObject[] | null> => {
    retrying(action);
    try {
      await job.ensureIdleBlocked();
      return await loadSelection();
    } catch (e) {
      if (e instanceof JobBlockedError) show(action, { alert: { type: 'warning', text: e.message } });
      else show(action, httpError(e));
      return null;
    }
  }, [job, loadSelection, retrying, show]);

  const selectSoftware = useCallback(async () => {
    const devices = await start('software');
    if (!devices?.length) return;
    const deviceTypes = typesForSelection([...new Set(devices.map((d) => d.type ?? ''))].filter(Boolean));
    setDialog({ kind: 'software', devices, deviceTypes });
  }, [start]);

  const assign = useCallback(
    async (devices: ManagedObject[], result: SelectSoftwareResult) => {
      const ids = devices.map((d) => d.id);
      try {
        const { response, status } = await job.runJob('assign', ids.length, () => createSoftwareAssignment(assignmentRequest(result.item, ids, result.forceInstallation)));
        const counters = status ? assignCounters(status) : answerCounters(response, ids.length);
        show('software', assignmentResult(counters));
        onDone();
      } catch (e) {
        // The selection stays: the user retries without picking the devices again.
        show('software', jobFailure(e, unexpectedError));
      }
      void reload();
    },
    [job, onDone, reload, show],
  );

  const install = useCallback(
    async (devices: ManagedObject[], item: SoftwareItem) => {
      let failed = 0;
      // Why devices were refused ('name: reason'), said with the count: the first MAX_REASONS.
      const reasons: string[] = [];
      await job.withOverlay('Creating installation operations', async (update) => {
        let next = 0;
        let done = 0;
        const worker = async () => {
          while (next < devices.length) {
            const d = devices[next++];
            try {
              await createOperation({
                deviceId: d.id,
                description: `Install software package ${item.name} ${item.version}`,
                netbox_InstallSoftwarePackage: { scheduledinstallationtime: '0', name: item.name, version: item.version },
              });
            } catch (e) {
              failed++;
              reasons.push(`${d.name ?? d.id}: ${e instanceof Error ? e.message : String(e)}`);
            }
            done++;
            update({ text: 'Creating installation operations ({{done}}/{{total}})', values: { done, total: devices.length } });
          }
        };
        await Promise.all(Array.from({ length: Math.min(INSTALL_CONCURRENCY, devices.length) }, worker));
      });
      show(
        'software',
        failed
          ? {
              alert: {
                type: 'danger',
                text: 'Installation operations created for {{n}} of {{total}} devices.',
                values: { n: devices.length - failed, total: devices.length },
                details: reasons.slice(0, MAX_REASONS).map((text) => ({ text, raw: true })),
              },
            }
          : { alert: { type: 'success', text: 'Installation operations created for {{n}} of {{total}} devices.', values: { n: devices.length, total: devices.length } } },
      );
      onDone();
    },
    [job, onDone, show],
  );

  const onSoftwareChosen = useCallback(
    async (selected: ManagedObject[], result: SelectSoftwareResult | null) => {
      // A group's list may mix families: only the devices the choice is for are sent (the dialog named the others).
      const { fitting: devices, leftOut } = result ? splitByType(selected, result.item.deviceType) : { fitting: selected, leftOut: 0 };
      if (result?.action === 'rollout') {
        const { item, forceInstallation } = result;
        return setDialog((d) => (d?.kind === 'software' ? { kind: 'rollout', devices, item, forceInstallation, from: d, leftOut } : d));
      }
      setDialog(null);
      if (!result) return show('software', noSoftwareAssigned());
      if (devices.length > 0) await (result.action === 'install' ? install(devices, result.item) : assign(devices, result));
      if (leftOut > 0) show('software', leftOutMessage(leftOut));
    },
    [assign, install, show],
  );

  const onRolloutConfigured = useCallback(
    async (devices: ManagedObject[], item: SoftwareItem, forceInstallation: boolean, leftOut: number, result: RolloutDialogResult | null) => {
      // Spec 5: creation is aborted when the configuration dialog gives no valid configuration; the
      // user is back in Select software (cancelling that says "No software assigned").
      if (!result) return setDialog((d) => (d?.kind === 'rollout' ? d.from : null));
      setDialog(null);
      try {
        await job.withOverlay('Creating software rollout', () =>
          createSoftwareRollout({ name: result.name, devices: devices.map((d) => d.id), softwareId: item.id, forceInstallation, rolloutParameters: result.parameters }),
        );
        show('software', rolloutCreated());
        if (leftOut > 0) show('software', leftOutMessage(leftOut));
        onDone();
      } catch (e) {
        show('software', rolloutFailed(e));
      }
    },
    [job, onDone, show],
  );

  const setTimezone = useCallback(async () => {
    const devices = await start('timezone');
    if (devices?.length) setDialog({ kind: 'timezone', devices });
  }, [start]);

  const onTimezoneChosen = useCallback(
    async (devices: ManagedObject[], timezone: string | null) => {
      setDialog(null);
      if (!timezone) return;
      try {
        const res = await job.withOverlay('Creating time zone operations', () => createTimezoneOperations({ devices: devices.map((d) => d.id), timezone }));
        const created = (res as { noOfOperationsCreated?: number; data?: { noOfOperationsCreated?: number } } | null)?.noOfOperationsCreated
          ?? (res as { data?: { noOfOperationsCreated?: number } } | null)?.data?.noOfOperationsCreated
          ?? 0;
        const m = timeZoneSuccess(created, devices);
        say('timezone', { type: m.type, text: m.text, values: m.values });
        onDone();
      } catch (e) {
        const m = timeZoneError(e);
        say('timezone', { type: m.type, text: m.text, values: m.values });
      }
    },
    [job, onDone, say],
  );

  /**
   * An action that writes at once (no dialog of its own) on every device matching the filters, which
   * on a large tenant are thousands the page never showed: it says how many and asks first.
   */
  const askFirst = useCallback(
    async (title: string, question: string): Promise<boolean> =>
      !selection.allMatching ||
      confirm({ title: t(title), body: t(question, countValues({ count: selection.count ?? selection.rows.size }, i18n.language)), okLabel: t(title) }),
    [selection, t, i18n.language],
  );

  const clearPending = useCallback(async () => {
    if (!(await askFirst('Clear Pending Assignments', 'Clear the pending software assignments of {{count}} devices?'))) return;
    const devices = await start('clearPending');
    if (!devices?.length) return;
    show('clearPending', clearPendingTriggered());
    try {
      const { status } = await job.runJob('clearPending', devices.length, () => clearPendingAssignment(devices.map((d) => d.id)));
      show('clearPending', clearPendingResult(status ? successFailed('clearPending', status) : { success: devices.length, failed: 0 }));
      onDone();
    } catch (e) {
      show('clearPending', jobFailure(e, httpError));
    }
    void reload();
  }, [askFirst, start, job, onDone, reload, show]);

  const initialize = useCallback(async () => {
    if (!(await askFirst('Initialize not-monitored devices', 'Initialize the not-monitored devices among {{count}} devices?'))) return;
    const devices = await start('initialize');
    if (!devices?.length) return;
    try {
      const { status } = await job.runJob('initialize', devices.length, () => initializeDevices(devices.map((d) => d.id)));
      const result = status ? successFailed('initialize', status) : { success: devices.length, failed: 0 };
      show('initialize', initializeResult(result, result.success > 0 ? await initializedInterval(devices) : undefined));
      onDone();
    } catch (e) {
      show('initialize', jobFailure(e, httpError));
    }
    void reload();
  }, [askFirst, start, job, onDone, reload, show]);

  const createSmartGroup = useCallback(
    async (name: string | null) => {
      if (!name) return setDialog(null);
      retrying('smartGroup');
      setDialog({ kind: 'smartGroup', saving: true });
      try {
        await saveSmartGroup(name, smartGroupQuery(source, filters));
        setDialog((d) => (d?.kind === 'smartGroup' ? null : d));
        say('smartGroup', { type: 'success', text: 'Smart group "{{name}}" created.', values: { name } });
      } catch (e) {
        // Said in the dialog if it is still open (not cancelled meanwhile), else on the list.
        const error = httpError(e);
        if (openDialog.current?.kind === 'smartGroup') setDialog({ kind: 'smartGroup', error: error.alert });
        else show('smartGroup', error);
      }
    },
    [source, filters, retrying, say, show],
  );

  return {
    job,
    dialog,
    /** Select software, open by itself or beneath the rollout configured from it. */
    softwareDialog: dialog?.kind === 'software' ? dialog : dialog?.kind === 'rollout' ? dialog.from : null,
    openSmartGroup: () => setDialog({ kind: 'smartGroup' }),
    selectSoftware,
    onSoftwareChosen,
    onRolloutConfigured,
    setTimezone,
    onTimezoneChosen,
    clearPending,
    initialize,
    createSmartGroup,
    reload,
  };
}

/**
 * Software tab (spec 2): device profile card, package table (live, page size 10, status
 * filter), clear pending, approve waiting installations, select software (admin), realtime.
 * Each write is offered by the user's roles (the shell's current user).
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can, usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { useBusyWork } from '@shared/ui/keep-focus';
import { Pager } from '@shared/ui/pager';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from '@shared/ui/permission';
import type { Device } from '@shared/plugin-api/types';
import { SOFTWARE_LIST_PAGE_SIZE } from '@shared/domain/constants';
import {
  appliedProfile,
  isDeletableType,
  displayVersion,
  holdsPackage,
  markForDeletion,
  packageList,
  skipsProfileUpdates,
  statusOptions,
  visiblePackages,
  splitByOpenInstall,
  waitingForApproval,
  type SoftwarePackageEntry,
} from '../logic/packages';
import { useRealtimeHold } from '../../../common/realtime-hold/use-realtime-hold';
import { ClearFiltersButton } from '../../../common/clear-filters/clear-filters-button';
import { neighbourButton, useFocusAfter } from '@shared/ui/focus-after';
import { approveInstallations, clearPending, deviceNow, openInstallOperations, savePackageList, saveSkipUpdateByProfile } from '../api/software';
import { formatDateTime } from '@shared/domain/formats';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export interface SoftwareTabProps {
  device: Device;
  alerts: { success(text: string): void; info(text: string): void; fail(error: unknown): void };
  confirm: (message: string) => Promise<boolean>;
  onSaved: (device: Device) => void;
  onReload: () => Promise<unknown>;
  /** Clear pending for this device; the page may run it as a server job with its messages. */
  clearPendingAssignments?: (deviceId: string) => Promise<void>;
  /**
   * The Select software action, composed in by the page. Spec 6 gives it to admins ("isAdmin",
   * read by the original from an admin application's path): here, to users whose roles allow the
   * assignment it makes, whatever the URL.
   */
  selectSoftwareAction?: ReactNode;
}


export function SoftwareTab({ device, alerts, confirm, onSaved, onReload, clearPendingAssignments, selectSoftwareAction }: SoftwareTabProps) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const mayDelete = can(ctx.user, REQUIRES.devicePackageDelete);
  const profileGate = useGate(REQUIRES.inventoryUpdate);
  const profileNoteId = useId();
  const [status, setStatus] = useState('');
  const statusFilter = useRef<HTMLSelectElement>(null);
  const [page, setPage] = useState(1);
  // One action at a time; focus goes back to the button used once its work is over (issue 26).
  const { busy, run } = useBusyWork((e) => alerts.fail(e));
  const liveList = useMemo(() => packageList(device), [device]);
  // With realtime off the table keeps what it showed until Reload.
  const hold = useRealtimeHold(liveList);
  const list = hold.shown;
  const rows = visiblePackages(list).filter((p) => !status || p.status === status);
  const pages = Math.max(1, Math.ceil(rows.length / SOFTWARE_LIST_PAGE_SIZE));
  const shown = rows.slice((page - 1) * SOFTWARE_LIST_PAGE_SIZE, page * SOFTWARE_LIST_PAGE_SIZE);
  useEffect(() => setPage((p) => Math.min(p, pages)), [pages]);
  const profile = appliedProfile(device);
  const skipped = skipsProfileUpdates(device);

  // The Reload icon turns while the device is read again (its retries can take seconds).
  const [reloading, setReloading] = useState(false);
  const reload = () =>
    run(async () => {
      setReloading(true);
      try {
        await onReload();
      } finally {
        setReloading(false);
      }
      hold.release();
    });

  const toggleProfileUpdates = async () => {
    const message = skipped ? t('Activate updates by device profile?') : t('Deactivate updates by device profile?');
    if (!(await confirm(message))) return;
    await run(async () => onSaved((await saveSkipUpdateByProfile(device.id, !skipped)) as Device));
  };

  // A deleted package's row goes with its Delete button: focus moves to the neighbouring row's
  // Delete, else to Reload (as after an alarm leaves its list).
  const reloadButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useFocusAfter();
  const remove = async (pkg: SoftwarePackageEntry, button: HTMLElement) => {
    if (!(await confirm(t('Delete software {{name}} {{version}}?', { name: pkg.name, version: displayVersion(pkg.version) })))) return;
    const neighbour = neighbourButton(button.closest('tr'));
    await run(async () => {
      // The list as the device holds it now, read after the question: the device may have reported
      // new statuses, or another user changed the list, since it reached this tab (the write replaces
      // the whole list and must not undo those).
      const now = (await deviceNow(device.id)) as Device;
      const current = packageList(now);
      if (holdsPackage(current, pkg)) {
        onSaved((await savePackageList(device.id, markForDeletion(current, pkg))) as Device);
      } else {
        // Nothing to write: the tab takes the device as read, and says why no write was needed.
        onSaved(now);
        alerts.info(t('Software {{name}} {{version}} was already deleted (another user may have deleted it).', { name: pkg.name, version: displayVersion(pkg.version) }));
      }
      // Realtime off holds back the device's own changes, not the user's: the deleted row goes.
      hold.change((held) => markForDeletion(held, pkg));
    });
    focusAfter(neighbour, reloadButton.current);
  };

  const approve = () =>
    run(async () => {
      // What waits as the platform holds it now: another user may have approved (and the device
      // installed) since this tab heard of it; the tab takes the device as read.
      const now = (await deviceNow(device.id)) as Device;
      onSaved(now);
      const waiting = waitingForApproval(packageList(now));
      // Nothing waits: no question to ask (spec 4) and nothing to send, but the click is answered.
      if (waiting.length === 0) {
        alerts.info(t('No software package is waiting for approval.'));
        return;
      }
      // Approved before and the device has not reported back yet (its list still says waiting):
      // those packages already have their install operation; a second one is not sent.
      const { toApprove, alreadyApproved } = splitByOpenInstall(waiting, await openInstallOperations(device.id));
      const already = () => {
        if (alreadyApproved.length > 0) {
          alerts.info(t('Installation of {{count}} software package(s) was already approved and is waiting for the device.', { count: alreadyApproved.length }));
        }
      };
      if (toApprove.length === 0) {
        already();
        return;
      }
      if (!(await confirm(t('Approve installation of {{count}} software package(s)?', { count: toApprove.length })))) return;
      const { approved, failed } = await approveInstallations(device.id, toApprove);
      if (failed.length === 0) {
        alerts.success(t('Installation of {{count}} software package(s) approved', { count: approved }));
        already();
        return;
      }
      // Some refused: one danger alert (a failure clears the others) says what was approved, and
      // names the packages that were not, with the cause.
      const names = failed.map(({ pkg }) => `${pkg.name} ${pkg.version}`).join(', ');
      const cause = failed[0].error instanceof Error ? failed[0].error.message : String(failed[0].error);
      const refused = t('Installation of {{names}} could not be approved: {{message}}', { names, message: cause });
      alerts.fail(new Error(approved > 0 ? `${t('Installation of {{count}} software package(s) approved', { count: approved })}. ${refused}` : refused));
    });

  const clear = () =>
    run(async () => {
      if (clearPendingAssignments) return clearPendingAssignments(device.id);
      await clearPending(device.id);
      alerts.info(t('Clearing pending software assignments triggered'));
    });

  return (
    <div className="content-fullpage" data-testid="software-tab">
      <div className="action-bar" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', marginBottom: 12 }}>
        <PermittedButton requires={REQUIRES.pendingAssignmentClear} className="btn btn-default" disabled={busy} onClick={() => void clear()}>
          {t('Clear Pending Assignments')}
        </PermittedButton>
        {/* Approving creates the install operations. */}
        <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" disabled={busy} onClick={() => void approve()}>
          {t('Approve pending installation(s)')}
        </PermittedButton>
        {/* Spec 6's "admin only", read from the user's roles (never the URL): hidden from whoever may not assign. */}
        {can(ctx.user, REQUIRES.softwareAssignment) && selectSoftwareAction}
        <label className="c8y-switch" style={{ margin: '6px 8px' }}>
          <input type="checkbox" checked={hold.realtime} onChange={hold.toggle} data-testid="realtime-toggle" />
          <span /> {t('Realtime')}
        </label>
        <RealtimeStatus live={hold.realtime} />
        <ClearFiltersButton active={!!status} onClear={() => setStatus('')} filter={statusFilter} />
        <button type="button" className="btn btn-default" disabled={busy} onClick={() => void reload()} ref={reloadButton}>
          <i className={`dlt-c8y-icon-refresh${reloading ? ' icon-spin' : ''}`} aria-hidden="true" /> {t('Reload')}
        </button>
      </div>

      <div className="card" data-testid="profile-card">
        <div className="card-header separator">
          <h4 className="card-title">{t('Device profile')}</h4>
        </div>
        {!profile ? (
          // No profile applied: nothing to show and nothing for the updates switch to act on yet.
          <div className="card-block" data-testid="no-profile">
            <p className="text-muted" style={{ margin: 0 }}>
              {t('No device profile has been applied to this device.')}
            </p>
          </div>
        ) : (
          <div className="card-block">
            <div className="row">
              <div className="col-sm-3">
                <label className="control-label">{t('Name')}</label>
                <div>{profile.profileName ?? ''}</div>
              </div>
              <div className="col-sm-3">
                <label className="control-label">{t('ID')}</label>
                <div>{profile.profileId ?? ''}</div>
              </div>
              <div className="col-sm-3">
                <label className="control-label">{t('Applied at')}</label>
                <div>{formatDateTime(profile.assignedAt)}</div>
              </div>
              <div className="col-sm-3">
                {/* The platform's switch keeps its label on one line and cuts it: German ("Aktualisierungen über Profil deaktiviert") is wider than the column at 1280 px. */}
                <label className="c8y-switch" title={profileGate.reason} style={{ whiteSpace: 'normal', lineHeight: 1.3 }}>
                  <input
                    type="checkbox"
                    checked={!skipped}
                    disabled={busy}
                    onChange={() => void toggleProfileUpdates()}
                    data-testid="profile-update-toggle"
                    {...gatedFieldProps(profileGate, profileNoteId, 'choice')}
                  />
                  <span /> {skipped ? t('Updates by profile deactivated') : t('Updates by profile active')}
                </label>
                <GateNote gate={profileGate} id={profileNoteId} />
              </div>
            </div>
          </div>
        )}
      </div>

      <div className="card">
        <table className="table table-striped" data-testid="software-table">
          <thead>
            <tr>
              <th aria-label={t('Delete')} />
              <th>{t('Name')}</th>
              <th>{t('Version')}</th>
              <th>{t('Date')}</th>
              <th>
                {t('Status')}
                <select
                  ref={statusFilter}
                  className="form-control input-sm"
                  aria-label={t('Filter by status')}
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value);
                    setPage(1);
                  }}
                >
                  <option value="">{t('All')}</option>
                  {statusOptions(list, status).map((s) => (
                    <option key={s} value={s} translate="no">
                      {s}
                    </option>
                  ))}
                </select>
              </th>
              <th>{t('Failure message')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={`${p.name}@${p.version ?? ''}`} data-testid="software-row" data-name={p.name}>
                <td>
                  {/* Per row, so hidden rather than repeated disabled for users who may not delete. */}
                  {mayDelete && isDeletableType(p) && (
                    <PermittedButton
                      requires={REQUIRES.devicePackageDelete}
                      className="btn btn-link btn-xs"
                      title={t('Delete')}
                      aria-label={t('Delete {{name}}', { name: p.name })}
                      disabled={busy}
                      onClick={(e) => void remove(p, e.currentTarget)}
                    >
                      <i className="dlt-c8y-icon-trash" />
                    </PermittedButton>
                  )}
                </td>
                <td>{p.name}</td>
                <td>{displayVersion(p.version)}</td>
                <td data-testid="software-status-time">{formatDateTime(p.last_status_timestamp)}</td>
                {/* The device's own status text (matched verbatim by filters): data, not UI text. */}
                <td data-testid="software-status" translate="no">{p.status}</td>
                <td>{p.failure_message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="c8y-empty-state text-center" style={{ padding: 16 }} data-testid="software-empty">
            {status ? t('No software packages in this status') : t('No software packages available')}
          </p>
        )}
        {/* The lists' pager, at the spec's 10 rows a page: which page of how many, First and Last. */}
        {pages > 1 && <Pager currentPage={page} totalPages={pages} total={rows.length} pageSize={SOFTWARE_LIST_PAGE_SIZE} onPageChange={setPage} />}
      </div>
    </div>
  );
}

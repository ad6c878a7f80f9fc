/**
 * Info tab and Admin Info tab (spec 2 "Device info tab"): profile, connection monitoring,
 * IoTconnector, customer and groups (admin only), hardware, mobile and network.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { can, usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { useBusyWork } from '@shared/ui/keep-focus';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from '@shared/ui/permission';
import type { Device } from '@shared/plugin-api/types';
import { MIN_AGENT_VERSION_DEVICE_CONTROL } from '@shared/domain/constants';
import { isAtLeast } from '@shared/domain/version';
import { deviceTypeLabel } from '@shared/domain/device-types';
import { INTERVAL_RANGE, intervalInputError } from '../logic/interval';
import {
  agentVersion,
  at,
  availability,
  customer,
  formDirty,
  formOf,
  formPatch,
  hasMachineInfo,
  rebaseForm,
  iotConnectorInfo,
  locateLink,
  machineResetPatch,
  MOBILE_FIELDS,
  text,
  toggledInterval,
  type InfoForm,
} from '../logic/fields';
import { deviceInfoKeys, readDevice, saveDevice, setOwnerEnabled, useOwner, useProvisioning } from '../api/device-info';
import { Card, Field } from './parts';
import { GroupsCard } from './groups-card';
import { formatDateTime } from '@shared/domain/formats';
import { RealtimeStatus } from '@shared/ui/realtime-status';
import { useLeaveGuard } from '@shared/ui/unsaved-changes';

export interface InfoAlerts {
  success(text: string): void;
  info(text: string): void;
  fail(error: unknown): void;
  clear(): void;
}

export interface InfoTabProps {
  device: Device;
  isAdmin: boolean;
  alerts: InfoAlerts;
  confirm: (message: string) => Promise<boolean>;
  /** Takes the saved device (the page keeps it live). */
  onSaved: (device: Device) => void;
  onReload: () => Promise<unknown>;
  /** The Set timezone action, composed in by the page. */
  timezoneAction?: ReactNode;
}

export function InfoTab({ device, isAdmin, alerts, confirm, onSaved, onReload, timezoneAction }: InfoTabProps) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const queryClient = useQueryClient();
  const saved = useMemo(() => formOf(device), [device]);
  const [form, setForm] = useState<InfoForm>(saved);
  // One action at a time; focus goes back to the button used once its work is over (issue 26).
  const { busy, run } = useBusyWork((e) => alerts.fail(e));
  // A live update of the device (heartbeats, other users) must not wipe what the user is typing.
  const base = useRef(saved);
  useEffect(() => {
    const before = base.current;
    base.current = saved;
    setForm((current) => rebaseForm(current, before, saved));
  }, [saved]);

  const error = intervalInputError(form.interval);
  const avail = availability(device);
  // Only what the user changed is written (another user's change of the other field stays).
  const patch = formPatch(form, saved, avail.maintenance);
  const changed = Object.keys(patch).length > 0;
  // Leaving with typed notes or interval asks first; a save makes the form equal to the device again.
  useLeaveGuard(formDirty(form, saved));
  const saveBlocked = busy || !!error || !changed;
  // Why Save is blocked, on hover and as its description (it stays focusable).
  const saveReason = busy ? undefined : error ? t('Correct the required interval to save.') : !changed ? t('Nothing to save: the notes and the required interval are unchanged.') : undefined;
  const iot = iotConnectorInfo(device);
  const agent = agentVersion(device);
  // Spec 6: showing the owner needs ROLE_USER_MANAGEMENT_READ; (de)activating it is a user change.
  const showOwner = can(ctx.user, REQUIRES.userRead);
  // Every edit of this tab is a write of the device.
  const edit = useGate(REQUIRES.inventoryUpdate);
  const editNoteId = useId();
  const tenant = ctx.tenant?.name ?? '';
  const owner = useOwner(tenant, device.owner as string, showOwner);
  // The platform refuses deactivating oneself (it would lock the user out), so it is not offered.
  const ownerIsMe = !!owner.data?.enabled && !!ctx.user && (device.owner === ctx.user.userName || device.owner === ctx.user.id);
  const provisioning = useProvisioning(device.id);


  /** Writes the patch (made at the moment of writing when it depends on the device as it is now). */
  const save = (patch: Record<string, unknown> | (() => Promise<Record<string, unknown>>)) =>
    run(async () => {
      const next = await saveDevice(device.id, typeof patch === 'function' ? await patch() : patch);
      onSaved(next as Device);
      alerts.success(t('Device updated successfully'));
    });

  const saveForm = () => save(patch);

  // Everything the tab shows: the device, and its owner, provisioning child and groups.
  const reload = async () => {
    await Promise.all([onReload(), queryClient.invalidateQueries({ queryKey: deviceInfoKeys.all })]);
  };

  // The switch goes to the state it showed the other of; the interval it keeps is the device's as it
  // is now: another user's new interval may not have reached this tab yet, and must not be undone.
  const toggleMaintenance = () => {
    const wanted = !avail.maintenance;
    return save(async () => {
      const now = availability((await readDevice(device.id)) as Device);
      return { c8y_RequiredAvailability: { responseInterval: toggledInterval(now.responseInterval, wanted) } };
    });
  };

  const resetMachine = async () => {
    // Nothing to clear: say so rather than ask and save nothing new.
    if (!hasMachineInfo(device)) {
      alerts.info(t('There is no machine information to reset.'));
      return;
    }
    if (!(await confirm(t('Please confirm reset of machine information')))) {
      alerts.info(t('Machine information was not reset.'));
      return;
    }
    await run(async () => {
      onSaved((await saveDevice(device.id, machineResetPatch())) as Device);
      alerts.success(t('Machine information reset'));
    });
  };

  const toggleOwner = () =>
    run(async () => {
      const user = await setOwnerEnabled(tenant, device.owner as string, !owner.data?.enabled);
      queryClient.setQueryData(deviceInfoKeys.owner(tenant, device.owner as string), user);
    });

  const mobile = (device.c8y_Mobile ?? {}) as Record<string, unknown>;
  const locate = locateLink(mobile);
  const dps = provisioning.data;

  return (
    <div className="content-fullpage" data-testid="device-info-tab">
      <div className="action-bar" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'center', marginBottom: 12 }}>
        <RealtimeStatus />
        {timezoneAction}
        <button type="button" className="btn btn-default" onClick={() => void run(reload)} disabled={busy}>
          <i className="dlt-c8y-icon-refresh" /> {t('Reload')}
        </button>
        {/* Blocked by aria-disabled, not disabled: after saving (nothing changed any more) focus stays on it (issue 26). */}
        <PermittedButton
          requires={REQUIRES.inventoryUpdate}
          className={saveBlocked ? 'btn btn-primary disabled' : 'btn btn-primary'}
          aria-disabled={saveBlocked || undefined}
          title={saveReason}
          data-testid="save-device"
          onClick={() => {
            if (!saveBlocked) void saveForm();
          }}
        >
          {t('Save changes')}
        </PermittedButton>
      </div>
      <div className="row">
        <div className="col-md-6">
          <Card title={t('Device')} testId="profile-card">
            <Field label={t('Name')} value={device.name} />
            {/* The family's name as the rest of the product says it; the inventory type stays at hand as its title. */}
            <Field label={t('Type')} value={<span title={device.type}>{deviceTypeLabel(device.type) ?? device.type}</span>} testId="device-type" />
            <div className="form-group">
              <label className="control-label" htmlFor="device-notes">
                {t('Notes')}
              </label>
              <textarea
                id="device-notes"
                className="form-control"
                rows={3}
                value={form.notes}
                onChange={(e) => setForm({ ...form, notes: e.target.value })}
                {...gatedFieldProps(edit, editNoteId)}
              />
            </div>
            <Field label={t('ID')} value={device.id} />
            {showOwner && (
              <Field
                label={t('Owner')}
                testId="device-owner"
                value={
                  <span>
                    {text(device.owner)}{' '}
                    {/* Its state and action come with the owner's read: until then that is said. */}
                    {owner.isLoading && <span className="text-muted" role="status" data-testid="owner-loading">{t('Loading…')}</span>}
                    {owner.data && (
                      <span className={`label ${owner.data.enabled ? 'label-success' : 'label-default'}`}>{owner.data.enabled ? t('Active') : t('Inactive')}</span>
                    )}{' '}
                    {owner.data && (
                      <PermittedButton
                        requires={REQUIRES.ownerActivation}
                        className="btn btn-default btn-xs"
                        disabled={busy || ownerIsMe}
                        title={ownerIsMe ? t('You cannot deactivate yourself.') : undefined}
                        onClick={() => void toggleOwner()}
                      >
                        {owner.data.enabled ? t('Deactivate') : t('Activate')}
                      </PermittedButton>
                    )}
                    {/* A failed read is said, not shown as an owner without state or action. */}
                    {owner.error && (
                      <span className="text-danger" role="alert" data-testid="owner-error">
                        {t('The owner could not be loaded:')} {owner.error.message}
                      </span>
                    )}
                  </span>
                }
              />
            )}
            <Field label={t('Last updated')} value={formatDateTime(device.lastUpdated as string | undefined)} />
            <Field label={t('Registration date')} value={formatDateTime(device.creationTime as string | undefined)} />
          </Card>
          <Card title={t('Connection monitoring')} testId="connection-card">
            <Field label={t('Send status')} value={t(avail.send)} testId="send-status" />
            <Field label={t('Push status')} value={t(avail.push)} testId="push-status" />
            <Field label={t('Maintenance status')} value={avail.maintenance ? t('On') : t('Off')} testId="maintenance-status" />
            <Field label={t('Last communication')} value={formatDateTime(avail.lastMessage)} />
            <div className={`form-group ${error ? 'has-error' : ''}`}>
              <label className="control-label" htmlFor="required-interval">
                {t('Required interval (minutes)')}
              </label>
              <input
                id="required-interval"
                className="form-control"
                value={form.interval}
                inputMode="numeric"
                aria-describedby="required-interval-range"
                aria-invalid={error ? true : undefined}
                onChange={(e) => setForm({ ...form, interval: e.target.value })}
                {...gatedFieldProps(edit, editNoteId)}
              />
              {error && <p className="help-block" role="alert" data-testid="interval-error">{t(error)}</p>}
              <p className="help-block" id="required-interval-range">
                {t('{{min}} to {{max}} minutes; 0 switches monitoring off.', INTERVAL_RANGE)}
              </p>
            </div>
            <label className="c8y-switch" title={edit.reason}>
              <input
                type="checkbox"
                data-testid="maintenance-switch"
                checked={avail.maintenance}
                disabled={busy}
                onChange={() => void toggleMaintenance()}
                {...gatedFieldProps(edit, editNoteId, 'choice')}
              />
              <span /> {t('Maintenance')}
            </label>
            <GateNote gate={edit} id={editNoteId} />
          </Card>
          {isAdmin && (
            <Card title={t('Customer')} testId="customer-card">
              <Field label={t('Customer name')} value={customer(device).name} />
              <Field label={t('Customer number')} value={customer(device).number} />
              <Field label={t('Service region')} value={customer(device).regio} />
            </Card>
          )}
          {isAdmin && <GroupsCard device={device} alerts={alerts} onChanged={onReload} />}
        </div>
        <div className="col-md-6">
          <Card title={t('IoTconnector')} testId="iotconnector-card">
            <Field label={t('Hardware model')} value={iot.hardwareModel} />
            <Field label={t('Image')} value={iot.image} />
            <Field label={t('Serial')} value={iot.serial} />
            {isAtLeast(agent, MIN_AGENT_VERSION_DEVICE_CONTROL) && <Field label={t('Agent version')} value={agent} testId="agent-version" />}
            <div className="form-group">
              <label className="control-label">{t('Machine info')}</label>
              <div data-testid="machine-info">
                <div>{t('Serial')}: {iot.machine.serial}</div>
                <div>{t('Model')}: {iot.machine.model}</div>
                <div>{t('Control')}: {iot.machine.control}</div>
                <div>{t('Manufacturer')}: {iot.machine.manufacturer}</div>
              </div>
              <PermittedButton requires={REQUIRES.inventoryUpdate} className="btn btn-default btn-sm" disabled={busy} onClick={() => void resetMachine()}>
                {t('Reset')}
              </PermittedButton>
            </div>
            <Field label={t('Timezone')} value={iot.timezone} />
            <Field label={t('IP address X1')} value={iot.ipX1} />
            <Field label={t('IP address X2')} value={iot.ipX2} />
            <Field label={t('IP address wifi')} value={iot.ipWifi} />
            <Field label={t('Commissioning date')} value={iot.commissioningDate ? formatDateTime(iot.commissioningDate) : t('not finished')} />
            <Field label={t('Registration id')} value={text(dps?.azure_dps_registration_id)} />
            <Field label={t('Provisioning URL')} value={text(dps?.azure_dps_url)} />
            <Field label={t('Scope')} value={text(dps?.azure_dps_scope_id)} />
            {/* Empty fields would read as "not provisioned": a read still running, or failed, is said. */}
            {provisioning.isLoading && <p className="text-muted" role="status" data-testid="provisioning-loading">{t('Loading…')}</p>}
            {provisioning.error && (
              <p className="text-danger" role="alert" data-testid="provisioning-error">
                {t('The provisioning data could not be loaded:')} {provisioning.error.message}
              </p>
            )}
          </Card>
          <Card title={t('Hardware')}>
            <Field label={t('Model')} value={text(at(device, 'c8y_Hardware.model'))} />
            <Field label={t('Serial number')} value={text(at(device, 'c8y_Hardware.serialNumber'))} />
            <Field label={t('Revision')} value={text(at(device, 'c8y_Hardware.revision'))} />
          </Card>
          <Card title={t('Mobile')} testId="mobile-card">
            {/* A device without a modem sends no c8y_Mobile: said once, not as fourteen empty fields. */}
            {device.c8y_Mobile === undefined || device.c8y_Mobile === null ? (
              <p className="text-muted m-0">{t('This device reports no mobile network data.')}</p>
            ) : (
              MOBILE_FIELDS.map(([key, label]) => <Field key={key} label={t(label)} value={text(mobile[key])} />)
            )}
            {locate && (
              <a href={locate} target="_blank" rel="noreferrer">
                {t('Locate')}
              </a>
            )}
          </Card>
          <Card title={t('Network')}>
            <Field label={t('WAN IP')} value={text(at(device, 'c8y_Network.c8y_WAN.ip'))} />
          </Card>
        </div>
      </div>
    </div>
  );
}

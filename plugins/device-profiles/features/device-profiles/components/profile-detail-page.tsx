import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { deletedChoiceList, deletedChoices, getDeviceProfile, updateDeviceProfile, type DeviceProfile, type ProfileSoftware } from '@shared/platform/create-software-ng';
import { formatCount, formatDateTime } from '@shared/domain/formats';
import { alerts } from '@shared/ui/alerts';
import { useLeaveGuard } from '@shared/ui/unsaved-changes';
import { Card } from '@shared/ui/card';
import { EmptyState } from '@shared/ui/empty-state';
import { Spinner } from '@shared/ui/spinner';
import { enterInFieldSubmits } from '@shared/ui/enter-submits';
import { deletedMeanwhile, devicesUsingQuery, groupQuery, profileKeys, trySave, useGroups, useProfile, useRestrictions } from '../api/profiles';
import { changedFields, offeredGroups, sameProfileForm, UPDATE_FAILED, updateErrorMessages, validateProfileForm, withOwnGroup, type ProfileForm } from '../model/profile-rules';
import { PROFILE_ROUTE_BASE } from '../model/routes';
import { ProfileFields, RestrictionsError } from './profile-fields';
import { SoftwareSelectionDialog } from './software-selection-dialog';
import { addSelected, type KeptVersion } from '../model/software-selection';

const formOf = (p: DeviceProfile): ProfileForm => ({ name: p.name, deviceType: p.deviceType, deviceGroup: p.deviceGroup ?? null });

/**
 * Shows every message of a failed update (the form stays editable). The general failure says the
 * service's reason below it (a refusal without an error code, e.g. a 422 about the software).
 */
function reportUpdateFailure(codes: readonly string[], error: unknown, t: (k: string, o?: Record<string, unknown>) => string, name: string) {
  alerts.clearAll();
  // Deleted by another user: which profile, and that nothing of this edit was kept by the service.
  // Software deleted since it was chosen: 'Select software' opens again and says which (not twice).
  const reason = deletedMeanwhile(error)
    ? t('The device profile {{name}} no longer exists: another user deleted it. Nothing was saved.', { name })
    : deletedChoices(error).length > 0
      ? undefined
      : error === undefined
      ? undefined
      : error instanceof Error
        ? error.message
        : String(error);
  for (const m of updateErrorMessages(codes)) alerts.danger(t(m), m === UPDATE_FAILED && reason ? { detail: reason } : undefined);
}

/**
 * Device profile detail (spec 2). Keyed by the route's id: moving to another profile starts over
 * (no edit of the previous profile carried onto the next one's Save).
 */
export default function ProfileDetailPage() {
  const { params } = usePlatformContext();
  return <ProfileDetail key={params.id} id={params.id} />;
}

/** ID, devices using it, last update, the edit form and its software. */
function ProfileDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { navigate } = usePlatformContext();
  const queryClient = useQueryClient();
  const profile = useProfile(id);
  const devicesUsing = useQuery(devicesUsingQuery(id));
  const groups = useGroups();
  // The edited form; null while not editing (the form then shows the profile as loaded).
  const [draft, setDraft] = useState<ProfileForm | null>(null);
  // The profile as Edit found it: Save sends only what this user changed since.
  const opened = useRef<ProfileForm | null>(null);
  const editing = draft !== null;
  const restrictions = useRestrictions(editing ? id : null);
  const [saving, setSaving] = useState(false);
  const [selecting, setSelecting] = useState(false);
  // Choices of a save refused because some were deleted meanwhile: the dialog opens again with the rest chosen.
  const [retry, setRetry] = useState<{ chosen: ProfileSoftware[]; notice: string } | null>(null);
  // A software change in flight: the next one waits, or it would be built on the list before it
  // (a second Remove sent the first removed package back).
  const [savingSoftware, setSavingSoftware] = useState(false);
  const ownGroupId = profile.data?.deviceGroup ?? null;
  const ownGroupMissing = !!ownGroupId && !groups.isPending && !groups.data?.some((g) => g.id === ownGroupId);
  const ownGroup = useQuery({ ...groupQuery(ownGroupId ?? ''), enabled: ownGroupMissing });
  const form = draft ?? (profile.data ? formOf(profile.data) : null);
  // An edit that differs from the profile as Edit found it: leaving the page asks first (Cancel is the user's choice).
  const dirty = !!draft && !!opened.current && !sameProfileForm(draft, opened.current);
  useLeaveGuard(dirty);
  // Why Add and Remove wait (they are disabled while a software change is saved).
  const softwareBusy = savingSoftware ? t('The software of this profile is being saved.') : undefined;
  // Why Save and Cancel wait.
  const savingReason = saving ? t('The device profile is being saved.') : undefined;

  // Restrictions of an edit exclude this profile (its own name and group are fine).
  const restrictionsReady = editing && restrictions.isSuccess;
  // Why Save waits: saving, or the names and groups in use still being read (a failed read says so in its alert).
  const saveReason = savingReason ?? (editing && restrictions.isPending ? t('The profile names and groups already in use are being read.') : undefined);
  const errors = useMemo(() => (form && restrictionsReady && restrictions.data ? validateProfileForm(form, restrictions.data) : {}), [form, restrictionsReady, restrictions.data]);
  // The profile's own group is an option even when the list misses it (by id until its name is known).
  const loadedGroups = withOwnGroup(groups.data ?? [], ownGroupId ? (ownGroup.data ?? { id: ownGroupId, name: ownGroupId }) : null);
  const groupOptions = restrictions.data && editing ? offeredGroups(loadedGroups, restrictions.data, ownGroupId) : loadedGroups;
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.all });
  // The saved profile as the service answers it shows at once (not the one before the save until the list is read again).
  const showSaved = (saved: DeviceProfile) => queryClient.setQueryData(profileKeys.detail(id), saved);

  // Keyboard users keep their place: Edit, Cancel and Save each replace the button pressed, and focus fell to the page.
  const formCard = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current === editing) return;
    wasEditing.current = editing;
    const card = formCard.current;
    const active = document.activeElement;
    if (!card || (active && active !== document.body && !card.contains(active))) return;
    if (editing) card.querySelector<HTMLElement>('input:not([disabled])')?.focus();
    else card.querySelector<HTMLElement>('[data-testid="profile-edit"]')?.focus();
  }, [editing]);

  if (profile.isError) {
    return (
      <div className="p-16">
        <div className="alert alert-danger" role="alert" data-testid="profile-load-error">
          {t('The device profile could not be loaded:')} {profile.error.message}
        </div>
        <a href={`#${PROFILE_ROUTE_BASE}`}>{t('Device Profiles')}</a>
      </div>
    );
  }
  if (!profile.data || !form) return <Spinner label={t('Loading…')} />;
  const p = profile.data;
  const software = p.c8y_DeviceProfile?.software ?? [];
  const changed = JSON.stringify(form) !== JSON.stringify(formOf(p));
  // Save's own condition (Edit needs the write role, so an open form has it).
  const canSave = restrictionsReady && !saving && changed && Object.keys(errors).length === 0;

  async function save() {
    if (!form) return;
    setSaving(true);
    const { result, codes, error } = await trySave(() => updateDeviceProfile(id, changedFields(opened.current ?? formOf(p), form)));
    setSaving(false);
    if (result?.ok) {
      alerts.success(t('Device profile updated'));
      showSaved(result.ok);
      setDraft(null);
      await refresh();
    } else failed(codes, error);
  }

  /** A refused save keeps the form; a profile deleted meanwhile leaves the list (not the page: what was typed stays readable). */
  function failed(codes: readonly string[], error: unknown) {
    reportUpdateFailure(codes, error, t, p.name);
    if (deletedMeanwhile(error)) void queryClient.invalidateQueries({ queryKey: profileKeys.list() });
  }

  /**
   * A software change is made to the profile as stored now, not to the list this page read: another
   * user's addition or removal since then is kept (the whole list is sent).
   */
  async function saveSoftware(change: (stored: ProfileSoftware[]) => { software: ProfileSoftware[]; kept?: KeptVersion[] }, added: ProfileSoftware[] = []) {
    setSavingSoftware(true);
    try {
      let kept: KeptVersion[] = [];
      let unchanged = false;
      const { result, codes, error } = await trySave(async () => {
        const current = await getDeviceProfile(id);
        const stored = current.c8y_DeviceProfile?.software ?? [];
        const next = change(stored);
        kept = next.kept ?? [];
        // Every choice was taken meanwhile by another user's version: nothing to write.
        unchanged = kept.length > 0 && next.software.length === stored.length;
        return unchanged ? { ok: current, errors: [] } : updateDeviceProfile(id, { c8y_DeviceProfile: { software: next.software } });
      });
      if (result?.ok) {
        if (!unchanged) alerts.success(t('Device profile updated'));
        // The dialog listed the name as free; another user added it since in another version, which stays (one version of a name).
        if (kept.length > 0) {
          alerts.warning(t('Another user added {{list}} to this profile meanwhile. A profile holds one version of a name, so your choice was not added: {{chosen}}.', {
            list: kept.map((k) => `${k.kept.name} ${k.kept.version}`).join(', '),
            chosen: kept.map((k) => `${k.chosen.name} ${k.chosen.version}`).join(', '),
          }));
        }
        showSaved(result.ok);
        await refresh();
      } else {
        failed(codes, error);
        // Software chosen in the dialog was deleted by another user meanwhile: the dialog opens
        // again on the list read anew, the other choices still chosen, and says which is gone.
        const gone = deletedChoices(error);
        if (gone.length > 0 && added.length > 0) {
          void queryClient.invalidateQueries({ queryKey: profileKeys.software(p.deviceType) });
          const goneIds = new Set(gone.map((g) => g.id));
          setRetry({
            chosen: added.filter((a) => !goneIds.has(String(a.id))),
            notice: t('{{list}} is no longer in the software repository: another user deleted it. Nothing was saved. The list below is read again: choose and save again.', { list: deletedChoiceList(gone) }),
          });
          setSelecting(true);
        }
      }
    } finally {
      setSavingSoftware(false);
    }
  }

  return (
    <div className="p-16" data-testid="device-profile-detail">
      <p>
        <a href={`#${PROFILE_ROUTE_BASE}`} onClick={(e) => { e.preventDefault(); navigate(PROFILE_ROUTE_BASE); }}>
          ← {t('Device Profiles')}
        </a>
      </p>
      <div className="row">
        <div className="col-md-6" ref={formCard}>
          <Card
            // The whole name, wrapped: the card title's ellipsis cut a long name, and the disabled Name field cannot scroll to its end.
            // dir="auto": a right-to-left name keeps its own order (its trailing emoji or digits stay at its end).
            title={
              <span dir="auto" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="profile-title">
                {p.name}
              </span>
            }
            actions={
              editing ? (
                <>
                  {/* Not while Save runs: a refusal then had no form left, and what was typed was gone. */}
                  <button type="button" className="btn btn-default btn-sm" disabled={saving} title={savingReason} onClick={() => setDraft(null)} data-testid="profile-cancel">
                    {t('Cancel')}
                  </button>{' '}
                  <PermittedButton
                    requires={REQUIRES.deviceProfileWrite}
                    className="btn btn-primary btn-sm"
                    disabled={!canSave}
                    title={saveReason}
                    onClick={() => void save()}
                    data-testid="profile-save"
                  >
                    {t('Save')}
                  </PermittedButton>
                </>
              ) : (
                <PermittedButton
                  requires={REQUIRES.deviceProfileWrite}
                  className="btn btn-default btn-sm"
                  onClick={() => {
                    opened.current = formOf(p);
                    setDraft(formOf(p));
                  }}
                  data-testid="profile-edit"
                >
                  {t('Edit')}
                </PermittedButton>
              )
            }
          >
            {/* Labels as wide as their text: the theme's dl-horizontal cuts them at 160 px ("Devices using this pro..."), longer in German. */}
            <dl className="m-b-8" style={{ display: 'grid', gridTemplateColumns: 'fit-content(60%) minmax(0, 1fr)', columnGap: 16, rowGap: 4 }} data-testid="profile-facts">
              <dt>{t('ID')}</dt>
              <dd data-testid="profile-id">{p.id}</dd>
              <dt>{t('Devices using this profile')}</dt>
              <dd data-testid="devices-using">
                {devicesUsing.isPending ? (
                  '…'
                ) : devicesUsing.isError ? (
                  // A failed count is said, not shown as '-' (which reads as "none").
                  <span className="text-danger" role="alert" data-testid="devices-using-error">
                    {t('The devices could not be counted:')} {devicesUsing.error.message}
                  </span>
                ) : (
                  // Written as the language writes numbers ("12,072", "12.072").
                  devicesUsing.data !== undefined ? formatCount(devicesUsing.data, i18n.language) : '-'
                )}
              </dd>
              <dt>{t('Last update on')}</dt>
              <dd>{formatDateTime(p.lastUpdatedDateTime ?? (p.lastUpdated as string | undefined)) || '-'}</dd>
            </dl>
            {/* Its own bottom margin: the platform's paragraphs have none, and the hint sat on the Name label. */}
            <p className="text-muted small m-b-16" data-testid="profile-hint">
              <i className="dlt-c8y-icon-info-circle" aria-hidden="true" />{' '}
              {t('A profile without a device group is the default profile of its device type. Only one group per device type.')}
            </p>
            {editing && restrictions.isError && <RestrictionsError error={restrictions.error} onRetry={() => void restrictions.refetch()} />}
            {/* Its software is of its device type (a device of another type would get it): the type changes only without software. */}
            {/* Enter in the name saves, as the Save button does, once it could be pressed. */}
            <div onKeyDown={enterInFieldSubmits(() => canSave && void save())}>
              <ProfileFields
                form={form}
                errors={errors}
                groups={groupOptions}
                disabled={!editing}
                lockDeviceType={software.length > 0}
                deviceTypeNote={editing && software.length > 0 ? t('The device type cannot change while the profile has software: remove its software first.') : undefined}
                groupsError={groups.error}
                groupRequired={!!form && !!restrictions.data && !!validateProfileForm({ ...form, deviceGroup: null }, restrictions.data).deviceGroup}
                onChange={setDraft}
              />
            </div>
          </Card>
        </div>
        <div className="col-md-6">
          <Card
            title={t('Software')}
            actions={
              <PermittedButton requires={REQUIRES.deviceProfileWrite} className="btn btn-default btn-sm" disabled={savingSoftware} title={softwareBusy} onClick={() => setSelecting(true)} data-testid="add-software">
                <i className="dlt-c8y-icon-plus-circle" aria-hidden="true" /> {t('Add software')}
              </PermittedButton>
            }
          >
            {software.length === 0 ? (
              <EmptyState icon="software" title={t('No software in this profile.')} />
            ) : (
              <table className="table" data-testid="profile-software">
                <thead>
                  <tr>
                    <th scope="col">{t('Name')}</th>
                    <th scope="col">{t('Version')}</th>
                    <th scope="col">
                      <span className="sr-only">{t('Actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {software.map((s) => (
                    <tr key={`${s.id}-${s.name}`}>
                      <td>{s.name}</td>
                      <td>{s.version}</td>
                      <td className="text-right">
                        <PermittedButton
                          requires={REQUIRES.deviceProfileWrite}
                          hideWhenDenied
                          className="btn btn-link btn-sm text-danger"
                          disabled={savingSoftware}
                          title={softwareBusy}
                          aria-label={t('Remove {{name}}', { name: s.name })}
                          onClick={() => void saveSoftware((stored) => ({ software: stored.filter((x) => String(x.id) !== String(s.id)) }))}
                        >
                          <i className="dlt-c8y-icon-minus-circle" aria-hidden="true" /> {t('Remove')}
                        </PermittedButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      </div>
      {selecting && (
        <SoftwareSelectionDialog
          deviceType={p.deviceType}
          assigned={software}
          chosen={retry?.chosen}
          notice={retry?.notice}
          onDone={(r) => {
            setSelecting(false);
            setRetry(null);
            // A name added meanwhile by someone else stays in its version (a profile holds one version of a name), and the page says so.
            if (!r.cancelled && r.selected.length) void saveSoftware((stored) => addSelected(stored, r.selected), r.selected);
          }}
        />
      )}
    </div>
  );
}

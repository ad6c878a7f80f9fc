import React, { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { deleteDeviceProfile } from '@shared/platform/create-software-ng';
import { alerts } from '@shared/ui/alerts';
import { confirm } from '@shared/ui/confirm';
import { EmptyState } from '@shared/ui/empty-state';
import { FilterInput } from '@shared/ui/filter-input';
import { ReloadButton } from '@shared/ui/reload-button';
import { Spinner } from '@shared/ui/spinner';
import { deletedMeanwhile, devicesUsingQuery, profileKeys, useProfiles } from '../api/profiles';
import { isDefaultProfile, matchesProfileFilter } from '../model/profile-rules';
import { AddProfileModal, type DuplicateSource } from './add-profile-modal';
import { deviceTypeLabel } from './profile-fields';
import { PROFILE_ROUTE_BASE } from '../model/routes';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { replaceQuery } from '@shared/plugin-api/hash-location';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Device Profiles (spec 2): filter, 'Add device profile', Reload; ID, Device profile, Device type; Edit, Duplicate, Delete. */
export default function ProfileListPage() {
  const { t } = useTranslation();
  const { navigate, path, query } = usePlatformContext();
  const queryClient = useQueryClient();
  const profiles = useProfiles();
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!profiles.isPending);
  // The filter is kept in the URL (?filter=, replacing the entry): Back from a profile and a reload show the list as filtered.
  const [filter, setFilterState] = useState(query.filter ?? '');
  const setFilter = (text: string) => {
    setFilterState(text);
    replaceQuery(path, query, { filter: text });
  };
  const [adding, setAdding] = useState(false);
  // Duplicate asks for the copy's name and group first (a copy without a group would be a second default).
  const [duplicating, setDuplicating] = useState<DuplicateSource | null>(null);
  const rows = (profiles.data ?? []).filter((p) => matchesProfileFilter({ id: String(p.id), name: p.name }, filter));
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.all });

  // One delete question at a time (the count is read before it opens: a second click would ask twice).
  const asking = useRef(false);

  /**
   * Spec 8's question, and below it how many devices still use the profile (read now, as the
   * detail page's 'Devices using this profile'), when any; a failed count is said, not left out.
   */
  async function devicesUsingNote(id: string): Promise<ReactNode> {
    try {
      const count = await queryClient.fetchQuery({ ...devicesUsingQuery(id), staleTime: 0 });
      return count > 0 ? (
        <p className="text-warning" data-testid="delete-devices-using">
          {t('{{count, number}} devices use this profile.', { count })}
        </p>
      ) : null;
    } catch (e) {
      return (
        <p className="text-danger" role="alert" data-testid="delete-devices-using-error">
          {t('The devices could not be counted:')} {errorText(e)}
        </p>
      );
    }
  }

  async function remove(id: string, name: string) {
    if (asking.current) return;
    asking.current = true;
    let ok = false;
    try {
      const note = await devicesUsingNote(id);
      ok = await confirm({
        title: t('Confirm delete?'),
        body: (
          <>
            <p>{t('Do you really want to remove profile {{name}}?', { name })}</p>
            {note}
          </>
        ),
        okLabel: t('Delete'),
        okClass: 'btn-danger',
      });
    } finally {
      asking.current = false;
    }
    if (!ok) return;
    try {
      await deleteDeviceProfile(id);
      alerts.success(t('Device profile deleted'));
      await refresh();
    } catch (e) {
      // Deleted by another user meanwhile: said with its name, and the list is read again (no ghost row).
      alerts.danger(t('The device profile could not be deleted.'), {
        detail: deletedMeanwhile(e) ? t('The device profile {{name}} no longer exists: another user deleted it.', { name }) : errorText(e),
      });
      if (deletedMeanwhile(e)) await refresh();
    }
  }

  return (
    <div className="p-16" data-testid="device-profile-list">
      <div className="action-bar d-flex gap-8 a-i-center m-b-16" role="toolbar" aria-label={t('Device profile actions')}>
        <div style={{ flex: '0 1 320px' }}>
          <FilterInput value={filter} onChange={setFilter} label={t('Filter device profiles')} />
        </div>
        <PermittedButton requires={REQUIRES.deviceProfileWrite} className="btn btn-primary" onClick={() => setAdding(true)} data-testid="add-device-profile">
          <i className="dlt-c8y-icon-plus-circle" aria-hidden="true" /> {t('Add device profile')}
        </PermittedButton>
        <ReloadButton onClick={() => void profiles.refetch()} fetching={profiles.isFetching} />
      </div>
      {profiles.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : profiles.isError ? (
        <div className="alert alert-danger" role="alert" data-testid="profiles-load-error">
          {t('The device profiles could not be loaded:')} {errorText(profiles.error)}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon="profile" title={t('No device profiles to display.')} text={filter ? undefined : t('Add a device profile using the button on the toolbar.')} />
      ) : (
        <div className="card">
          <table className="table table-striped">
            <thead>
              <tr>
                <th scope="col">{t('ID')}</th>
                <th scope="col">{t('Device profile')}</th>
                <th scope="col">{t('Device type')}</th>
                <th scope="col">
                  <span className="sr-only">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid="profile-row" data-profile-id={p.id}>
                  <td>{p.id}</td>
                  {/* A long name without spaces wraps anywhere: else it pushes the type and the row actions off the page. */}
                  <td style={{ overflowWrap: 'anywhere' }}>
                    <a href={`#${PROFILE_ROUTE_BASE}/${p.id}`} dir="auto">
                      {p.name}
                    </a>
                    {isDefaultProfile(p) && <span className="label label-default m-l-8">{t('default')}</span>}
                  </td>
                  <td>{t(deviceTypeLabel(p.deviceType))}</td>
                  {/* Row actions are writes: hidden per row for users who may not write profiles (the name still opens the profile). */}
                  <td className="text-right text-nowrap">
                    <PermittedButton requires={REQUIRES.deviceProfileWrite} hideWhenDenied className="btn btn-link btn-sm" onClick={() => navigate(`${PROFILE_ROUTE_BASE}/${p.id}`)}>
                      {t('Edit')}
                    </PermittedButton>
                    <PermittedButton requires={REQUIRES.deviceProfileWrite} hideWhenDenied className="btn btn-link btn-sm" onClick={() => setDuplicating({ id: String(p.id), name: p.name, deviceType: p.deviceType })}>
                      {t('Duplicate')}
                    </PermittedButton>
                    <PermittedButton requires={REQUIRES.deviceProfileWrite} hideWhenDenied className="btn btn-link btn-sm text-danger" onClick={() => void remove(String(p.id), p.name)}>
                      {t('Delete')}
                    </PermittedButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(adding || duplicating) && (
        <AddProfileModal
          key={duplicating?.id ?? 'add'}
          duplicateOf={duplicating ?? undefined}
          onClose={() => {
            setAdding(false);
            setDuplicating(null);
          }}
          onCreated={(id) => {
            setAdding(false);
            setDuplicating(null);
            navigate(`${PROFILE_ROUTE_BASE}/${id}`);
          }}
        />
      )}
    </div>
  );
}

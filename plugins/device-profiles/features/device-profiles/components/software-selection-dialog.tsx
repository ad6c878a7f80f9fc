import React, { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@shared/ui/modal';
import { REQUIRES } from '@shared/plugin-api/roles';
import { FilterInput } from '@shared/ui/filter-input';
import { EmptyState } from '@shared/ui/empty-state';
import { deviceTypeOf, REPOSITORY_LABELS } from '@shared/domain/device-types';
import type { ProfileSoftware } from '@shared/platform/create-software-ng';
import { softwareQuery } from '../api/profiles';
import { cancelSelection, chooseVersion, chosenGroups, filterGroups, groupSoftware, keepChoices, saveSelection, versionClashes, type SelectionResult, type SoftwareGroup } from '../model/software-selection';

/** 'Select software' for a profile: names expand into versions; assigned names are locked. */
export function SoftwareSelectionDialog({
  deviceType,
  assigned,
  onDone,
  chosen = [],
  notice,
}: {
  deviceType: string;
  assigned: readonly ProfileSoftware[];
  onDone: (r: SelectionResult) => void;
  /** Versions chosen before (a save refused because some of them were deleted): chosen again where still offered. */
  chosen?: readonly ProfileSoftware[];
  /** Why the dialog opened again (shown above the list). */
  notice?: string;
}) {
  const { t } = useTranslation();
  const software = useQuery(softwareQuery(deviceType));
  // The repository's device type of the profile's type (its page is chosen by it).
  const repositoryType = deviceTypeOf(deviceType);
  const [groups, setGroups] = useState<SoftwareGroup[]>(() => chosenGroups(chosen));
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<Set<string>>(new Set());
  // Read again (a refetch, the page's profile re-read: a profile without software passes a new
  // empty list on each render), the list keeps the versions the user chose so far.
  useEffect(() => {
    const data = software.data;
    if (data) setGroups((previous) => keepChoices(groupSoftware(data, assigned), previous));
  }, [software.data, assigned]);

  const toggle = (name: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const clashes = useMemo(() => versionClashes(groups, software.data ?? [], assigned), [groups, software.data, assigned]);
  // Until the list is read, the groups hold only the earlier choices: nothing to list yet.
  const visible = software.data ? filterGroups(groups, filter) : [];
  const anyNew = !!software.data && saveSelection(groups).selected.length > 0;

  return (
    <Modal
      open
      size="lg"
      title={t('Select software')}
      onClose={() => onDone(cancelSelection())}
      // Versions chosen and not saved yet: Escape and × ask, a click beside the dialog does nothing.
      unsavedChanges={anyNew}
      data-testid="software-selection-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onDone(cancelSelection()) },
        {
          label: t('Save'),
          className: 'btn-primary',
          disabled: !anyNew,
          title: anyNew ? undefined : t('Choose a version of software the profile does not have yet.'),
          requires: REQUIRES.deviceProfileWrite,
          onClick: () => onDone(saveSelection(groups)),
          'data-testid': 'software-selection-save',
        },
      ]}
    >
      {notice && (
        <div className="alert alert-danger" role="alert" data-testid="software-selection-notice">
          {notice}
        </div>
      )}
      <FilterInput value={filter} onChange={setFilter} label={t('Filter software')} autoFocus />
      {software.isPending && <p className="text-muted m-t-16">{t('Loading…')}</p>}
      {software.isError && (
        <div className="alert alert-danger m-t-16" role="alert" data-testid="software-selection-error">
          {t('The software could not be loaded:')} {software.error.message}
        </div>
      )}
      {software.data && visible.length === 0 && software.data.length > 0 && <EmptyState icon="search" title={t('No software to display.')} />}
      {/* Nothing of this type in the repository (a new tenant): where to add it. */}
      {software.data?.length === 0 && (
        <EmptyState
          icon="software"
          title={t('No software to display.')}
          text={t('The software repository has no software for {{deviceType}} yet: add it there, then select it here.', { deviceType: repositoryType ? t(REPOSITORY_LABELS[repositoryType]) : deviceType })}
        >
          {repositoryType && (
            <a href={`#/software?deviceType=${repositoryType}`} data-testid="software-selection-repository">
              {t('Open the software repository')}
            </a>
          )}
        </EmptyState>
      )}
      <ul className="list-unstyled m-t-16" role="list">
        {visible.map((g) => {
          const expanded = open.has(g.name) || !!filter.trim();
          return (
            <li key={g.name} className="p-t-4 p-b-4 separator-bottom">
              <button
                type="button"
                className="btn btn-clean"
                aria-expanded={expanded}
                onClick={() => toggle(g.name)}
                data-testid="software-name"
              >
                <i className={expanded ? 'dlt-c8y-icon-chevron-down' : 'dlt-c8y-icon-chevron-right'} aria-hidden="true" /> {g.name}
                {g.alreadyAssigned && <span className="label label-info m-l-8">{t('assigned')}</span>}
              </button>
              {expanded && (
                <fieldset className="p-l-24" disabled={g.alreadyAssigned}>
                  <legend className="sr-only">{t('Versions of {{name}}', { name: g.name })}</legend>
                  {g.versions.map((v) => {
                    // A device holds one version of a name: a version needing another one of what is already needed is never installed beside it.
                    const clash = clashes.get(v.id);
                    const reason = clash ? t('Needs {{name}} {{version}}, but {{name}} {{other}} is needed already.', { ...clash }) : undefined;
                    return (
                      <label key={v.id} className="c8y-radio d-block" title={reason ?? `${g.name} ${v.version}`}>
                        <input type="radio" name={`version-${g.name}`} checked={v.selected} disabled={!!clash} onChange={() => setGroups((gs) => chooseVersion(gs, g.name, v.id))} />
                        <span />
                        <span>{v.version}</span>
                        {reason && (
                          <span className="d-block small text-muted" style={{ whiteSpace: 'normal' }} data-testid={`clash-${v.id}`}>
                            {reason}
                          </span>
                        )}
                      </label>
                    );
                  })}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoftwareDependency, SoftwarePackage } from '@shared/platform/create-software-ng';
import { alerts } from '@shared/ui/alerts';
import { FilterInput } from '@shared/ui/filter-input';
import { Icon } from '@shared/ui/icon';
import { Modal } from '@shared/ui/modal';
import { REQUIRES } from '@shared/plugin-api/roles';
import { saveDependencies } from '../api/dependencies';
import { addDependency, availableCandidates, dependencyLines, filterDependencies, removeDependency } from '../model/dependencies';

interface Props {
  pkg: SoftwarePackage;
  /** Packages of the same device type (the candidates). */
  packages: readonly SoftwarePackage[];
  onClose: () => void;
  onSaved: () => void;
}

/** The large Dependency modal: assigned dependencies (click removes) and available packages (click adds). */
export function DependencyModal({ pkg, packages, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SoftwareDependency[]>(() => (pkg.dependencies ?? []).map((d) => ({ id: String(d.id), name: d.name, version: d.version })));
  const [chosenFilter, setChosenFilter] = useState('');
  const [availableFilter, setAvailableFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const editedId = String(pkg.id);
  const candidates = useMemo(() => availableCandidates(packages, editedId, chosen, availableFilter), [packages, editedId, chosen, availableFilter]);
  const shownChosen = filterDependencies(chosen, chosenFilter);

  const cancel = () => {
    alerts.info(t('No software dependency added'));
    onClose();
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveDependencies(pkg, chosen);
      const lines = dependencyLines(saved?.dependencies ?? chosen);
      alerts.success(t('These are now the existing dependencies'), {
        detail: (
          <ul className="m-0" data-testid="saved-dependencies">
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ),
      });
      onSaved();
      onClose();
    } catch (e) {
      alerts.danger(t('Something went wrong. please try again later.'), { detail: e instanceof Error ? e.message : String(e) });
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      size="lg"
      title={t('Dependencies of {{name}} {{version}}', { name: pkg.name, version: pkg.version })}
      onClose={cancel}
      data-testid="dependency-modal"
      buttons={[
        { label: t('Cancel'), onClick: cancel, 'data-testid': 'dependencies-cancel' },
        { label: t('Save'), onClick: () => void save(), className: 'btn-primary', disabled: saving, requires: REQUIRES.softwarePackageWrite, 'data-testid': 'dependencies-save' },
      ]}
    >
      <div className="row">
        <div className="col-sm-6">
          <h5 className="text-medium">{t('Software Dependencies')}</h5>
          <FilterInput value={chosenFilter} onChange={setChosenFilter} label={t('Filter dependencies')} />
          <ul className="list-group m-t-8" style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="chosen-list">
            {shownChosen.length === 0 && <li className="list-group-item text-muted">{t('No dependencies')}</li>}
            {shownChosen.map((d) => (
              <li key={d.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link btn-block text-left"
                  title={t('Remove')}
                  onClick={() => setChosen((c) => removeDependency(c, d.id))}
                  data-testid={`chosen-${d.id}`}
                >
                  <Icon name="minus-circle" className="text-danger m-r-8" />
                  {d.name} <span className="text-muted">{d.version}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="col-sm-6">
          <h5 className="text-medium">{t('Available Packages')}</h5>
          <FilterInput value={availableFilter} onChange={setAvailableFilter} label={t('Filter available packages')} />
          <ul className="list-group m-t-8" style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="available-list">
            {candidates.length === 0 && <li className="list-group-item text-muted">{t('No packages available')}</li>}
            {candidates.map((c) => (
              <li key={c.pkg.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link btn-block text-left"
                  disabled={c.circular}
                  aria-disabled={c.circular}
                  title={c.circular ? t('Circular dependency: this package depends on {{name}}.', { name: pkg.name }) : t('Add')}
                  onClick={() => setChosen((list) => addDependency(list, c))}
                  data-testid={`available-${c.pkg.id}`}
                  data-circular={c.circular || undefined}
                >
                  <Icon name={c.circular ? 'ban' : 'plus-circle'} className={`${c.circular ? 'text-muted' : 'text-success'} m-r-8`} />
                  {c.pkg.name} <span className="text-muted">{c.pkg.version}</span>
                  {c.circular && <span className="label label-danger m-l-8">{t('circular')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}

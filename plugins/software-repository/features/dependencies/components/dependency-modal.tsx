import React, { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedChoiceList, deletedChoices, type DeletedChoice, type SoftwareDependency, type SoftwarePackage } from '@shared/platform/create-software-ng';
import { PlatformError } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import { FilterInput } from '@shared/ui/filter-input';
import { Icon } from '@shared/ui/icon';
import { useKeepFocus } from '@shared/ui/keep-focus';
import { Modal } from '@shared/ui/modal';
import { REQUIRES } from '@shared/plugin-api/roles';
import { saveDependencies } from '../api/dependencies';
import { addDependency, availableCandidates, byIdOf, chosenCycles, cyclePath, cycleText, dependencyChanges, dependencyLines, filterDependencies, rebaseDependencies, removeDependency, sameDependencies } from '../model/dependencies';

interface Props {
  pkg: SoftwarePackage;
  /** Packages of the same device type as the page has them (shown until the current list is in). */
  packages: readonly SoftwarePackage[];
  /** The current packages of the device type, asked again on open and before saving. */
  loadPackages: () => Promise<SoftwarePackage[]>;
  onClose: () => void;
  onSaved: () => void;
}

const dependenciesOf = (p: SoftwarePackage): SoftwareDependency[] => (p.dependencies ?? []).map((d) => ({ id: String(d.id), name: d.name, version: d.version }));
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The large Dependency modal: assigned dependencies (click removes) and available packages (click
 * adds). The page's list may be stale (a dependency made elsewhere since), so the modal asks for
 * the current packages when it opens and again before saving, and names any cycle with its path
 * instead of offering or sending it; the service's refusal (422) is shown with its cycle too.
 * When another user saved this package's dependencies since the modal read them, Save does not
 * overwrite their list: it says so, reloads their list with this user's additions and removals
 * applied on top, and waits for the user to save again.
 */
export function DependencyModal({ pkg, packages, loadPackages, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SoftwareDependency[]>(() => dependenciesOf(pkg));
  const [current, setCurrent] = useState<readonly SoftwarePackage[]>(packages);
  const [checking, setChecking] = useState(true);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** What another user changed in this package's dependencies since the modal read them. */
  const [conflict, setConflict] = useState<{ added: SoftwareDependency[]; removed: SoftwareDependency[] } | null>(null);
  const [chosenFilter, setChosenFilter] = useState('');
  const [availableFilter, setAvailableFilter] = useState('');
  const [saving, setSaving] = useState(false);
  /** Another user deleted the edited package: nothing can be saved to it (the page's list is read again). */
  const [gone, setGone] = useState(false);
  // Save is disabled while it runs (the focus falls to the dialog's page); when the dialog stays, Save gets it back.
  const rememberFocus = useKeepFocus(saving);
  /** The package's dependencies as the server last told the modal: the user's edit starts from it. */
  const base = useRef<SoftwareDependency[]>(dependenciesOf(pkg));
  const editedId = String(pkg.id);
  const byId = useMemo(() => byIdOf(current), [current]);
  const candidates = useMemo(() => availableCandidates(current, editedId, chosen, availableFilter), [current, editedId, chosen, availableFilter]);
  const shownChosen = filterDependencies(chosen, chosenFilter);

  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    let stale = false;
    loadPackages()
      .then((list) => {
        if (stale) return;
        setCurrent(list);
        setCheckError(null);
        // The package's own list may have changed too (the page's list may be stale): what the
        // user already chose in the meantime stays applied on top of it.
        const self = list.find((p) => String(p.id) === editedId);
        if (!self) {
          setGone(true);
          onSavedRef.current();
        } else {
          const from = base.current;
          const latest = dependenciesOf(self);
          base.current = latest;
          setChosen((c) => rebaseDependencies(from, c, latest));
        }
      })
      .catch((e: unknown) => {
        if (stale) return;
        console.error('Dependency modal: the current packages could not be loaded', e);
        setCheckError(errorText(e));
      })
      .finally(() => !stale && setChecking(false));
    return () => {
      stale = true;
    };
  }, [loadPackages, editedId]);

  /**
   * A click moves the entry to the other list, so its button goes: the focus stays in the list it
   * was in (the entry now at that place, else the last, else the list's filter) instead of falling
   * to the dialog's start.
   */
  const chosenListRef = useRef<HTMLUListElement>(null);
  const availableListRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<{ list: RefObject<HTMLUListElement | null>; index: number } | null>(null);
  useEffect(() => {
    const request = refocus.current;
    refocus.current = null;
    const list = request?.list.current;
    if (!request || !list) return;
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const filter = list.closest('.col-sm-6')?.querySelector<HTMLElement>('input');
    (buttons[Math.min(request.index, buttons.length - 1)] ?? filter)?.focus();
  }, [chosen]);

  const change = (next: (list: SoftwareDependency[]) => SoftwareDependency[], from?: { list: RefObject<HTMLUListElement | null>; button: HTMLElement }) => {
    setProblem(null);
    setChosen(next);
    if (from?.list.current) {
      const index = [...from.list.current.querySelectorAll('button:not([disabled])')].indexOf(from.button);
      refocus.current = { list: from.list, index: Math.max(index, 0) };
    }
  };

  const cancel = () => {
    alerts.info(t('No software dependency added'));
    onClose();
  };

  /**
   * Chosen dependencies another user deleted meanwhile: taken out of the list (they cannot be
   * saved), the rest of the user's choices stay; the modal says which and waits for Save again.
   */
  const dropGone = (gone: readonly Pick<DeletedChoice, 'id' | 'name' | 'version'>[]) => {
    const ids = new Set(gone.map((g) => String(g.id)));
    setChosen((c) => c.filter((d) => !ids.has(String(d.id))));
    setProblem(t('{{list}} is no longer in the software repository: another user deleted it. Nothing was saved. It is taken out of the dependencies and the available packages are read again: check the list and save again.', { list: deletedChoiceList(gone) }));
  };

  const save = async () => {
    rememberFocus();
    setSaving(true);
    setProblem(null);
    setConflict(null);
    // Checked against the current packages, not the list the modal opened with.
    let fresh = byId;
    try {
      const list = await loadPackages();
      setCurrent(list);
      fresh = byIdOf(list);
      const self = fresh.get(editedId);
      if (!self) {
        setGone(true);
        setSaving(false);
        onSaved();
        return;
      }
      // Another user saved this package's dependencies meanwhile: saving now would drop their change.
      if (!sameDependencies(base.current, dependenciesOf(self))) {
        const from = base.current;
        const latest = dependenciesOf(self);
        base.current = latest;
        setChosen(rebaseDependencies(from, chosen, latest));
        setConflict(dependencyChanges(from, latest));
        setSaving(false);
        return;
      }
      // Added from the available packages, deleted by another user since: nothing is sent.
      const gone = chosen.filter((d) => !fresh.has(String(d.id)) && !base.current.some((b) => String(b.id) === String(d.id)));
      if (gone.length > 0) {
        dropGone(gone);
        setSaving(false);
        return;
      }
    } catch (e) {
      // Unchecked, the save could drop another user's change: nothing is sent, the choices stay.
      console.error('Dependency modal: the current packages could not be loaded before saving', e);
      setProblem(t('The current dependencies could not be read, so nothing was saved: {{message}}', { message: errorText(e) }));
      setSaving(false);
      return;
    }
    const cycles = chosenCycles(chosen, editedId, fresh);
    if (cycles.length > 0) {
      setProblem(cycles.map((path) => t('Circular dependency: {{path}}', { path })).join(' '));
      setSaving(false);
      return;
    }
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
      console.error('Dependencies could not be saved', e);
      // The service's refusal (422) says what is wrong (the cycle with its path): the modal shows it as
      // it is, beside the list it is about, and the alert does not say it a second time.
      const refused = e instanceof PlatformError && e.status === 422;
      const gone = deletedChoices(e);
      if (gone.length > 0) {
        // Deleted between the check above and the save: said by name, the list read again.
        dropGone(gone);
        loadPackages().then(setCurrent, (err: unknown) => setCheckError(errorText(err)));
      } else if (refused) setProblem(e.message);
      alerts.danger(t('Something went wrong. please try again later.'), refused ? {} : { detail: errorText(e) });
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      size="lg"
      title={t('Dependencies of {{name}} {{version}}', { name: pkg.name, version: pkg.version })}
      onClose={cancel}
      // A save already sent cannot be called back: closing meanwhile said 'No software dependency
      // added' and then, seconds later, that the dependencies were saved. It stays until the answer.
      dismissible={!saving}
      // Added or removed dependencies not saved yet: Escape and × ask, a click beside it does nothing.
      unsavedChanges={!sameDependencies(base.current, chosen)}
      data-testid="dependency-modal"
      buttons={[
        { label: t('Cancel'), onClick: cancel, disabled: saving, title: saving ? t('The dependencies are being saved.') : undefined, 'data-testid': 'dependencies-cancel' },
        { label: t('Save'), onClick: () => void save(), className: 'btn-primary', disabled: saving || checking || gone, title: gone ? t('{{name}} {{version}} is no longer in the software repository: another user deleted it. Nothing was saved.', { name: pkg.name, version: pkg.version }) : undefined, requires: REQUIRES.softwarePackageWrite, 'data-testid': 'dependencies-save' },
      ]}
    >
      {gone && (
        <div className="alert alert-danger" role="alert" data-testid="dependency-gone">
          {t('{{name}} {{version}} is no longer in the software repository: another user deleted it. Nothing was saved.', { name: pkg.name, version: pkg.version })}
        </div>
      )}
      {problem && (
        <div className="alert alert-danger" role="alert" data-testid="dependency-problem">
          {problem}
        </div>
      )}
      {conflict && (
        <div className="alert alert-danger" role="alert" data-testid="dependency-conflict">
          <p className="m-0">{t('Another user changed the dependencies of {{name}} {{version}} since you opened this dialog. Nothing was saved. The list now shows their dependencies with your changes applied: check it and save again.', { name: pkg.name, version: pkg.version })}</p>
          {conflict.added.length > 0 && <p className="m-0" data-testid="conflict-added">{t('Added by the other user: {{list}}', { list: dependencyLines(conflict.added).join(', ') })}</p>}
          {conflict.removed.length > 0 && <p className="m-0" data-testid="conflict-removed">{t('Removed by the other user: {{list}}', { list: dependencyLines(conflict.removed).join(', ') })}</p>}
        </div>
      )}
      {checkError && (
        <div className="alert alert-warning" role="alert" data-testid="dependency-check-error">
          {t('The current packages could not be loaded; the list may be out of date: {{message}}', { message: checkError })}
        </div>
      )}
      <div className="row">
        <div className="col-sm-6">
          <h5 className="text-medium">{t('Software Dependencies')}</h5>
          <FilterInput value={chosenFilter} onChange={setChosenFilter} label={t('Filter dependencies')} />
          <ul ref={chosenListRef} className="list-group m-t-8" style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="chosen-list">
            {shownChosen.length === 0 && <li className="list-group-item text-muted">{t('No dependencies')}</li>}
            {shownChosen.map((d) => (
              <li key={d.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link btn-block text-left"
                  title={t('Remove')}
                  onClick={(e) => change((c) => removeDependency(c, d.id), { list: chosenListRef, button: e.currentTarget })}
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
          <ul ref={availableListRef} className="list-group m-t-8" style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="available-list" aria-busy={checking}>
            {checking && <li className="list-group-item text-muted" data-testid="dependency-checking">{t('Loading the current packages…')}</li>}
            {!checking && candidates.length === 0 && <li className="list-group-item text-muted">{t('No packages available')}</li>}
            {!checking && candidates.map((c) => {
              const cycle = c.circular ? cycleText(cyclePath(String(c.pkg.id), editedId, byId) ?? [], byId) : '';
              // A device holds one version of a name: another version of this package or of a chosen dependency, or of one they need, could never be met.
              const versionReason = c.sameName === 'edited' ? t('Another version of the edited software.') : c.sameName === 'chosen' ? t('Another version of {{name}} is already a dependency.', { name: c.pkg.name }) : c.clash ? t('Needs {{name}} {{version}}, but {{name}} {{other}} is needed already.', { ...c.clash }) : '';
              const blocked = c.circular || !!versionReason;
              return (
                <li key={c.pkg.id} className="list-group-item p-0">
                  <button
                    type="button"
                    className="btn btn-link btn-block text-left"
                    disabled={blocked}
                    aria-disabled={blocked}
                    title={c.circular ? t('Circular dependency: {{path}}', { path: cycle }) : versionReason || t('Add')}
                    onClick={(e) => change((list) => addDependency(list, c), { list: availableListRef, button: e.currentTarget })}
                    data-testid={`available-${c.pkg.id}`}
                    data-circular={c.circular || undefined}
                    data-same-name={c.sameName ?? undefined}
                  >
                    <Icon name={blocked ? 'ban' : 'plus-circle'} className={`${blocked ? 'text-muted' : 'text-success'} m-r-8`} />
                    {c.pkg.name} <span className="text-muted">{c.pkg.version}</span>
                    {c.circular && <span className="label label-danger m-l-8">{t('circular')}</span>}
                    {c.circular && (
                      <span className="d-block small text-muted" style={{ whiteSpace: 'normal' }} data-testid={`cycle-${c.pkg.id}`}>
                        {cycle}
                      </span>
                    )}
                    {!c.circular && versionReason && (
                      <span className="d-block small text-muted" style={{ whiteSpace: 'normal' }} data-testid={`same-name-${c.pkg.id}`}>
                        {versionReason}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </Modal>
  );
}

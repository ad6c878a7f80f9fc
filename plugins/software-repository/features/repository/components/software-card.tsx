import React, { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import { isPlatformError } from '@shared/platform/fetch-client';
import { REQUIRES, type RoleRequirement } from '@shared/plugin-api/roles';
import { alerts } from '@shared/ui/alerts';
import { useLeaveGuard } from '@shared/ui/unsaved-changes';
import { confirm } from '@shared/ui/confirm';
import { useKeepFocus } from '@shared/ui/keep-focus';
import { Icon } from '@shared/ui/icon';
import { GateNote, PermittedButton, useGate } from '@shared/ui/permission';
import { removePackage, savePackage } from '../api/packages';
import { editFormFrom, isEditFormDirty, validateEditForm, type EditForm } from '../model/package-form';
import { FlipCard } from '../../../components/flip-card';
import { ApprovalField, ChoiceField, TextField } from './form-fields';
import { useOutsideClick } from '../../../components/use-outside-click';
import { useFailureAlert } from '../../../components/use-failure-alert';

/** The package is gone (another user deleted it since the list was read): its card is a ghost. */
const deletedMeanwhile = (e: unknown) => isPlatformError(e) && e.status === 404;

/** Extra entries of a card's menu, composed by the page (dependencies live in another feature). */
export interface CardMenuItem {
  label: string;
  onSelect: (pkg: SoftwarePackage) => void;
  testId: string;
  /** The roles the entry's write needs (none for views such as the dependency graph). */
  requires?: RoleRequirement;
}

interface Props {
  pkg: SoftwarePackage;
  menu: readonly CardMenuItem[];
  onChanged: () => void;
  /** Whether the back's edit form differs from the package it opened with (the page keeps such a card shown). */
  onDirty?: (id: string, dirty: boolean) => void;
}

/** A package as a card: front with name, version and menu; back with the edit form. */
export function SoftwareCard({ pkg, menu, onChanged, onDirty }: Props) {
  const [flipped, setFlipped] = useState(false);
  return (
    <FlipCard
      flipped={flipped}
      fillCell
      data-testid={`software-card-${pkg.id}`}
      front={<Front pkg={pkg} menu={menu} onDetails={() => setFlipped(true)} onChanged={onChanged} />}
      back={() => (
        <Back
          pkg={pkg}
          onBack={() => setFlipped(false)}
          onSaved={() => {
            setFlipped(false);
            onChanged();
          }}
          onGone={onChanged}
          onDirty={onDirty}
        />
      )}
    />
  );
}

function Front({ pkg, menu, onDetails, onChanged }: { pkg: SoftwarePackage; menu: readonly CardMenuItem[]; onDetails: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, open, close);
  // A delete in flight: a second one (menu opened again on a slow network) would be refused as not found.
  const [removing, setRemoving] = useState(false);
  // The menu pattern: an opened menu has the focus on its first entry, the arrow keys move in it.
  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined || items.length === 0) return;
    e.preventDefault();
    items[(next + items.length) % items.length].focus();
  };
  /**
   * An entry's dialog opens from the menu toggle: the entry goes with the menu, and the dialog
   * gives the focus back to what was focused when it opened (else it fell to the page on close).
   */
  const closeMenu = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  /**
   * After a delete this card goes: the focus moves to the next card's menu (the previous one's
   * for the last card, 'Add software' for the only one) instead of falling to the page.
   */
  const focusNeighbour = () => {
    const cell = ref.current?.closest('[data-side]');
    const neighbour = (cell?.nextElementSibling ?? cell?.previousElementSibling)?.querySelector<HTMLElement>('[data-face="front"] [data-testid="card-menu"]');
    (neighbour ?? document.querySelector<HTMLElement>('[data-testid="add-software"]'))?.focus();
  };

  // A Delete tried again takes the failed one's alert away.
  const removeFailure = useFailureAlert();
  const remove = async () => {
    closeMenu();
    const ok = await confirm({
      title: t('Confirm delete?'),
      // The name with the version: a repository holds many versions of a name, and only this one is removed.
      body: t('Do you really want to remove software {{name}}?', { name: `${pkg.name} ${pkg.version}` }),
      okLabel: t('Delete'),
      cancelLabel: t('Cancel'),
      okClass: 'btn-danger',
    });
    if (!ok) return;
    setRemoving(true);
    removeFailure.retrying();
    try {
      await removePackage(pkg);
      alerts.success(t('Software successfully removed.'));
      focusNeighbour();
      onChanged();
    } catch (e) {
      removeFailure.failed(alerts.danger(t('Error removing software.'), { detail: goneOr(e, pkg, t) }));
      // Deleted by another user: the list is read again, so the card does not stay as a ghost.
      if (deletedMeanwhile(e)) onChanged();
    } finally {
      setRemoving(false);
    }
  };

  return (
    // A column: the block takes the height the row gives, so Details sits at the bottom in every card of a row.
    <div className="card" style={{ height: '100%', marginBottom: 0, display: 'flex', flexDirection: 'column' }}>
      <div className="card-header separator d-flex a-i-center">
        <Icon name="software" className="m-r-8" />
        <h4 className="card-title text-truncate" style={{ flex: 1 }} title={pkg.name}>
          {pkg.name}
        </h4>
        <div className={`dropdown${open ? ' open' : ''}`} ref={ref}>
          <button
            ref={toggle}
            type="button"
            className="btn btn-clean dropdown-toggle"
            aria-haspopup="menu"
            aria-expanded={open}
            aria-label={t('Actions')}
            title={t('Actions')}
            onClick={() => setOpen((o) => !o)}
            data-testid="card-menu"
          >
            <Icon name="ellipsis-v" />
          </button>
          {open && (
            <ul ref={menuRef} className="dropdown-menu dropdown-menu-right" role="menu" style={{ display: 'block' }} onKeyDown={onMenuKey}>
              {menu.map((item) => {
                const select = () => {
                  closeMenu();
                  item.onSelect(pkg);
                };
                return (
                  <li key={item.testId} role="none">
                    {item.requires ? (
                      <PermittedButton requires={item.requires} role="menuitem" className="btn-link" onClick={select} data-testid={item.testId}>
                        {item.label}
                      </PermittedButton>
                    ) : (
                      <button type="button" role="menuitem" className="btn-link" onClick={select} data-testid={item.testId}>
                        {item.label}
                      </button>
                    )}
                  </li>
                );
              })}
              <li role="none">
                <PermittedButton
                  requires={REQUIRES.softwarePackageDelete}
                  role="menuitem"
                  className="btn-link text-danger"
                  disabled={removing}
                  title={removing ? t('The software is being removed.') : undefined}
                  onClick={() => void remove()}
                  data-testid="delete-software"
                >
                  <Icon name="trash" /> {t('Delete software')}
                </PermittedButton>
              </li>
            </ul>
          )}
        </div>
      </div>
      <div className="card-block" style={{ flex: '1 1 auto' }}>
        {/* A long version without spaces wraps: else it runs out of the card. */}
        <p className="m-b-4" style={{ overflowWrap: 'anywhere' }}>
          <span className="text-muted">{t('Version')}: </span>
          <strong data-testid="card-version">{pkg.version}</strong>
        </p>
        {pkg.dependencies && pkg.dependencies.length > 0 && (
          <p className="small text-muted m-b-4" data-testid="card-dependency-count">
            {t('{{count}} dependencies', { count: pkg.dependencies.length })}
          </p>
        )}
        {pkg.installation_requires_approval && <span className="label label-warning">{t('Requires approval')}</span>}
      </div>
      <div className="card-footer separator text-right">
        <button type="button" className="btn btn-default btn-sm" onClick={onDetails} data-testid="details">
          {t('Details')}
        </button>
      </div>
    </div>
  );
}

/** A failure's detail: for a package deleted meanwhile, which one and what happens, else the error's own text. */
function goneOr(e: unknown, pkg: SoftwarePackage, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (deletedMeanwhile(e)) return t('{{name}} {{version}} is no longer in the software repository: another user deleted it. The list is read again.', { name: pkg.name, version: pkg.version });
  return e instanceof Error ? e.message : String(e);
}

function Back({
  pkg,
  onBack,
  onSaved,
  onGone,
  onDirty,
}: {
  pkg: SoftwarePackage;
  onBack: () => void;
  onSaved: () => void;
  onGone: () => void;
  onDirty?: (id: string, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [opened] = useState<EditForm>(() => editFormFrom(pkg));
  const [form, setForm] = useState<EditForm>(opened);
  // Saved: the form turns away clean (it stays mounted while the card turns).
  const [saved, setSaved] = useState(false);
  // Edits a menu entry, Back of the browser or a reload would throw away: leaving asks first. The
  // card's own Back button is the user's choice (as a dialog's Cancel): it turns the card at once.
  const dirty = !saved && isEditFormDirty(opened, form);
  useLeaveGuard(dirty);
  const id = String(pkg.id);
  useEffect(() => {
    onDirty?.(id, dirty);
  }, [onDirty, id, dirty]);
  useEffect(() => () => onDirty?.(id, false), [onDirty, id]);
  // A user who may not write the package reads its back side: its fields are read-only, with the reason.
  const gate = { gate: useGate(REQUIRES.softwarePackageWrite), noteId: useId() };
  const [saving, setSaving] = useState(false);
  // Save is disabled while it runs (the focus falls to the page); after a failure it gets it back.
  const rememberFocus = useKeepFocus(saving);
  // A Save tried again takes the failed one's alert away.
  const failure = useFailureAlert();
  const errors = validateEditForm(form);
  const valid = Object.keys(errors).length === 0;
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    rememberFocus();
    setSaving(true);
    failure.retrying();
    try {
      await savePackage(pkg, opened, form);
      alerts.success(t('Software successfully updated.'));
      setSaved(true);
      onSaved();
    } catch (e) {
      failure.failed(alerts.danger(t('Error updating software.'), { detail: goneOr(e, pkg, t) }));
      setSaving(false);
      if (deletedMeanwhile(e)) onGone();
    }
  };

  return (
    <form
      className="card"
      style={{ height: '100%', marginBottom: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !saving) void save();
      }}
      noValidate
      data-testid="edit-form"
    >
      <div className="card-header separator d-flex a-i-center">
        {/* The platform's small button (padding, focus ring clear of its text), as a rollout card's Back. */}
        <button type="button" className="btn btn-default btn-sm m-r-8" onClick={onBack} data-testid="back">
          <Icon name="chevron-left" /> {t('Back')}
        </button>
        <h4 className="card-title text-truncate">{pkg.name}</h4>
      </div>
      <div className="card-block">
        <TextField name="name" label={t('Name')} value={pkg.name} readOnly />
        <TextField name="version" label={t('Version')} value={pkg.version} readOnly />
        <TextField name="full_packagename" label={t('Full package name')} value={pkg.full_packagename ?? ''} readOnly />
        <TextField name="url" label={t('URL')} value={pkg.url ?? ''} readOnly />
        <TextField name="md5" label={t('MD5 checksum')} required value={form.md5} onChange={(v) => set('md5', v)} error={errors.md5} gate={gate} />
        <TextField name="sha256" label={t('SHA-256 checksum')} required value={form.sha256} onChange={(v) => set('sha256', v)} error={errors.sha256} gate={gate} />
        <ChoiceField name="apptype" label={t('App type')} value={form.apptype} onChange={(v) => set('apptype', v as EditForm['apptype'])} error={errors.apptype} gate={gate} />
        <ChoiceField name="category" label={t('Category')} value={form.category} onChange={(v) => set('category', v as EditForm['category'])} error={errors.category} gate={gate} />
        <TextField name="password" type="password" label={t('Password')} required value={form.password} onChange={(v) => set('password', v)} error={errors.password} gate={gate} />
        <ApprovalField checked={form.installation_requires_approval} onChange={(v) => set('installation_requires_approval', v)} gate={gate} />
        <GateNote gate={gate.gate} id={gate.noteId} />
      </div>
      <div className="card-footer separator text-right">
        <PermittedButton requires={REQUIRES.softwarePackageWrite} type="submit" className="btn btn-primary btn-sm" disabled={!valid || saving} data-testid="edit-save">
          {t('Save')}
        </PermittedButton>
      </div>
    </form>
  );
}

import React, { useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { alerts } from '@shared/ui/alerts';
import { confirmDiscard, useLeaveGuard } from '@shared/ui/unsaved-changes';
import { useKeepFocus } from '@shared/ui/keep-focus';
import { Icon } from '@shared/ui/icon';
import { PermittedButton } from '@shared/ui/permission';
import { REQUIRES } from '@shared/plugin-api/roles';
import type { DeviceType } from '@shared/domain/device-types';
import { addPackage, forgetLeftBinary, UploadError, type UploadState } from '../api/packages';
import { canSaveAdd, emptyAddForm, hasOneSource, isAddFormDirty, validateAddForm, withFile, withUrl, type AddField, type AddForm } from '../model/package-form';
import { ApprovalField, ChoiceField, TextField } from './form-fields';
import { useOutsideClick } from '../../../components/use-outside-click';
import { useFailureAlert } from '../../../components/use-failure-alert';

/** The 'Add software' toolbar dropdown: opens a blank form, discards it on close. */
export function AddSoftware({ deviceType, onAdded }: { deviceType: DeviceType; onAdded: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A save in flight keeps the form open: closed meanwhile (a click elsewhere while waiting), a
  // refused save lost everything typed, and its message had no form to go with.
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The form holds what the user typed or chose: a click beside it does not throw that away, Escape
  // and the toggle ask first, leaving the page asks (Cancel is the user's own choice: it closes).
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(open && dirty);
  const asking = useRef(false);
  const close = useCallback(() => {
    setOpen(false);
    setDirty(false);
  }, []);
  const requestClose = useCallback(
    (how: 'click' | 'escape' | 'toggle') => {
      if (!dirty) return close();
      if (how === 'click' || asking.current) return;
      asking.current = true;
      void confirmDiscard('dialog').then((discard) => {
        asking.current = false;
        if (discard) close();
        else ref.current?.querySelector<HTMLElement>('[data-testid="add-software-form"] input')?.focus();
      });
    },
    [dirty, close],
  );
  useOutsideClick(ref, open && !saving, requestClose);
  // Another device type was chosen (after 'Discard changes' when the form held edits): the form of
  // the type before goes, as on close (its guard was dropped with the discard).
  const shownType = useRef(deviceType);
  useEffect(() => {
    if (shownType.current === deviceType) return;
    shownType.current = deviceType;
    close();
  }, [deviceType, close]);
  /** Cancel and Save take the form (and the focused button) away: the focus goes back to the toggle, not to the page. */
  const finish = (added: boolean) => {
    // Committed at once: the toggle is enabled again before it takes the focus.
    flushSync(() => {
      setSaving(false);
      close();
    });
    ref.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
    if (added) onAdded();
  };
  return (
    <div className={`dropdown${open ? ' open' : ''}`} ref={ref} style={{ position: 'relative' }}>
      <PermittedButton
        requires={REQUIRES.softwarePackageWrite}
        className="btn btn-link"
        aria-expanded={open}
        disabled={saving}
        title={saving ? t('The software is being added.') : undefined}
        onClick={() => (open ? requestClose('toggle') : setOpen(true))}
        data-testid="add-software"
      >
        <Icon name="plus-circle" /> {t('Add software')}
      </PermittedButton>
      {open && (
        <div
          className="dropdown-menu dropdown-menu-right"
          style={{ display: 'block', padding: 16, width: 460, maxHeight: '75vh', overflowY: 'auto' }}
          data-testid="add-software-form"
        >
          <AddSoftwareForm deviceType={deviceType} onDone={finish} onSaving={setSaving} onDirty={setDirty} />
        </div>
      )}
    </div>
  );
}

function AddSoftwareForm({
  deviceType,
  onDone,
  onSaving,
  onDirty,
}: {
  deviceType: DeviceType;
  onDone: (added: boolean) => void;
  onSaving: (saving: boolean) => void;
  /** Whether the form differs from the blank one it opened with. */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AddForm>(emptyAddForm);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [saving, setSavingHere] = useState(false);
  const dirty = isAddFormDirty(form);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  // A file uploaded by a Save whose package could not be created (nor the file removed: the
  // connection dropped): the next Save uses it, closing the form removes it.
  const upload = useRef<UploadState>({ left: null });
  useEffect(() => {
    const state = upload.current;
    return () => void forgetLeftBinary(state);
  }, []);
  const setSaving = (on: boolean) => {
    setSavingHere(on);
    onSaving(on);
  };
  // Save is disabled while it runs (the focus falls to the page); after a failure it gets it back.
  const rememberFocus = useKeepFocus(saving);
  const [dragging, setDragging] = useState(false);
  /**
   * A file the form did not take, and why: several dropped at once (spec 5: one file or URL), or
   * an empty one (no device could install it).
   */
  const [refused, setRefused] = useState<'tooMany' | 'empty' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sourceHintId = useId();
  const refusedId = useId();
  const errors = validateAddForm(form);
  const labels: Record<AddField, string> = {
    name: t('Name'),
    version: t('Version'),
    md5: t('MD5 checksum'),
    sha256: t('SHA-256 checksum'),
    apptype: t('App type'),
    category: t('Category'),
    password: t('Password'),
    url: t('URL'),
    full_packagename: t('Full package name'),
  };
  // Why Save cannot be used: every rule the form breaks, also of fields not touched yet (an
  // untouched select shows no error), and the missing download source.
  const blocked = [
    ...(Object.entries(errors) as [AddField, string][]).map(([f, e]) => `${labels[f]}: ${t(e)}`),
    ...(hasOneSource(form) ? [] : [t('Choose a file or enter a URL to save.')]),
  ].join(' ');

  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTouched((s) => new Set(s).add(key));
  };
  const choose = (picked: File | null) => {
    if (picked && picked.size === 0) {
      setRefused('empty');
      // The input keeps no choice: picking the same file again after fixing it is a change.
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setRefused(null);
    setFile(picked);
    setForm((f) => withFile(f, picked ? { name: picked.name } : null));
  };
  const field = (name: 'name' | 'version' | 'md5' | 'sha256', label: string) => (
    <TextField name={name} label={label} required value={form[name]} onChange={(v) => set(name, v)} error={errors[name]} showError={touched.has(name)} />
  );

  // The next Save takes the last failed Save's alert away (a retry once the connection is back
  // left 'Error uploading file' beside 'Software successfully added.').
  const failure = useFailureAlert();
  const save = async () => {
    rememberFocus();
    setSaving(true);
    failure.retrying();
    try {
      await addPackage(form, file, deviceType, upload.current);
      alerts.success(t('Software successfully added.'));
      onDone(true);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      failure.failed(e instanceof UploadError ? alerts.danger(t('Error uploading file'), { detail: message }) : alerts.danger(t('Error creating software.'), { detail: message }));
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (canSaveAdd(form) && !saving) void save();
      }}
      noValidate
    >
      {field('name', t('Name'))}
      {field('version', t('Version'))}
      {field('md5', t('MD5 checksum'))}
      {field('sha256', t('SHA-256 checksum'))}
      <div className="row">
        <div className="col-xs-6">
          <ChoiceField name="apptype" label={t('App type')} value={form.apptype} onChange={(v) => set('apptype', v as AddForm['apptype'])} error={errors.apptype} showError={touched.has('apptype')} />
        </div>
        <div className="col-xs-6">
          <ChoiceField name="category" label={t('Category')} value={form.category} onChange={(v) => set('category', v as AddForm['category'])} error={errors.category} showError={touched.has('category')} />
        </div>
      </div>
      <TextField
        name="password"
        type="password"
        label={t('Password')}
        required
        value={form.password}
        onChange={(v) => set('password', v)}
        error={errors.password}
        showError={touched.has('password')}
      />
      <ApprovalField checked={form.installation_requires_approval} onChange={(v) => set('installation_requires_approval', v)} />

      <div className="form-group">
        <label>{t('File')}</label>
        {file ? (
          <div className="d-flex a-i-center" style={{ gap: 8 }} data-testid="chosen-file">
            <Icon name="file" />
            <span className="text-truncate" style={{ flex: 1 }}>
              {file.name}
            </span>
            <button type="button" className="btn btn-dot btn-dot--danger" aria-label={t('Remove file')} title={t('Remove file')} onClick={() => choose(null)}>
              <Icon name="minus-circle" />
            </button>
          </div>
        ) : (
          // Not the platform's class 'drop-zone': its square box (height 0, padding-bottom 100 %) under our
          // padding left a 28 px box with the text running over its dashed bottom edge in the platform UI.
          <div
            className="text-center"
            style={{
              border: '2px dashed',
              borderColor: dragging ? 'var(--c8y-root-component-brand-primary, #1776bf)' : 'var(--c8y-root-component-border-color, #ccc)',
              padding: 12,
              cursor: form.url ? 'not-allowed' : 'pointer',
              opacity: form.url ? 0.5 : 1,
            }}
            data-dragging={dragging || undefined}
            role="button"
            tabIndex={form.url ? -1 : 0}
            aria-disabled={!!form.url}
            onClick={() => !form.url && fileInput.current?.click()}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !form.url && fileInput.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              if (!form.url) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              const dropped = e.dataTransfer.files;
              // Only one file or URL may be chosen.
              if (form.url) return;
              if (dropped.length === 1) choose(dropped[0]);
              else if (dropped.length > 1) setRefused('tooMany');
            }}
            aria-describedby={refused ? refusedId : undefined}
            data-testid="drop-zone"
          >
            <Icon name="upload" /> {t('Drop a file here or click to choose one')}
            <input
              ref={fileInput}
              type="file"
              style={{ display: 'none' }}
              disabled={!!form.url}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              data-testid="file-input"
            />
          </div>
        )}
        {refused && !file && (
          <p className="help-block text-danger" id={refusedId} role="alert" data-testid={refused === 'tooMany' ? 'too-many-files' : 'empty-file'}>
            {refused === 'tooMany' ? t('Only one file can be added: drop a single file.') : t('The chosen file is empty: choose a file with content.')}
          </p>
        )}
      </div>
      <TextField
        name="url"
        type="url"
        label={t('or URL')}
        value={form.url}
        readOnly={!!file}
        placeholder={file ? t('A file is chosen') : 'https://'}
        onChange={(v) => {
          setForm((f) => withUrl(f, v));
          setTouched((s) => new Set(s).add('url'));
        }}
        error={errors.url}
        showError={touched.has('url')}
      />
      {/* Save waits for a download source: say so, or a filled form's disabled Save has no reason. */}
      {!hasOneSource(form) && (
        <p className="help-block small text-muted m-t-0" id={sourceHintId} data-testid="source-hint">
          {t('Choose a file or enter a URL to save.')}
        </p>
      )}
      <TextField
        name="full_packagename"
        label={t('Full package name')}
        required={!!file}
        value={form.full_packagename}
        onChange={(v) => set('full_packagename', v)}
        error={errors.full_packagename}
        showError={touched.has('full_packagename')}
      />
      <div className="d-flex j-c-end" style={{ gap: 8 }}>
        <button
          type="button"
          className="btn btn-default"
          disabled={saving}
          title={saving ? t('The software is being added.') : undefined}
          onClick={() => onDone(false)}
          data-testid="add-cancel"
        >
          {t('Cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!canSaveAdd(form) || saving}
          title={saving ? undefined : blocked || undefined}
          aria-describedby={hasOneSource(form) ? undefined : sourceHintId}
          data-testid="add-save"
        >
          {t('Save')}
        </button>
      </div>
    </form>
  );
}

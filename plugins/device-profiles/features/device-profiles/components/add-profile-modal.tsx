import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '@shared/ui/modal';
import { msg } from '@shared/plugin-api/i18n';
import { enterInFieldSubmits } from '@shared/ui/enter-submits';
import { REQUIRES } from '@shared/plugin-api/roles';
import { createDeviceProfile, duplicateDeviceProfile } from '@shared/platform/create-software-ng';
import { deletedMeanwhile, profileKeys, saveErrors, trySave, useGroups, useRestrictions } from '../api/profiles';
import { CREATE_ERROR_MESSAGES, CREATE_FAILED, UPDATE_ERROR_MESSAGES, offeredGroups, sameProfileForm, validateProfileForm, type ProfileForm } from '../model/profile-rules';
import { ProfileFields, RestrictionsError } from './profile-fields';

const EMPTY: ProfileForm = { name: '', deviceType: '', deviceGroup: null };
/** The duplicated profile is gone (the list page's words for a profile another user deleted). */
const SOURCE_GONE = msg('The device profile {{name}} no longer exists: another user deleted it. Nothing was saved.');
/** Continue waits for a field not marked yet (not touched): said in view, as Add software says what its Save waits for. */
const FILL_MARKED = msg('Fill in the fields marked * to continue.');

interface CreateOutcome {
  newId?: string;
  codes: string[];
  error?: unknown;
}

async function tryCreate(form: ProfileForm): Promise<CreateOutcome> {
  const { result, codes, error } = await trySave(() => createDeviceProfile({ name: form.name.trim(), deviceType: form.deviceType, deviceGroup: form.deviceGroup }));
  return { newId: result?.ok ? String(result.ok.id) : undefined, codes, error };
}

async function tryDuplicate(id: string, form: ProfileForm): Promise<CreateOutcome> {
  try {
    return { newId: await duplicateDeviceProfile(id, { name: form.name.trim(), deviceGroup: form.deviceGroup }), codes: [] };
  } catch (error) {
    return { codes: saveErrors({ error }), error };
  }
}

/** The profile a duplicate is made of: the copy keeps its type and software. */
export interface DuplicateSource {
  id: string;
  name: string;
  deviceType: string;
}

/**
 * 'Add device profile': restrictions first, Continue only while valid, then to the new profile.
 * With `duplicateOf` the same form names the copy and picks its group before anything is created,
 * so a copy of a default profile is never a second default of its type (the rules of a create).
 */
export function AddProfileModal({ onClose, onCreated, duplicateOf }: { onClose: () => void; onCreated: (id: string) => void; duplicateOf?: DuplicateSource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restrictions = useRestrictions(null);
  const groups = useGroups();
  const [initial] = useState<ProfileForm>(() =>
    duplicateOf ? { name: t('{{name}} (copy)', { name: duplicateOf.name }), deviceType: duplicateOf.deviceType, deviceGroup: null } : EMPTY,
  );
  const [form, setForm] = useState<ProfileForm>(initial);
  // A message shows once its field was changed (or, for a duplicate, at once: the form is prefilled).
  const [touched, setTouched] = useState<ReadonlySet<keyof ProfileForm>>(() => new Set(duplicateOf ? (['name', 'deviceType', 'deviceGroup'] as const) : []));
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const errors = useMemo(() => (restrictions.data ? validateProfileForm(form, restrictions.data) : {}), [form, restrictions.data]);
  const offered = restrictions.data ? offeredGroups(groups.data ?? [], restrictions.data, null) : [];
  const valid = !!restrictions.data && Object.keys(errors).length === 0;
  // Why Continue cannot be used: the service's refusal, else every rule the form breaks (also of fields not touched yet).
  const serverText = serverError === SOURCE_GONE ? t(SOURCE_GONE, { name: duplicateOf?.name }) : serverError ? t(serverError) : null;
  const blocked = serverText ?? Object.values(errors).map((e) => t(e)).join(' ');
  const unmarked = Object.keys(errors).some((field) => !touched.has(field as keyof ProfileForm));
  const groupRequired = !!restrictions.data && !!validateProfileForm({ ...form, deviceGroup: null }, restrictions.data).deviceGroup;

  // The fields are disabled until the restrictions are read, so the dialog opened with the focus on
  // its close button and typing went nowhere: once they are in, the Name field takes the focus
  // (unless the user has moved it into the form or its buttons meanwhile).
  const fieldsRef = useRef<HTMLDivElement>(null);
  const ready = !!restrictions.data;
  useEffect(() => {
    const fields = fieldsRef.current;
    if (!ready || !fields) return;
    const active = document.activeElement;
    const dialog = fields.closest('dialog');
    const moved = active && active !== document.body && active !== dialog && !active.closest('.modal-header') && !!dialog?.contains(active);
    if (!moved) fields.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, [ready]);

  async function submit() {
    setSaving(true);
    const { newId, codes, error } = duplicateOf ? await tryDuplicate(duplicateOf.id, form) : await tryCreate(form);
    setSaving(false);
    if (newId) {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onCreated(newId);
      return;
    }
    const shown = codes.map((c) => (duplicateOf ? UPDATE_ERROR_MESSAGES[c] : CREATE_ERROR_MESSAGES[c])).find(Boolean);
    if (codes.some((c) => c in UPDATE_ERROR_MESSAGES)) {
      // A rule the modal's restrictions did not know yet (another user created a profile since it
      // opened): read them again, so the form marks the field and offers only what is still free.
      setTouched(new Set(['name', 'deviceType', 'deviceGroup'] as const));
      void restrictions.refetch();
      void queryClient.invalidateQueries({ queryKey: profileKeys.groups() });
    }
    if (shown) setServerError(shown);
    else if (duplicateOf && deletedMeanwhile(error)) {
      // The profile to copy was deleted by another user since the list was read: said by name (not
      // a bare 'Failed to create'), and the list is read again so its row goes.
      setServerError(SOURCE_GONE);
      void queryClient.invalidateQueries({ queryKey: profileKeys.list() });
    } else {
      // Spec 8 only logs other creation failures; the user is told too (README "Decisions").
      console.error('Device profile creation failed', codes, error);
      setServerError(CREATE_FAILED);
    }
  }

  return (
    <Modal
      open
      title={duplicateOf ? t('Duplicate device profile {{name}}', { name: duplicateOf.name }) : t('Add device profile')}
      onClose={onClose}
      // A create already sent cannot be called back: closing meanwhile made the page jump to the
      // new profile later (or lose a refusal unseen). The dialog stays until the service answers.
      dismissible={!saving}
      // What the user typed or chose (the blank form, a duplicate's prefilled one, does not count).
      unsavedChanges={!sameProfileForm(form, initial)}
      data-testid="add-profile-modal"
      buttons={[
        { label: t('Cancel'), onClick: onClose, disabled: saving, title: saving ? t('The device profile is being created.') : undefined, 'data-testid': 'add-profile-cancel' },
        {
          label: t('Continue'),
          className: 'btn-primary',
          disabled: !valid || !!serverError || saving,
          title: saving ? undefined : blocked || undefined,
          requires: REQUIRES.deviceProfileWrite,
          onClick: () => void submit(),
          'data-testid': 'add-profile-continue',
        },
      ]}
    >
      {restrictions.isPending && <p className="text-muted">{t('Loading…')}</p>}
      {restrictions.isError && <RestrictionsError error={restrictions.error} onRetry={() => void restrictions.refetch()} />}
      {serverError && (
        <div className="alert alert-danger" role="alert" data-testid="add-profile-error">
          {serverText}
        </div>
      )}
      {/* Enter in the name continues, as the button does, once the form is valid. */}
      <div
        ref={fieldsRef}
        onKeyDown={enterInFieldSubmits(() => {
          if (valid && !serverError && !saving) void submit();
        })}
      >
        <ProfileFields
          form={form}
          errors={Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as keyof ProfileForm)))}
          groups={offered}
          disabled={!restrictions.data}
          lockDeviceType={!!duplicateOf}
          groupsError={groups.error}
          groupRequired={groupRequired}
          onChange={(next) => {
            const changed = (Object.keys(next) as (keyof ProfileForm)[]).filter((k) => next[k] !== form[k]);
            setForm(next);
            // Choosing a type is when its default rule (the group) starts to matter.
            setTouched((prev) => new Set([...prev, ...changed, ...(changed.includes('deviceType') ? (['deviceGroup'] as const) : [])]));
            setServerError(null);
          }}
        />
        {unmarked && (
          <p className="help-block small text-muted m-b-0" data-testid="add-profile-hint">
            {t(FILL_MARKED)}
          </p>
        )}
      </div>
    </Modal>
  );
}

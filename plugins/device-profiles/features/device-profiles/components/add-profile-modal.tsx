import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '@shared/ui/modal';
import { createDeviceProfile } from '@shared/platform/create-software-ng';
import { profileKeys, trySave, useGroups, useRestrictions } from '../api/profiles';
import { CREATE_ERROR_MESSAGES, offeredGroups, validateProfileForm, type ProfileForm } from '../model/profile-rules';
import { ProfileFields } from './profile-fields';

const EMPTY: ProfileForm = { name: '', deviceType: '', deviceGroup: null };

/** 'Add device profile': restrictions first, Continue only while valid, then to the new profile. */
export function AddProfileModal({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restrictions = useRestrictions(null);
  const groups = useGroups();
  const [form, setForm] = useState<ProfileForm>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const errors = useMemo(() => (restrictions.data ? validateProfileForm(form, restrictions.data) : {}), [form, restrictions.data]);
  const offered = restrictions.data ? offeredGroups(groups.data ?? [], restrictions.data, null) : [];
  const valid = !!restrictions.data && Object.keys(errors).length === 0;

  async function submit() {
    setSaving(true);
    const { result, codes } = await trySave(() => createDeviceProfile({ name: form.name.trim(), deviceType: form.deviceType, deviceGroup: form.deviceGroup }));
    setSaving(false);
    if (result?.ok) {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onCreated(String(result.ok.id));
      return;
    }
    const shown = codes.map((c) => CREATE_ERROR_MESSAGES[c]).find(Boolean);
    if (shown) setServerError(shown);
    else {
      // Spec 8: other creation failures are only logged.
      console.error('Device profile creation failed', codes);
      setServerError(t('Failed to create device profile'));
    }
  }

  return (
    <Modal
      open
      title={t('Add device profile')}
      onClose={onClose}
      data-testid="add-profile-modal"
      buttons={[
        { label: t('Cancel'), onClick: onClose },
        {
          label: t('Continue'),
          className: 'btn-primary',
          disabled: !valid || !!serverError || saving,
          onClick: () => void submit(),
          'data-testid': 'add-profile-continue',
        },
      ]}
    >
      {restrictions.isLoading && <p className="text-muted">{t('Loading…')}</p>}
      {restrictions.isError && (
        <div className="alert alert-danger" role="alert">
          {(restrictions.error as Error).message}
        </div>
      )}
      {serverError && (
        <div className="alert alert-danger" role="alert" data-testid="add-profile-error">
          {t(serverError)}
        </div>
      )}
      <ProfileFields
        form={form}
        errors={touched ? errors : { ...errors, name: form.name ? errors.name : undefined }}
        groups={offered}
        disabled={!restrictions.data}
        onChange={(next) => {
          setForm(next);
          setTouched(true);
          setServerError(null);
        }}
      />
    </Modal>
  );
}

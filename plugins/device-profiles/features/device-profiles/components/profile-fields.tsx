import React, { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, REPOSITORY_LABELS, softwareTypeFor } from '@shared/domain/device-types';
import type { GroupOption, ProfileForm, ProfileFormErrors } from '../model/profile-rules';

/** The device types a profile can be for, as stored (software type) with their labels. */
export const PROFILE_DEVICE_TYPES = DEVICE_TYPES.map((dt) => ({ value: softwareTypeFor(dt), label: REPOSITORY_LABELS[dt] }));

/** '---' in the group select: no group, the device type's default profile. */
export const NO_GROUP = '';

export function deviceTypeLabel(type: string): string {
  return PROFILE_DEVICE_TYPES.find((d) => d.value === type)?.label ?? type;
}

interface Props {
  form: ProfileForm;
  errors: ProfileFormErrors;
  groups: readonly GroupOption[];
  disabled?: boolean;
  /** A duplicate keeps its source's device type; a profile with software keeps its type too (the reason in deviceTypeNote). */
  lockDeviceType?: boolean;
  /** Why the device type cannot change, under its select. */
  deviceTypeNote?: string;
  /** Why the group list could not be loaded (the select then offers less than there is). */
  groupsError?: Error | null;
  /** The device type already has a default profile: a group is required (marked as such). */
  groupRequired?: boolean;
  onChange: (form: ProfileForm) => void;
}

/** Name, Device type and Device Group with their validation messages. */
export function ProfileFields({ form, errors, groups, disabled, lockDeviceType, deviceTypeNote, groupsError, groupRequired, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // A required field's label is marked '*' as Add software's are (the mark is not part of its name).
  const field = (name: keyof ProfileForm, label: string, control: React.ReactNode, required = true) => (
    <div className={`form-group${errors[name] ? ' has-error' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {errors[name] && (
        <p className="help-block" role="alert" id={`${id}-${name}-error`}>
          {t(errors[name] as string)}
        </p>
      )}
    </div>
  );
  return (
    <fieldset disabled={disabled}>
      {field(
        'name',
        t('Name'),
        <input
          id={`${id}-name`}
          className="form-control"
          value={form.name}
          required
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => onChange({ ...form, name: e.target.value })}
        />,
      )}
      {field(
        'deviceType',
        t('Device type'),
        // Notes below the wrapper, not in it: the platform centres the select's arrow in the wrapper.
        <>
          <div className="c8y-select-wrapper">
            <select
              id={`${id}-deviceType`}
              className="form-control"
              value={form.deviceType}
              required
              disabled={lockDeviceType}
              aria-describedby={deviceTypeNote ? `${id}-deviceType-note` : undefined}
              onChange={(e) => onChange({ ...form, deviceType: e.target.value })}
            >
              <option value="" disabled>
                {t('Select device type')}
              </option>
              {PROFILE_DEVICE_TYPES.map((d) => (
                <option key={d.value} value={d.value}>
                  {t(d.label)}
                </option>
              ))}
            </select>
          </div>
          {deviceTypeNote && (
            <p className="help-block" id={`${id}-deviceType-note`} data-testid="device-type-note">
              {deviceTypeNote}
            </p>
          )}
        </>,
      )}
      {field(
        'deviceGroup',
        t('Device Group'),
        <>
          <div className="c8y-select-wrapper">
            <select
              id={`${id}-deviceGroup`}
              className="form-control"
              value={form.deviceGroup ?? NO_GROUP}
              required={groupRequired}
              aria-invalid={!!errors.deviceGroup}
              aria-describedby={errors.deviceGroup ? `${id}-deviceGroup-error` : undefined}
              onChange={(e) => onChange({ ...form, deviceGroup: e.target.value === NO_GROUP ? null : e.target.value })}
            >
              <option value={NO_GROUP}>---</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          {groupsError && (
            <p className="help-block text-danger" role="alert" data-testid="groups-error">
              {t('The device groups could not be loaded:')} {groupsError.message}
            </p>
          )}
        </>,
        !!groupRequired,
      )}
    </fieldset>
  );
}

/** Restrictions that failed to load: saving waits for them (spec 8), so say why and offer to try again. */
export function RestrictionsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert" data-testid="restrictions-error">
      {t('Saving needs the profile names and groups already in use, which could not be loaded:')} {error.message}{' '}
      <button type="button" className="btn btn-link p-0" onClick={onRetry}>
        {t('Reload')}
      </button>
    </div>
  );
}

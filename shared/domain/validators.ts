/**
 * Validation rules of both specs. Messages are returned as the spec's exact English texts,
 * which are also the i18n keys (translate them with t() in the plugin's namespace).
 */
import {
  PASSWORD_ASCII_MAX,
  PASSWORD_ASCII_MIN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLLOUT_BATCH_GAP_MAX_SECONDS,
  ROLLOUT_BATCH_GAP_MIN_SECONDS,
  ROLLOUT_BATCH_SIZE_MAX,
  ROLLOUT_BATCH_SIZE_MIN,
  ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  ROLLOUT_DEFAULT_BATCH_SIZE,
  ROLLOUT_PAUSE_LIMIT_MAX,
  ROLLOUT_PAUSE_LIMIT_MIN,
  ROLLOUT_PAUSE_LIMIT_START,
  ROLLOUT_PAUSE_LIMIT_STEP,
} from './constants';

// ---- rollout configuration ------------------------------------------------------------------
export interface RolloutConfig {
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
}

/** Batch size 10, delay 60 s, no pause limits. */
export const defaultRolloutConfig = (): RolloutConfig => ({
  batchSize: ROLLOUT_DEFAULT_BATCH_SIZE,
  batchGapSeconds: ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  automaticPauseLimits: [],
});

/** The value a newly added pause limit starts with: 100, then 200, 300, ... */
export const nextPauseLimit = (existing: readonly number[]): number => ROLLOUT_PAUSE_LIMIT_START + ROLLOUT_PAUSE_LIMIT_STEP * existing.length;

/** A field outside its integer range; the form shows min and max. */
export interface RangeError {
  min: number;
  max: number;
}

export interface RolloutConfigErrors {
  batchSize?: RangeError;
  batchGapSeconds?: RangeError;
  /** Index of each invalid pause limit. */
  automaticPauseLimits?: Record<number, RangeError>;
}

const inRange = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Errors of a rollout configuration; an empty object when valid. */
export function validateRolloutConfig(c: RolloutConfig): RolloutConfigErrors {
  const errors: RolloutConfigErrors = {};
  if (!inRange(c.batchSize, ROLLOUT_BATCH_SIZE_MIN, ROLLOUT_BATCH_SIZE_MAX)) errors.batchSize = { min: ROLLOUT_BATCH_SIZE_MIN, max: ROLLOUT_BATCH_SIZE_MAX };
  if (!inRange(c.batchGapSeconds, ROLLOUT_BATCH_GAP_MIN_SECONDS, ROLLOUT_BATCH_GAP_MAX_SECONDS)) {
    errors.batchGapSeconds = { min: ROLLOUT_BATCH_GAP_MIN_SECONDS, max: ROLLOUT_BATCH_GAP_MAX_SECONDS };
  }
  c.automaticPauseLimits.forEach((limit, i) => {
    if (!inRange(limit, ROLLOUT_PAUSE_LIMIT_MIN, ROLLOUT_PAUSE_LIMIT_MAX)) {
      (errors.automaticPauseLimits ??= {})[i] = { min: ROLLOUT_PAUSE_LIMIT_MIN, max: ROLLOUT_PAUSE_LIMIT_MAX };
    }
  });
  return errors;
}

/** True when {@link validateRolloutConfig} found nothing. */
export const isRolloutConfigValid = (c: RolloutConfig): boolean => Object.keys(validateRolloutConfig(c)).length === 0;

// ---- software package password --------------------------------------------------------------
export const PASSWORD_MESSAGE =
  'Password must be at minimum 8 characters and maximum 63 characters. Only ASCII values between index 32-126 are allowed.';

/** 8 to 63 printable ASCII characters (space to tilde). */
export function isValidPassword(password: string | null | undefined): boolean {
  if (typeof password !== 'string') return false;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  for (let i = 0; i < password.length; i++) {
    const c = password.charCodeAt(i);
    if (c < PASSWORD_ASCII_MIN || c > PASSWORD_ASCII_MAX) return false;
  }
  return true;
}

// ---- device profiles ------------------------------------------------------------------------
export const PROFILE_NAME_NOT_UNIQUE = 'Name is not unique.';
export const PROFILE_GROUP_REQUIRED = 'Default profile already available. A device group is required.';

/** What the microservice's /restrictions answer (minus the profile being edited). */
export interface ProfileRestrictions {
  alreadyUsedProfileNames: readonly string[];
  alreadyAssignedGroups: readonly string[];
  deviceTypeWithDefaultProfile: readonly string[];
}

export interface ProfileForm {
  name: string;
  deviceType: string;
  /** null / '' means no group ('---'): the device type's default profile. */
  deviceGroup: string | null;
}

export interface ProfileFormErrors {
  name?: 'required' | typeof PROFILE_NAME_NOT_UNIQUE;
  deviceType?: 'required';
  deviceGroup?: typeof PROFILE_GROUP_REQUIRED;
}

/** Errors of the add/edit profile form against the restrictions. */
export function validateProfileForm(form: ProfileForm, r: ProfileRestrictions): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'required';
  else if (r.alreadyUsedProfileNames.includes(name)) errors.name = PROFILE_NAME_NOT_UNIQUE;
  if (!form.deviceType) errors.deviceType = 'required';
  const type = form.deviceType.toLowerCase();
  const hasDefault = r.deviceTypeWithDefaultProfile.some((t) => t.toLowerCase() === type);
  if (form.deviceType && hasDefault && !form.deviceGroup) errors.deviceGroup = PROFILE_GROUP_REQUIRED;
  return errors;
}

/** Groups the form may offer: not assigned to another profile (the current one stays). */
export function offerableGroups<G extends { id: string }>(groups: readonly G[], r: ProfileRestrictions, current?: string | null): G[] {
  return groups.filter((g) => g.id === current || !r.alreadyAssignedGroups.includes(g.id));
}

/**
 * The add and edit forms of a software package (spec 2, section 5): field rules, the file-or-URL
 * choice with the full package name filled in, and the payloads sent to the microservice.
 */
import type { AppType, SoftwareCategory, SoftwarePackage } from '@shared/platform/create-software-ng';
import { SOFTWARE_TYPE } from '@shared/domain/constants';
import { fullPackageNameFromFile, fullPackageNameFromUrl, hasIncludedSas, isDownloadUrl } from '@shared/domain/software-package';
import { isValidPassword, PASSWORD_MESSAGE } from '@shared/domain/validators';
import { msg } from '@shared/plugin-api/i18n';

export { PASSWORD_MESSAGE };

export const APP_TYPES: readonly AppType[] = ['WINDOWS', 'BATCH', 'APPLICATION', 'AGENTUPDATER', 'UNKNOWN'];
export const CATEGORIES: readonly SoftwareCategory[] = ['normal', 'critical'];
/**
 * What the edit form's password field shows instead of the stored password (the service never
 * answers it). Long enough to pass the password rule, so an untouched field keeps the form valid.
 */
export const PASSWORD_PLACEHOLDER = '********';
/** The i18n key of a missing required field. */
export const REQUIRED = msg('This field is required.');
/** The i18n key of a URL no device could download from. */
export const URL_INVALID = msg('Enter a URL that starts with http:// or https://.');

export interface AddForm {
  name: string;
  version: string;
  md5: string;
  sha256: string;
  apptype: AppType | '';
  category: SoftwareCategory | '';
  full_packagename: string;
  installation_requires_approval: boolean;
  password: string;
  /** External download URL; empty when a file is chosen. */
  url: string;
  /** The dropped or picked file; null when a URL is used. */
  file: { name: string } | null;
}

export type AddField = 'name' | 'version' | 'md5' | 'sha256' | 'apptype' | 'category' | 'full_packagename' | 'password' | 'url';
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** A blank add form, as the 'Add software' dropdown opens with. */
export const emptyAddForm = (): AddForm => ({
  name: '',
  version: '',
  md5: '',
  sha256: '',
  apptype: '',
  category: '',
  full_packagename: '',
  installation_requires_approval: false,
  password: '',
  url: '',
  file: null,
});

const blank = (s: string) => s.trim() === '';

/** The password rule: required (only empty is missing: spaces are printable ASCII), then 8 to 63 of space to tilde. */
function passwordError(password: string): string | undefined {
  if (password === '') return REQUIRED;
  return isValidPassword(password) ? undefined : PASSWORD_MESSAGE;
}

/** The form with this URL; the full package name follows the URL's last segment. */
export function withUrl(form: AddForm, url: string): AddForm {
  return { ...form, url, file: null, full_packagename: fullPackageNameFromUrl(url) };
}

/** The form with this file (or none); the full package name is the file's name. */
export function withFile(form: AddForm, file: { name: string } | null): AddForm {
  return { ...form, file, url: '', full_packagename: file ? fullPackageNameFromFile(file) : '' };
}

/** Every invalid field of the add form with its message key; empty when valid. */
export function validateAddForm(form: AddForm): FormErrors<AddField> {
  const errors: FormErrors<AddField> = {};
  for (const f of ['name', 'version', 'md5', 'sha256', 'apptype', 'category'] as const) if (blank(form[f])) errors[f] = REQUIRED;
  // The name is only needed to store an uploaded file; a URL's name is derived by the service.
  if (form.file && blank(form.full_packagename)) errors.full_packagename = REQUIRED;
  const password = passwordError(form.password);
  if (password) errors.password = password;
  // The devices download the package from it: an http(s) address, not any text.
  if (!form.file && !blank(form.url) && !isDownloadUrl(form.url)) errors.url = URL_INVALID;
  return errors;
}

/** Exactly one download source: a file or a URL. */
export const hasOneSource = (form: AddForm): boolean => (form.file !== null) !== !blank(form.url);

/** Save is enabled only for a valid form with a file or a URL. */
export const canSaveAdd = (form: AddForm): boolean => Object.keys(validateAddForm(form)).length === 0 && hasOneSource(form);

/**
 * The create payload: an uploaded file travels as c8y_url (its binary's `self`), a URL as url.
 * deviceType is the type packages of the selected device type are stored under.
 */
export function toCreateRequest(form: AddForm, deviceType: string, uploadedUrl?: string): SoftwarePackage {
  const url = uploadedUrl ?? form.url.trim();
  const request: SoftwarePackage = {
    type: SOFTWARE_TYPE,
    name: form.name.trim(),
    version: form.version.trim(),
    md5: form.md5.trim(),
    sha256: form.sha256.trim(),
    apptype: form.apptype as AppType,
    category: form.category as SoftwareCategory,
    full_packagename: form.full_packagename.trim(),
    installation_requires_approval: form.installation_requires_approval,
    password: form.password,
    urlHasIncludedSAS: uploadedUrl ? false : hasIncludedSas(url),
    c8y_encryptionKey: true,
    deviceType,
  };
  if (uploadedUrl) request.c8y_url = uploadedUrl;
  else request.url = url;
  return request;
}

// ---- edit -----------------------------------------------------------------------------------

export interface EditForm {
  md5: string;
  sha256: string;
  apptype: AppType | '';
  category: SoftwareCategory | '';
  installation_requires_approval: boolean;
  /** PASSWORD_PLACEHOLDER until the user types a new one. */
  password: string;
}

export type EditField = 'md5' | 'sha256' | 'apptype' | 'category' | 'password';

/** The edit form created from a package (the password is never known: the placeholder stands in). */
export function editFormFrom(pkg: SoftwarePackage): EditForm {
  return {
    md5: pkg.md5 ?? '',
    sha256: pkg.sha256 ?? '',
    apptype: pkg.apptype ?? '',
    category: pkg.category ?? '',
    installation_requires_approval: pkg.installation_requires_approval === true,
    password: PASSWORD_PLACEHOLDER,
  };
}

export function validateEditForm(form: EditForm): FormErrors<EditField> {
  const errors: FormErrors<EditField> = {};
  for (const f of ['md5', 'sha256', 'apptype', 'category'] as const) if (blank(form[f])) errors[f] = REQUIRED;
  const password = form.password === PASSWORD_PLACEHOLDER ? undefined : passwordError(form.password);
  if (password) errors.password = password;
  return errors;
}

/** The update payload: read-only fields as stored, the password null when left unchanged. */
export function toUpdateRequest(pkg: SoftwarePackage, form: EditForm): SoftwarePackage {
  return {
    id: pkg.id,
    type: pkg.type ?? SOFTWARE_TYPE,
    name: pkg.name,
    version: pkg.version,
    full_packagename: pkg.full_packagename,
    deviceType: pkg.deviceType,
    md5: form.md5.trim(),
    sha256: form.sha256.trim(),
    apptype: form.apptype as AppType,
    category: form.category as SoftwareCategory,
    installation_requires_approval: form.installation_requires_approval,
    password: form.password === PASSWORD_PLACEHOLDER ? null : form.password,
  };
}

/**
 * The form to save when the package may have changed since the form was opened (another user's
 * edit): the fields this user changed keep their values, the others take the stored ones, so an
 * untouched field never writes back what it held when the card flipped.
 */
export function mergeEdit(opened: EditForm, edited: EditForm, stored: SoftwarePackage): EditForm {
  const now = editFormFrom(stored);
  const pick = <K extends keyof EditForm>(k: K): EditForm[K] => (edited[k] !== opened[k] ? edited[k] : now[k]);
  return {
    md5: pick('md5'),
    sha256: pick('sha256'),
    apptype: pick('apptype'),
    category: pick('category'),
    installation_requires_approval: pick('installation_requires_approval'),
    password: edited.password,
  };
}

// ---- unsaved edits --------------------------------------------------------------------------

const sameForm = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** The add form holds something the user typed or chose (not merely touched): closing it would lose that. */
export const isAddFormDirty = (form: AddForm): boolean => !sameForm(form, emptyAddForm());

/** The edit form differs from the package as the card's back opened with it. */
export const isEditFormDirty = (opened: EditForm, form: EditForm): boolean => !sameForm(opened, form);

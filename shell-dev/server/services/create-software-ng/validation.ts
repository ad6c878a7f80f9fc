import { isDownloadUrl } from '@shared/domain/software-package';
import { HttpError } from '../../core/api';
import {
  PASSWORD_MAX_CHAR,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_CHAR,
  PASSWORD_MIN_LENGTH,
  PLATFORM_BINARY_PATH,
  SAS_MARKER,
  SOFTWARE_DEVICE_TYPES,
} from './constants';

export const PASSWORD_MESSAGE =
  'Password must be at minimum 8 characters and maximum 63 characters. Only ASCII values between index 32-126 are allowed.';
export const APPTYPES = ['WINDOWS', 'BATCH', 'APPLICATION', 'AGENTUPDATER', 'UNKNOWN'] as const;
export const CATEGORIES = ['normal', 'critical'] as const;
const REQUIRED_ON_CREATE = ['name', 'version', 'md5', 'sha256', 'apptype', 'category', 'deviceType'] as const;
const REQUIRED_ON_UPDATE = ['md5', 'sha256', 'apptype', 'category'] as const;
/** Fixed once created (dashboards §5: read-only in the edit form). */
const IMMUTABLE = ['name', 'version', 'full_packagename', 'deviceType'] as const;

export function validationError(problems: string[]): HttpError {
  const e = new HttpError(422, 'create-software-ng/validationError', problems.join(' '));
  return e;
}

/** A package chosen from a list the client read (name and version as the client sent them). */
export interface GoneChoice {
  id: string;
  name?: string;
  version?: string;
}

/** Error code of a refusal because chosen packages no longer exist (another user deleted them). */
export const CHOICE_DELETED = 'create-software-ng/choiceDeleted';

/**
 * 422 with `missing` in the body: the chosen packages that no longer exist, so the client can say
 * which are gone and read its choices again (a bare "not a package" named only an id).
 */
export class ChoicesGoneError extends HttpError {
  constructor(readonly missing: GoneChoice[]) {
    super(422, CHOICE_DELETED, missing.map((m) => `Software ${[m.name, m.version].filter(Boolean).join(' ') || m.id} (${m.id}) no longer exists in the software repository: another user deleted it.`).join(' '));
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, 'create-software-ng/badRequest', message);
}

export function isValidPassword(p: string): boolean {
  if (p.length < PASSWORD_MIN_LENGTH || p.length > PASSWORD_MAX_LENGTH) return false;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (c < PASSWORD_MIN_CHAR || c > PASSWORD_MAX_CHAR) return false;
  }
  return true;
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A platform binary: its `self` (an http or https URL) or a path, whose path starts with
 * /inventory/binaries/. Containing that text is not enough: `javascript:...//inventory/binaries/1`
 * became the package's download URL.
 */
function isPlatformBinaryUrl(v: string): boolean {
  let u: URL;
  try {
    u = new URL(v, 'http://platform.invalid');
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname.startsWith(PLATFORM_BINARY_PATH);
}

/** A flag sent as anything but true, false or nothing is refused, not read as false. */
function checkFlag(req: Record<string, unknown>, problems: string[]): void {
  const v = req.installation_requires_approval;
  if (v !== undefined && v !== null && typeof v !== 'boolean') problems.push('installation_requires_approval must be true or false.');
}

/**
 * The stored package from a create request, and its password apart (the service keeps it, not the
 * managed object: package-passwords.ts). The download is either a file uploaded to the platform
 * (c8y_url, a binary under /inventory/binaries/) or an external URL (url): exactly one.
 */
export function packageForCreate(req: Record<string, unknown>): { doc: Record<string, unknown>; password: string } {
  const problems: string[] = [];
  for (const f of REQUIRED_ON_CREATE) if (!nonEmpty(req[f])) problems.push(`${f} is required.`);
  checkEnums(req, problems);
  checkFlag(req, problems);
  if (nonEmpty(req.deviceType) && !(SOFTWARE_DEVICE_TYPES as readonly string[]).includes(req.deviceType)) {
    problems.push(`deviceType must be one of ${SOFTWARE_DEVICE_TYPES.join(', ')}.`);
  }
  if (typeof req.password !== 'string' || !isValidPassword(req.password)) problems.push(PASSWORD_MESSAGE);
  const file = nonEmpty(req.c8y_url) ? req.c8y_url : undefined;
  const url = nonEmpty(req.url) ? req.url : undefined;
  if ((file === undefined) === (url === undefined)) problems.push('Exactly one of file (c8y_url) or URL (url) is required.');
  if (file !== undefined && !isPlatformBinaryUrl(file)) problems.push(`c8y_url must point to a platform binary (${PLATFORM_BINARY_PATH}).`);
  if (file !== undefined && !nonEmpty(req.full_packagename)) problems.push('full_packagename is required.');
  if (file === undefined && url !== undefined && !isDownloadUrl(url)) problems.push('url must be an http or https URL.');
  if (problems.length > 0) throw validationError(problems);
  const download = (file ?? url) as string;
  const doc = {
    name: (req.name as string).trim(),
    version: (req.version as string).trim(),
    deviceType: req.deviceType,
    md5: req.md5,
    sha256: req.sha256,
    apptype: req.apptype,
    category: req.category,
    full_packagename: nonEmpty(req.full_packagename) ? req.full_packagename : fullPackageNameFromUrl(download),
    installation_requires_approval: req.installation_requires_approval === true,
    url: download,
    c8y_url: file ?? null,
    urlHasIncludedSAS: download.includes(SAS_MARKER),
    c8y_encryptionKey: true,
    dependencies: [],
  };
  return { doc, password: req.password as string };
}

/**
 * The patch of an update request, and a new password apart (undefined: a null password keeps the
 * stored one). Immutable fields must not change.
 */
export function packagePatchForUpdate(req: Record<string, unknown>, current: Record<string, unknown>): { patch: Record<string, unknown>; password?: string } {
  const problems: string[] = [];
  for (const f of REQUIRED_ON_UPDATE) if (!nonEmpty(req[f])) problems.push(`${f} is required.`);
  checkEnums(req, problems);
  checkFlag(req, problems);
  for (const f of IMMUTABLE) if (req[f] !== undefined && req[f] !== null && req[f] !== current[f]) problems.push(`${f} cannot be changed.`);
  if (req.password !== undefined && req.password !== null && (typeof req.password !== 'string' || !isValidPassword(req.password))) {
    problems.push(PASSWORD_MESSAGE);
  }
  if (problems.length > 0) throw validationError(problems);
  const patch: Record<string, unknown> = { md5: req.md5, sha256: req.sha256, apptype: req.apptype, category: req.category };
  if (typeof req.installation_requires_approval === 'boolean') patch.installation_requires_approval = req.installation_requires_approval;
  return { patch, password: typeof req.password === 'string' ? req.password : undefined };
}

function checkEnums(req: Record<string, unknown>, problems: string[]): void {
  if (nonEmpty(req.apptype) && !(APPTYPES as readonly string[]).includes(req.apptype)) problems.push(`apptype must be one of ${APPTYPES.join(', ')}.`);
  if (nonEmpty(req.category) && !(CATEGORIES as readonly string[]).includes(req.category)) problems.push(`category must be one of ${CATEGORIES.join(', ')}.`);
}

/** Last path segment, cut after '.zip' when a query (SAS token) follows, URL-decoded (dashboards §5). */
export function fullPackageNameFromUrl(url: string): string {
  const zip = url.indexOf(SAS_MARKER);
  const path = zip >= 0 ? url.slice(0, zip + SAS_MARKER.length - 1) : url.split('?')[0];
  const last = path.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The create-software-ng microservice (software assignment, rollouts, time zones, replacement,
 * software packages, dependencies, device profiles): one typed function per call of both specs'
 * section 7. Payload and response types follow the specs' section 3.
 */
import { isPlatformError, listIn, objectIn, request } from './fetch-client';
import { listManagedObjects, type ManagedObject } from './inventory';
import { buildQuery, eq } from './query-language';

/** Base path of the microservice. */
export const CREATE_SOFTWARE_NG = '/service/create-software-ng';
/** Base path of the device-profile service (spec 2, section 9). */
export const DEVICE_PROFILE_SERVICE = `${CREATE_SOFTWARE_NG}/deviceProfile`;
const PACKAGES = `${CREATE_SOFTWARE_NG}/softwarePackage`;

/** The operation the microservice registers software with (also the clear-pending operation type). */
export const REGISTER_SOFTWARE_OPERATION = 'netbox_RegisterSoftwarePackage';

// ---- replacement --------------------------------------------------------------------------

/** GET /getIotConnectorReplacmentlist (sic): devices that may replace an IoTconnector. */
export async function getIotConnectorReplacementList(): Promise<{ deviceList: ManagedObject[] }> {
  const path = `${CREATE_SOFTWARE_NG}/getIotConnectorReplacmentlist`;
  return { deviceList: listIn<ManagedObject>(await request<unknown>('GET', path), 'deviceList', path) };
}

/** A software package as the validation call returns it. */
export interface SoftwareObject {
  id?: string;
  name: string;
  version: string;
  url?: string;
  [field: string]: unknown;
}

/** PUT /validateSoftware: the package of that version and the latest one (either may be missing). */
export function validateSoftware(body: { name: string; version: string }): Promise<{
  softwareObject?: SoftwareObject | null;
  latestSoftwareObject?: SoftwareObject | null;
}> {
  return request('PUT', `${CREATE_SOFTWARE_NG}/validateSoftware`, { body });
}

/** PUT /assignTargetDeviceToSourceDevice: hands the source IoTconnector's identity to the target. */
export async function assignTargetDeviceToSourceDevice(sourceExternalId: string, targetExternalId: string): Promise<void> {
  await request('PUT', `${CREATE_SOFTWARE_NG}/assignTargetDeviceToSourceDevice`, { query: { sourceExternalId, targetExternalId } });
}

// ---- time zones ---------------------------------------------------------------------------

/** POST /createTimezoneOperations; timezone is '{name}#{windowsZone}' (domain/timezones.ts). */
export function createTimezoneOperations(body: { devices: string[]; timezone: string }): Promise<{ noOfOperationsCreated: number }> {
  return request('POST', `${CREATE_SOFTWARE_NG}/createTimezoneOperations`, { body });
}

// ---- assignment and rollouts --------------------------------------------------------------

/** The software fragment of an assignment (netbox_RegisterSoftwarePackage). */
export interface RegisterSoftwarePackage {
  name: string;
  version: string;
  repository_id: string;
  url: string;
  category?: string;
  installation_requires_approval?: boolean;
  c8y_encryptionKey?: unknown;
}

/** POST /createSoftwareAssignment: either software or a device profile for the listed device ids. */
export type SoftwareAssignmentRequest = {
  devices: string[];
  forceInstallation: boolean;
  description?: string;
} & (
  | { netbox_RegisterSoftwarePackage: RegisterSoftwarePackage; registerDeviceProfile?: never }
  | { registerDeviceProfile: { deviceProfileId: string }; netbox_RegisterSoftwarePackage?: never }
);

/** Counters the assignment answers with (also in the c8y_status object). */
export interface AssignmentResult {
  noOfSuccessfullAssignment: number;
  noOfUpdatedAssignment: number;
  noOfNoAssignment: number;
  noOfFailedAssignment: number;
}

/** POST /createSoftwareAssignment. */
export function createSoftwareAssignment(body: SoftwareAssignmentRequest): Promise<AssignmentResult> {
  return request('POST', `${CREATE_SOFTWARE_NG}/createSoftwareAssignment`, { body });
}

export interface RolloutParameters {
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
  /** A sent operation not finished within this time fails ('no answer from device'); server default 3600. */
  operationTimeoutSeconds?: number;
  /** Pause when the failed share of the processed devices passes this percentage; absent = none. */
  errorThresholdPercent?: number;
}

export interface SoftwareRolloutRequest {
  name: string;
  devices: string[];
  softwareId: string;
  forceInstallation: boolean;
  rolloutParameters: RolloutParameters;
}

export type RolloutStatus = 'CREATED' | 'ONGOING' | 'PAUSED' | 'COMPLETED' | 'CANCELLED' | 'BROKEN' | 'ARCHIVED';

export interface RolloutCounters {
  processed?: number;
  total?: number;
  success: number;
  upToDate: number;
  updated: number;
  failed: number;
  disabled: number;
  /** Sent, no result yet (the stand-in's engine). */
  waiting?: number;
  /** Not sent, or not started, when the rollout was cancelled. */
  cancelled?: number;
}

/**
 * Why a rollout is PAUSED: `reason` is the code the console translates, with its values in the
 * fields beside it (failed, processed, errorThresholdPercent; limit; user); `message` the English text.
 */
export interface RolloutPauseReason {
  reason: 'errorThreshold' | 'pauseLimit' | 'manual';
  message: string;
  failed?: number;
  processed?: number;
  errorThresholdPercent?: number;
  limit?: number;
  user?: string;
}

/** Batch n of m, the next batch and the latest end (ISO times, null when none). */
export interface RolloutProgress {
  batch: number;
  batches: number;
  nextBatchTime: string | null;
  estimatedEndTime: string | null;
}

/** The rollout managed object (type {product}_software_rollout_object). */
export interface SoftwareRollout extends ManagedObject {
  status: RolloutStatus;
  software: { name: string; version: string };
  counters: RolloutCounters;
  rolloutParameters?: RolloutParameters;
  finishedTime?: string;
  pauseReason?: RolloutPauseReason;
  brokenReason?: { reason: string; message: string };
  progress?: RolloutProgress;
}

export type RolloutDeviceResult = 'pending' | 'waiting' | 'success' | 'updated' | 'upToDate' | 'failed' | 'disabled' | 'cancelled';

/**
 * Why the rollout engine itself failed, skipped or noted a device: a stable code the console
 * translates, with `failureReasonParams` for the values in the text (the English text stays in
 * `failureReason`). A text the device wrote (its operation's failureReason, its package entry's
 * failure_message) has no code: the platform does not translate device texts.
 */
export type RolloutReasonCode =
  /** The operation was not finished within the rollout's time-out. */
  | 'noAnswer'
  /** Cancel: the device had not started its operation (the operation failed). */
  | 'cancelledBeforeStart'
  /** Cancel: the device was not sent its operation yet. */
  | 'cancelledNotSent'
  /** Skipped: the device was UNAVAILABLE when its batch went out. */
  | 'unavailable'
  /** The device was deleted. */
  | 'deviceGone'
  /** params deviceType and, when the software names one, softwareDeviceType. */
  | 'wrongDeviceType'
  /** params installed, expected: another version took the software's place on the device. */
  | 'versionReplaced'
  /** The software's entry left the device's package list. */
  | 'entryRemoved'
  /** params error: the operation could not be created (the service's own error text). */
  | 'notSent'
  /** The operation failed without a reason from the device. */
  | 'operationFailed'
  /** Cancel: the device had started; its result is no longer followed. */
  | 'startedBeforeCancel';

export type RolloutReasonParams = Record<string, string | number>;

export interface RolloutDevice {
  id: string;
  name: string | null;
  result: RolloutDeviceResult;
  /** In English, as written: the engine's text, or the device's own. */
  failureReason: string | null;
  /** The engine's reason as a code (absent or null: the device's own text, or a result stored before codes existed). */
  failureReasonCode?: RolloutReasonCode | null;
  failureReasonParams?: RolloutReasonParams | null;
  operationId: string | null;
}

/** GET /softwareRollout/{id}/devices: a rollout's devices with result and failure reason, in rollout order. */
export async function getSoftwareRolloutDevices(
  id: string,
  opts: { result?: RolloutDeviceResult | 'processed'; pageSize?: number; currentPage?: number } = {},
): Promise<{ devices: RolloutDevice[]; statistics: { currentPage: number; pageSize: number; totalElements: number } }> {
  const q = new URLSearchParams();
  if (opts.result) q.set('result', opts.result);
  if (opts.pageSize) q.set('pageSize', String(opts.pageSize));
  if (opts.currentPage) q.set('currentPage', String(opts.currentPage));
  const qs = q.toString();
  const path = `${CREATE_SOFTWARE_NG}/softwareRollout/${encodeURIComponent(id)}/devices`;
  const body = await request<{ devices: RolloutDevice[]; statistics: { currentPage: number; pageSize: number; totalElements: number } }>('GET', `${path}${qs ? `?${qs}` : ''}`);
  listIn(body, 'devices', path);
  return body;
}

/** POST /createSoftwareRollout (201). */
export function createSoftwareRollout(body: SoftwareRolloutRequest): Promise<SoftwareRollout | null> {
  return request('POST', `${CREATE_SOFTWARE_NG}/createSoftwareRollout`, { body });
}

/** The statuses a user can set: start, pause, cancel, archive. */
export type RolloutStatusChange = 'ONGOING' | 'PAUSED' | 'CANCELLED' | 'ARCHIVED';

/** PUT /updateSoftwareRolloutStatus/{id}/{status}. */
export function updateSoftwareRolloutStatus(id: string, status: RolloutStatusChange): Promise<SoftwareRollout | null> {
  return request('PUT', `${CREATE_SOFTWARE_NG}/updateSoftwareRolloutStatus/${encodeURIComponent(id)}/${status}`);
}

/** PUT /clearPendingAssignment/selectedDevices. */
export async function clearPendingAssignment(deviceList: string[]): Promise<void> {
  await request('PUT', `${CREATE_SOFTWARE_NG}/clearPendingAssignment/selectedDevices`, {
    body: { deviceList, operationType: REGISTER_SOFTWARE_OPERATION },
  });
}

/** PUT /initialize: initializes not-monitored devices. */
export async function initializeDevices(deviceList: string[]): Promise<void> {
  await request('PUT', `${CREATE_SOFTWARE_NG}/initialize`, { body: { deviceList } });
}

// ---- software packages and dependencies ---------------------------------------------------

export type AppType = 'WINDOWS' | 'BATCH' | 'APPLICATION' | 'AGENTUPDATER' | 'UNKNOWN';
export type SoftwareCategory = 'normal' | 'critical';

export interface SoftwareDependency {
  id: string;
  name: string;
  version: string;
}

/** A software package (type c8y_Software). */
export interface SoftwarePackage {
  id?: string;
  name: string;
  version: string;
  md5?: string;
  sha256?: string;
  apptype?: AppType;
  category?: SoftwareCategory;
  full_packagename?: string;
  installation_requires_approval?: boolean;
  /** Sent on create/update; null on update keeps the stored one. */
  password?: string | null;
  url?: string;
  urlHasIncludedSAS?: boolean;
  c8y_url?: string;
  c8y_encryptionKey?: unknown;
  deviceType?: string;
  dependencies?: SoftwareDependency[];
  type?: string;
  [field: string]: unknown;
}

/** GET /softwarePackage?name&version&deviceType. */
export async function listSoftwarePackages(query: { name?: string; version?: string; deviceType?: string }): Promise<SoftwarePackage[]> {
  const body = await request<unknown>('GET', PACKAGES, { query });
  return listIn<SoftwarePackage>(body, 'softwarePackageList', PACKAGES);
}

/** What create/update answer: the inventory URL of the package ('.../managedObjects/{id}'). */
export interface SoftwarePackageSaveResult {
  inventoryManagedObjectUrl?: string;
  c8y_url?: string;
  [field: string]: unknown;
}

/** The id after 'managedObjects/' in a create/update answer, undefined when absent. */
export function savedPackageId(result: SoftwarePackageSaveResult | null | undefined): string | undefined {
  const url = result?.inventoryManagedObjectUrl ?? result?.c8y_url;
  const m = typeof url === 'string' ? /managedObjects\/([^/?#]+)/.exec(url) : null;
  return m ? m[1] : undefined;
}

/** POST /softwarePackage {inventoryRequest}. */
export function createSoftwarePackage(inventoryRequest: SoftwarePackage): Promise<SoftwarePackageSaveResult> {
  return request('POST', PACKAGES, { body: { inventoryRequest } });
}

/** PUT /softwarePackage {inventoryRequest}. */
export function updateSoftwarePackage(inventoryRequest: SoftwarePackage): Promise<SoftwarePackageSaveResult> {
  return request('PUT', PACKAGES, { body: { inventoryRequest } });
}

/** DELETE /softwarePackage?inventoryId. */
export async function deleteSoftwarePackage(inventoryId: string): Promise<void> {
  await request('DELETE', PACKAGES, { query: { inventoryId } });
}

/** PUT /dependencies: replaces the dependency list of a package; answers the updated package. */
export function updateDependencies(body: {
  managedObject: { id: string; name: string; type: string; version: string };
  dependencies: SoftwareDependency[];
}): Promise<SoftwarePackage> {
  return request('PUT', `${CREATE_SOFTWARE_NG}/dependencies`, { body });
}

/** A chosen package that no longer exists: id, and name and version as the client sent them. */
export interface DeletedChoice {
  id: string;
  name?: string;
  version?: string;
}

/**
 * The chosen packages (a profile's added software, a dependency) that another user deleted since
 * the client read its choices: the service refuses with 422 'create-software-ng/choiceDeleted' and
 * names them in `missing`. Empty for any other error.
 */
export function deletedChoices(e: unknown): DeletedChoice[] {
  if (!isPlatformError(e) || e.status !== 422 || e.error !== 'create-software-ng/choiceDeleted') return [];
  const missing = (e.data as { missing?: unknown } | null)?.missing;
  return Array.isArray(missing) ? missing.filter((m): m is DeletedChoice => !!m && typeof m === 'object' && 'id' in m).map((m) => ({ id: String(m.id), name: m.name, version: m.version })) : [];
}

/** "name version" of each deleted choice (its id when the name is unknown), comma-separated. */
export const deletedChoiceList = (gone: readonly DeletedChoice[]): string => gone.map((g) => [g.name, g.version].filter(Boolean).join(' ') || g.id).join(', ');

// ---- device profiles ----------------------------------------------------------------------

export interface ProfileSoftware {
  id: string;
  name: string;
  action: string;
  version: string;
  url: string;
}

/** A device profile (type c8y_Profile); no deviceGroup means the device type's default profile. */
export interface DeviceProfile {
  id: string;
  name: string;
  deviceType: string;
  deviceGroup?: string | null;
  c8y_DeviceProfile?: { software: ProfileSoftware[] };
  creationTime?: string;
  lastUpdatedDateTime?: string;
  [field: string]: unknown;
}

/** Server error codes of profile create/update. */
export type DeviceProfileErrorCode =
  | 'NAME_NOT_UNIQUE'
  | 'DEFAULT_PROFILE_ALREADY_AVAILABLE'
  | 'DEVICE_GROUP_NOT_EXISTS'
  | 'GROUP_ALREADY_ASSIGNED_TO_PROFILE';

/** Create/update answer: the profile when saved, otherwise the error codes. */
export interface DeviceProfileSaveResult {
  ok?: DeviceProfile;
  errors: (DeviceProfileErrorCode | string)[];
}

/** Restrictions for the profile form. */
export interface DeviceProfileRestrictions {
  alreadyUsedProfileNames: string[];
  alreadyAssignedGroups: string[];
  deviceTypeWithDefaultProfile: string[];
}

export type DeviceProfileInput = Pick<DeviceProfile, 'name' | 'deviceType'> & {
  deviceGroup: string | null;
  c8y_DeviceProfile?: { software: ProfileSoftware[] };
};

/** GET /deviceProfile. */
export async function listDeviceProfiles(): Promise<DeviceProfile[]> {
  return listIn<DeviceProfile>(await request<unknown>('GET', DEVICE_PROFILE_SERVICE), null, DEVICE_PROFILE_SERVICE);
}

/** GET /deviceProfile/{id}. */
export async function getDeviceProfile(id: string): Promise<DeviceProfile> {
  const path = `${DEVICE_PROFILE_SERVICE}/${encodeURIComponent(id)}`;
  return objectIn<DeviceProfile>(await request<unknown>('GET', path), 'id', path);
}

/** POST /deviceProfile. */
export function createDeviceProfile(body: DeviceProfileInput): Promise<DeviceProfileSaveResult> {
  return request('POST', DEVICE_PROFILE_SERVICE, { body });
}

/** PUT /deviceProfile/{id}. */
export function updateDeviceProfile(id: string, body: Partial<DeviceProfileInput>): Promise<DeviceProfileSaveResult> {
  return request('PUT', `${DEVICE_PROFILE_SERVICE}/${encodeURIComponent(id)}`, { body });
}

/** DELETE /deviceProfile/{id} (204). */
export async function deleteDeviceProfile(id: string): Promise<void> {
  await request('DELETE', `${DEVICE_PROFILE_SERVICE}/${encodeURIComponent(id)}`);
}

/**
 * POST /deviceProfile/{id}/duplicate (201): the new profile's id. The copy's name and group may be
 * given (the create rules apply; 422 with `errors` codes otherwise).
 */
export async function duplicateDeviceProfile(id: string, copy?: { name?: string; deviceGroup?: string | null }): Promise<string> {
  const body = await request<unknown>('POST', `${DEVICE_PROFILE_SERVICE}/${encodeURIComponent(id)}/duplicate`, copy ? { body: copy } : undefined);
  if (body && typeof body === 'object' && 'id' in body) return String((body as { id: unknown }).id);
  return String(body);
}

/** GET /deviceProfile/restrictions[?excludedIds]: names, groups and types already taken (minus the excluded profiles). */
export function getDeviceProfileRestrictions(excludedIds: readonly string[] = []): Promise<DeviceProfileRestrictions> {
  return request('GET', `${DEVICE_PROFILE_SERVICE}/restrictions`, {
    query: { excludedIds: excludedIds.length ? excludedIds.join(',') : undefined },
  });
}

// ---- server-job status ---------------------------------------------------------------------

/** Type of the status object the service's jobs write (assignment, clear pending, initialize). */
export const JOB_STATUS_TYPE = 'c8y_status';

/** The newest status object (by creationTime), which the console's banners and progress follow. */
export async function fetchNewestJobStatus(): Promise<ManagedObject | null> {
  const page = await listManagedObjects({
    query: buildQuery(eq('type', JOB_STATUS_TYPE), [{ field: 'creationTime', direction: 'desc' }]),
    pageSize: 1,
    withChildren: false,
  });
  return page.items[0] ?? null;
}

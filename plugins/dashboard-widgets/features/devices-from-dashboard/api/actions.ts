/** The list's actions against create-software-ng and the inventory (spec 2 and 7). */
import { clearPendingAssignment, createSoftwareAssignment, initializeDevices } from '@shared/platform/create-software-ng';
import type { ManagedObject } from '@shared/platform/inventory';
import { msg } from '@shared/plugin-api/i18n';
import type { DeviceListKind } from '@shared/platform/operation-dashboard';
import { and, buildQuery, eq, has, or } from '@shared/platform/query-language';
import { assignmentRequest, type SoftwareItem } from '@shared/platform/software-choices';
import type { ListSource } from '../model/views';
import { progressOf, successFailed, waitThroughConnectionLoss, type JobKind } from '@shared/ui/server-job';
import type { OverlayProgress } from '@shared/ui/loading-overlay';
import { assignmentCounters, type Counters } from '../model/job';

/**
 * Told how far the server job got at each status read (spec 4: 'Operation is running on the
 * server (done/total)'), and, with `connectionLost`, that the status cannot be read for now.
 */
export type OnProgress = (progress: OverlayProgress, connectionLost?: boolean) => void;

/** Whether anybody still waits for the job (false once the page was left). */
export type Wanted = () => boolean;

/**
 * The job's wait, through a lost connection (the job goes on on the server): its final status;
 * JobConnectionLostError when the connection stayed away too long or the page was left meanwhile.
 */
function waitForJobOf(kind: JobKind, submitted: number, onProgress?: OnProgress, wanted?: Wanted) {
  let progress: OverlayProgress = { done: 0, total: submitted };
  return waitThroughConnectionLoss(
    kind,
    (s) => {
      progress = progressOf(kind, s, submitted);
      onProgress?.(progress);
    },
    () => onProgress?.(progress, true),
    wanted,
  );
}

export async function assignSoftware(item: SoftwareItem, devices: string[], force: boolean, onProgress?: OnProgress, wanted?: Wanted): Promise<Counters> {
  const answer = await createSoftwareAssignment(assignmentRequest(item, devices, force));
  const status = await waitForJobOf('assign', devices.length, onProgress, wanted);
  return assignmentCounters(status, answer);
}

export async function clearPending(devices: string[], onProgress?: OnProgress, wanted?: Wanted) {
  await clearPendingAssignment(devices);
  const status = await waitForJobOf('clearPending', devices.length, onProgress, wanted);
  return status ? successFailed('clearPending', status) : { success: devices.length, failed: 0 };
}

export async function initialize(devices: string[], onProgress?: OnProgress, wanted?: Wanted) {
  await initializeDevices(devices);
  const status = await waitForJobOf('initialize', devices.length, onProgress, wanted);
  return status ? successFailed('initialize', status) : { success: devices.length, failed: 0 };
}

const AVAILABILITY = 'c8y_Availability.status';

/**
 * The smart group's query: the live views by their availability, every other view (computed by
 * the microservice, not expressible in the query language) by the ids of its devices.
 */
export function smartGroupQuery(source: ListSource, devices: readonly ManagedObject[], selectionOnly: boolean): string {
  return (!selectionOnly && source.kind === 'devices' ? liveQuery(source.list) : undefined) ?? buildQuery(or(...devices.map((d) => eq('id', d.id))));
}

/** The query of a live view (all, online, offline devices); undefined for the others. */
function liveQuery(list: DeviceListKind): string | undefined {
  const device = has('c8y_IsDevice');
  if (list === 'online') return buildQuery(and(device, eq(AVAILABILITY, 'AVAILABLE')));
  if (list === 'offline') return buildQuery(and(device, eq(AVAILABILITY, 'UNAVAILABLE')));
  if (list === 'total') return buildQuery(device);
  return undefined;
}

/** Whether the smart group's query names its devices by id (every view but the live ones, and any selection). */
export function smartGroupByIds(source: ListSource, selectionOnly: boolean): boolean {
  return selectionOnly || source.kind !== 'devices' || liveQuery(source.list) === undefined;
}

/**
 * The most devices a smart group named by id may hold. Its query is sent in the URL of every read
 * of the group (about 36 characters an id, URL-encoded): 3,343 devices made a query of 100 KB,
 * which the platform refused (431, URL beyond 16 KB), so the group was created but its page could
 * never list its devices. 200 ids stay under 8 KB.
 */
export const SMART_GROUP_MAX_IDS = 200;

/** Why a smart group of `count` devices cannot be created (undefined: it can). */
export function smartGroupTooLarge(source: ListSource, selectionOnly: boolean, count: number | undefined): { max: number; count: number } | undefined {
  return count !== undefined && count > SMART_GROUP_MAX_IDS && smartGroupByIds(source, selectionOnly) ? { max: SMART_GROUP_MAX_IDS, count } : undefined;
}
/** Said on the disabled Create smart group and when a list grew past the limit meanwhile. */
export const SMART_GROUP_TOO_LARGE = msg('A smart group of this list names its devices one by one: at most {{max}} devices, not {{count}}. Select the devices for the group.');

export { createSmartGroup } from '@shared/platform/groups';

/** The list's actions against create-software-ng and the inventory (spec 2 and 7). */
import { clearPendingAssignment, createSoftwareAssignment, initializeDevices } from '@shared/platform/create-software-ng';
import type { ManagedObject } from '@shared/platform/inventory';
import { and, buildQuery, eq, has, or } from '@shared/platform/query-language';
import { assignmentRequest, type SoftwareItem } from '@shared/platform/software-choices';
import type { ListSource } from '../model/views';
import { progressOf, successFailed, waitForJob } from '@shared/ui/server-job';
import type { OverlayProgress } from '@shared/ui/loading-overlay';
import { assignmentCounters, type Counters } from '../model/job';

/** Told how far the server job got at each status read (spec 4: 'Operation is running on the server (done/total)'). */
export type OnProgress = (progress: OverlayProgress) => void;

export async function assignSoftware(item: SoftwareItem, devices: string[], force: boolean, onProgress?: OnProgress): Promise<Counters> {
  const answer = await createSoftwareAssignment(assignmentRequest(item, devices, force));
  const status = await waitForJob('assign', (s) => onProgress?.(progressOf('assign', s, devices.length)));
  return assignmentCounters(status, answer);
}

export async function clearPending(devices: string[], onProgress?: OnProgress) {
  await clearPendingAssignment(devices);
  const status = await waitForJob('clearPending', (s) => onProgress?.(progressOf('clearPending', s, devices.length)));
  return status ? successFailed('clearPending', status) : { success: devices.length, failed: 0 };
}

export async function initialize(devices: string[], onProgress?: OnProgress) {
  await initializeDevices(devices);
  const status = await waitForJob('initialize', (s) => onProgress?.(progressOf('initialize', s, devices.length)));
  return status ? successFailed('initialize', status) : { success: devices.length, failed: 0 };
}

const AVAILABILITY = 'c8y_Availability.status';

/**
 * The smart group's query: the live views by their availability, every other view (computed by
 * the microservice, not expressible in the query language) by the ids of its devices.
 */
export function smartGroupQuery(source: ListSource, devices: readonly ManagedObject[], selectionOnly: boolean): string {
  if (source.kind === 'devices' && !selectionOnly) {
    const device = has('c8y_IsDevice');
    if (source.list === 'online') return buildQuery(and(device, eq(AVAILABILITY, 'AVAILABLE')));
    if (source.list === 'offline') return buildQuery(and(device, eq(AVAILABILITY, 'UNAVAILABLE')));
    if (source.list === 'total') return buildQuery(device);
  }
  return buildQuery(or(...devices.map((d) => eq('id', d.id))));
}

export { createSmartGroup } from '@shared/platform/groups';

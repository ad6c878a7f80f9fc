/**
 * Server state of the mobile router tab: the device with its children, the router child objects,
 * the last operation of each router operation kind, firmware and configuration choices.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getManagedObject, listAllManagedObjects, listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { createOperation, listOperations } from '@shared/platform/operations';
import { isPlatformError } from '@shared/platform/fetch-client';
import { LAST_OPERATION_PAGE_SIZE, SELECTION_LIST_PAGE_SIZE } from '@shared/domain/constants';
import {
  ROUTER_OPERATION_KINDS,
  ROUTER_TYPE,
  operationFragment,
  type FirmwareBinary,
  type FirmwareRepository,
  type LastOperations,
  type MobileRouter,
  type RouterOperation,
  type RouterOperationKind,
} from '../model/router';

const PLUGIN = 'mobile-router';
export const routerKeys = {
  all: [PLUGIN] as const,
  routers: (deviceId: string) => [PLUGIN, 'routers', deviceId] as const,
  operations: (deviceId: string) => [PLUGIN, 'operations', deviceId] as const,
  firmware: () => [PLUGIN, 'firmware'] as const,
  configurations: () => [PLUGIN, 'configurations'] as const,
};

/** Operations since the epoch, newest first: the platform's way of asking for "the latest". */
const SINCE_EVER = '1970-01-01T00:00:00.000Z';

export interface RouterData {
  device: ManagedObject;
  routers: MobileRouter[];
}

/** Children asked for by id per request (keeps the URL short; a gateway has a handful of children). */
const CHILD_IDS_PER_REQUEST = 100;

/**
 * The device with children, then its children of the router type: one list request (`ids` + `type`)
 * per 100 children instead of one request per child. A failed request fails the whole query, so the
 * tab shows the error instead of a router list with a router silently missing.
 */
export async function fetchRouters(deviceId: string): Promise<RouterData> {
  const device = await getManagedObject(deviceId, { withChildren: true });
  const refs = [...(device.childDevices?.references ?? []), ...(device.childAssets?.references ?? []), ...(device.childAdditions?.references ?? [])];
  const ids = [...new Set(refs.map((r) => r.managedObject.id))];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHILD_IDS_PER_REQUEST) chunks.push(ids.slice(i, i + CHILD_IDS_PER_REQUEST));
  const pages = await Promise.all(chunks.map((chunk) => listManagedObjects({ ids: chunk, type: ROUTER_TYPE, pageSize: chunk.length })));
  const routers = pages.flatMap((p) => p.items) as MobileRouter[];
  return { device, routers };
}

export const routersQuery = (deviceId: string) =>
  queryOptions({ queryKey: routerKeys.routers(deviceId), queryFn: () => fetchRouters(deviceId) });

/** For each of the four kinds: operations of the device with that fragment, page size 5, newest taken. */
export async function fetchLastOperations(deviceId: string): Promise<LastOperations> {
  const pages = await Promise.all(
    ROUTER_OPERATION_KINDS.map((kind) =>
      listOperations({ deviceId, fragmentType: operationFragment(kind), dateFrom: SINCE_EVER, pageSize: LAST_OPERATION_PAGE_SIZE, revert: true }),
    ),
  );
  const last: LastOperations = {};
  ROUTER_OPERATION_KINDS.forEach((kind, i) => {
    const newest = [...pages[i].items].sort((a, b) => Date.parse(b.creationTime ?? '') - Date.parse(a.creationTime ?? ''))[0];
    if (newest) last[kind] = newest as RouterOperation;
  });
  return last;
}

export const lastOperationsQuery = (deviceId: string) =>
  queryOptions({ queryKey: routerKeys.operations(deviceId), queryFn: () => fetchLastOperations(deviceId) });

export interface FirmwareCatalogue {
  binaries: FirmwareBinary[];
  repositories: FirmwareRepository[];
}

/**
 * Firmware binaries (with parents) and firmware repositories, in pages of 200, every page: the
 * binaries of every device type come in one list, and a tenant with more than 200 of them lost the
 * router's own from the first page (the dialog then said there was no other firmware).
 */
export async function fetchFirmwareCatalogue(): Promise<FirmwareCatalogue> {
  const [binaries, repositories] = await Promise.all([
    listAllManagedObjects({ type: 'c8y_FirmwareBinary', withParents: true }, SELECTION_LIST_PAGE_SIZE),
    listAllManagedObjects({ type: 'c8y_Firmware' }, SELECTION_LIST_PAGE_SIZE),
  ]);
  return { binaries: binaries as FirmwareBinary[], repositories: repositories as FirmwareRepository[] };
}

export const firmwareQuery = () => queryOptions({ queryKey: routerKeys.firmware(), queryFn: fetchFirmwareCatalogue });

export interface ConfigurationDump {
  id: string;
  name?: string;
  version?: string;
  url?: string;
}

/** Configuration dumps for the router device type, in pages of 200, every page (none left out past the first). */
export async function fetchConfigurations(): Promise<ConfigurationDump[]> {
  const items = await listAllManagedObjects({ query: `$filter=(type eq 'c8y_ConfigurationDump' and deviceType eq '${ROUTER_TYPE}') $orderby=name asc` }, SELECTION_LIST_PAGE_SIZE);
  return items.map((mo) => ({ id: mo.id, name: mo.name, version: mo.version as string | undefined, url: mo.url as string | undefined }));
}

export const configurationsQuery = () => queryOptions({ queryKey: routerKeys.configurations(), queryFn: fetchConfigurations });

/**
 * While realtime updates do not arrive (interrupted or refused), the router and its last
 * operations are read this often instead: the actions are REST writes that work meanwhile, and
 * without the router's report of its last operation they stayed disabled until realtime returned.
 */
export const POLL_WHILE_NOT_LIVE_MS = 5000;

/** `live` false: realtime updates do not arrive, the query is read every POLL_WHILE_NOT_LIVE_MS. */
export const useRouters = (deviceId: string, live = true) => useQuery({ ...routersQuery(deviceId), refetchInterval: live ? false : POLL_WHILE_NOT_LIVE_MS });
export const useLastOperations = (deviceId: string, live = true) => useQuery({ ...lastOperationsQuery(deviceId), refetchInterval: live ? false : POLL_WHILE_NOT_LIVE_MS });

export interface InstallChoice {
  /**
   * The repository entry to install: the firmware binary (c8y_FirmwareBinary, whose c8y_Firmware
   * carries the version's url) or the configuration dump; never the firmware repository holding
   * the binaries, which names no version. Sent as the operation's repository_id.
   */
  repositoryId: string;
  name: string;
  version: string;
}

/** The chosen firmware or configuration is gone: another user deleted it after the list was read. */
export class ChoiceDeletedError extends Error {
  constructor(readonly choice: InstallChoice) {
    super(`${choice.name} ${choice.version} no longer exists`);
    this.name = 'ChoiceDeletedError';
  }
}

/**
 * Creates a router operation on the main device; firmware and profile carry what to install. A
 * chosen entry is read first: one another user deleted since the list was read would send the
 * router an update of nothing (it fails on the device, long after); ChoiceDeletedError instead.
 */
export async function createRouterOperation(deviceId: string, kind: RouterOperationKind, description: string, choice?: InstallChoice) {
  if (choice) {
    await getManagedObject(choice.repositoryId).catch((e: unknown) => {
      throw isPlatformError(e) && e.status === 404 ? new ChoiceDeletedError(choice) : e;
    });
  }
  const fragment = choice ? { repository_id: choice.repositoryId, name: choice.name, version: choice.version } : {};
  return createOperation({ deviceId, description, [operationFragment(kind)]: fragment });
}

/** Identity (external ids): /identity/... */
import { MEDIA, listIn, request } from './fetch-client';

export interface ExternalId {
  externalId: string;
  type: string;
  managedObject: { id: string; self?: string };
}

/** External ids of a managed object (e.g. the serial an IoTconnector registered with). */
export async function listExternalIds(globalId: string): Promise<ExternalId[]> {
  const path = `/identity/globalIds/${encodeURIComponent(globalId)}/externalIds`;
  const body = await request<unknown>('GET', path, { headers: { Accept: MEDIA.externalIdCollection } });
  return listIn<ExternalId>(body, 'externalIds', path);
}

/** Resolves an external id to its managed object reference (404 as PlatformError when unknown). */
export function getExternalId(type: string, externalId: string): Promise<ExternalId> {
  return request<ExternalId>('GET', `/identity/externalIds/${encodeURIComponent(type)}/${encodeURIComponent(externalId)}`, {
    headers: { Accept: MEDIA.externalId },
  });
}

/** Links an external id to a managed object. */
export function createExternalId(globalId: string, type: string, externalId: string): Promise<ExternalId> {
  return request<ExternalId>('POST', `/identity/globalIds/${encodeURIComponent(globalId)}/externalIds`, {
    body: { type, externalId },
    headers: { 'Content-Type': MEDIA.externalId, Accept: MEDIA.externalId },
  });
}

/** Removes an external id. */
export async function deleteExternalId(type: string, externalId: string): Promise<void> {
  await request<null>('DELETE', `/identity/externalIds/${encodeURIComponent(type)}/${encodeURIComponent(externalId)}`);
}

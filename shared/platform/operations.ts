/** Device control operations: /devicecontrol/operations */
import type { OperationStatus as ClientOperationStatus } from '@c8y/client';
import { MEDIA, getPage, request, type Paged, type PagingParams } from './fetch-client';

/**
 * The platform's operation statuses: its client's enum (a type import: no bytes). Its members'
 * names, which are their values at run time (the client's declaration file drops the values).
 */
export type OperationStatus = keyof typeof ClientOperationStatus;

/** Statuses after which an operation does not change any more. */
export const FINAL_OPERATION_STATUSES: readonly OperationStatus[] = ['SUCCESSFUL', 'FAILED'];

export interface Operation {
  id: string;
  deviceId: string;
  deviceName?: string;
  status: OperationStatus;
  failureReason?: string;
  description?: string;
  creationTime?: string;
  [fragment: string]: unknown;
}

/** A new operation: the target device, a description and the command fragment(s). */
export interface NewOperation {
  deviceId: string;
  description?: string;
  [fragment: string]: unknown;
}

/**
 * A dateFrom that excludes nothing. The platform honours revert=true (newest first) only in a
 * range query (dateFrom or dateTo given); without one it lists the oldest first whatever revert says.
 */
export const SINCE_EVER = '1970-01-01T00:00:00.000Z';

export interface OperationListParams extends PagingParams {
  deviceId?: string;
  agentId?: string;
  status?: OperationStatus;
  fragmentType?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Newest first when true. */
  revert?: boolean;
}

/** Creates an operation (the device's agent picks it up). */
export function createOperation(operation: NewOperation): Promise<Operation> {
  return request<Operation>('POST', '/devicecontrol/operations', {
    body: operation,
    headers: { 'Content-Type': MEDIA.operation, Accept: MEDIA.operation },
  });
}

/**
 * Lists operations (one page). `revert` (newest first) is sent in a range query: without dateFrom
 * or dateTo the call adds dateFrom SINCE_EVER, which the platform needs to honour it.
 */
export function listOperations(params: OperationListParams = {}): Promise<Paged<Operation>> {
  const ranged = params.revert && params.dateFrom === undefined && params.dateTo === undefined ? { ...params, dateFrom: SINCE_EVER } : params;
  return getPage<Operation>('/devicecontrol/operations', 'operations', { ...ranged }, MEDIA.operationCollection);
}

/** One operation. */
export function getOperation(id: string): Promise<Operation> {
  return request<Operation>('GET', `/devicecontrol/operations/${encodeURIComponent(id)}`, { headers: { Accept: MEDIA.operation } });
}

/** Changes an operation's status (and failure reason). */
export function updateOperation(id: string, patch: { status: OperationStatus; failureReason?: string }): Promise<Operation> {
  return request<Operation>('PUT', `/devicecontrol/operations/${encodeURIComponent(id)}`, {
    body: { ...patch, id: String(id) },
    headers: { 'Content-Type': MEDIA.operation, Accept: MEDIA.operation },
  });
}

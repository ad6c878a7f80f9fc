/** Audit records: /audit/auditRecords (e.g. an alarm's change log). */
import { MEDIA, listIn, request, type PagingParams } from './fetch-client';

export interface AuditChange {
  attribute: string;
  type?: string;
  previousValue: unknown;
  newValue: unknown;
}

export interface AuditRecord {
  id: string;
  type: string;
  activity?: string;
  text?: string;
  user?: string;
  time: string;
  creationTime?: string;
  source: { id: string };
  changes?: AuditChange[];
  [fragment: string]: unknown;
}

export interface AuditListParams extends PagingParams {
  /** The audited object's id (an alarm's id for its change log). */
  source?: string;
  type?: string;
  user?: string;
  application?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Newest first when true (in a range query only). */
  revert?: boolean;
}

/**
 * Lists audit records (one page). The platform lists oldest first; revert=true gives newest first
 * only in a range query (dateFrom or dateTo given, e.g. SINCE_EVER): without one it is ignored.
 */
export async function listAuditRecords(params: AuditListParams = {}): Promise<AuditRecord[]> {
  const body = await request<unknown>('GET', '/audit/auditRecords', { query: { ...params }, headers: { Accept: MEDIA.auditRecordCollection } });
  return listIn<AuditRecord>(body, 'auditRecords', '/audit/auditRecords');
}

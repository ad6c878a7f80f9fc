/** Applications (the shell keeps the tenant's enabled plugins in its application's config). */
import { MEDIA, getPage, listIn, request, type Paged, type PagingParams } from './fetch-client';

export interface Application {
  id: string;
  name: string;
  key?: string;
  contextPath?: string;
  type?: 'HOSTED' | 'EXTERNAL' | 'MICROSERVICE' | string;
  availability?: 'MARKET' | 'PRIVATE' | string;
  manifest?: Record<string, unknown>;
  /** The platform's remotes configuration of a hosted app (as the platform's shell keeps it). */
  config?: { remotes?: Record<string, string[]>; excludedRemotes?: Record<string, string[]>; [k: string]: unknown };
  [field: string]: unknown;
}

/** Lists applications (one page). */
export function listApplications(params: PagingParams & { name?: string; type?: string } = {}): Promise<Paged<Application>> {
  return getPage<Application>('/application/applications', 'applications', { ...params }, MEDIA.applicationCollection);
}

/** Applications of a name (usually one). */
export async function getApplicationsByName(name: string): Promise<Application[]> {
  const path = `/application/applicationsByName/${encodeURIComponent(name)}`;
  const body = await request<unknown>('GET', path, { headers: { Accept: MEDIA.applicationCollection } });
  return listIn<Application>(body, 'applications', path);
}

/** One application. */
export function getApplication(id: string): Promise<Application> {
  return request<Application>('GET', `/application/applications/${encodeURIComponent(id)}`, { headers: { Accept: MEDIA.application } });
}

/** Changes an application (e.g. its config). */
export function updateApplication(id: string, patch: Partial<Omit<Application, 'id'>>): Promise<Application> {
  return request<Application>('PUT', `/application/applications/${encodeURIComponent(id)}`, {
    body: { ...patch, id: String(id) },
    headers: { 'Content-Type': MEDIA.application, Accept: MEDIA.application },
  });
}

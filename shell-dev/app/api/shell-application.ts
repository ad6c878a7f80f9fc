/** The shell's own application on the platform: its config holds the tenant's plugin set. */
import { listApplications, updateApplication, type Application } from '@shared/platform/applications';
import { APPLICATIONS_PAGE_SIZE } from '../constants';
import type { ShellConfig } from '../plugin-host/enabled';

/** One answer of the tenant's application list: the shell's application and the installed packages come from it. */
export interface TenantApplications {
  shell: Application | null;
  applications: Application[];
}

export async function loadTenantApplications(contextPath: string): Promise<TenantApplications> {
  const page = await listApplications({ pageSize: APPLICATIONS_PAGE_SIZE });
  return { shell: page.items.find((a) => a.contextPath === contextPath) ?? null, applications: page.items };
}

export async function saveShellConfig(id: string, config: ShellConfig): Promise<Application> {
  return updateApplication(id, { config });
}

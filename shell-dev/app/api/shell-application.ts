/** The shell's own application on the platform: its config holds the tenant's plugin set. */
import { listApplications, updateApplication, type Application } from '@shared/platform/applications';
import { APPLICATIONS_PAGE_SIZE } from '../constants';
import type { ShellConfig } from '../plugin-host/enabled';

export async function findShellApplication(contextPath: string): Promise<Application | null> {
  const page = await listApplications({ pageSize: APPLICATIONS_PAGE_SIZE });
  return page.items.find((a) => a.contextPath === contextPath) ?? null;
}

export async function saveShellConfig(id: string, config: ShellConfig): Promise<Application> {
  return updateApplication(id, { config });
}

import type { ServerModule } from '../core/api';
import { createSoftwareNgModule } from './create-software-ng';
import { operationDashboardModule } from './operation-dashboard';

/** The two microservices the console calls: create-software-ng and operation-dashboard. */
export function serviceModules(): ServerModule[] {
  return [createSoftwareNgModule(), operationDashboardModule()];
}

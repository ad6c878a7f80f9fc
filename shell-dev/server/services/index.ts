import type { ServerModule } from '../core/api';

/** The two microservices the console calls: create-software-ng and operation-dashboard. */
export function serviceModules(): ServerModule[] {
  return [];
}

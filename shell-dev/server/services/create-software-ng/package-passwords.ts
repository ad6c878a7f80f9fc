import type { ServerCore } from '../../core/api';
import { SOFTWARE_TYPE } from './constants';
import { allPackages } from './routes/software';
import type { ServiceStore } from './store';

/**
 * A software package's password is the service's own data: kept in its table, never on the
 * package's managed object, which every inventory reader (a viewer, a realtime subscriber to the
 * object) can read. The service writes it on create and on a changed password and answers no read
 * with it (the edit form shows a marker).
 *
 * At start: passwords a file from an earlier version keeps on package objects move into the table
 * (and off the objects), and passwords of packages gone while the server was down are dropped.
 * While it runs: a deleted package's password goes with it, however it was deleted (the
 * service's delete, the inventory API, a device's cascade). Returns the unsubscribe.
 */
export function keepPackagePasswords(core: ServerCore, store: ServiceStore): () => void {
  core.transaction(() => {
    for (const p of allPackages(core)) {
      if (!Object.prototype.hasOwnProperty.call(p, 'password')) continue;
      if (typeof p.password === 'string') store.setPackagePassword(p.id, p.password);
      core.inventory.update(p.id, { password: null });
    }
    for (const id of store.packagePasswordIds()) if (core.inventory.get(id)?.type !== SOFTWARE_TYPE) store.dropPackagePassword(id);
  });
  return core.onChange((channel, action) => {
    if (action === 'DELETE' && channel.startsWith('/managedobjects/')) store.dropPackagePassword(channel.slice('/managedobjects/'.length));
  });
}

/**
 * A contribution's code requested before its mount: when the plugin that owns the page on screen
 * registers, the shell starts that route's loader at once, instead of after the next render has
 * mounted it (the route's chunks download meanwhile). The mount then takes that load; each warm
 * load is taken once, so every mount still calls its loader once.
 */
import type { Loader, ParcelModule } from '@shared/plugin-api/types';

const warm = new WeakMap<Loader, Promise<ParcelModule>>();

export function warmLoader(loader: Loader): void {
  if (warm.has(loader)) return;
  const loading = Promise.resolve().then(loader);
  // A failure is reported by the mount that takes it.
  loading.catch(() => undefined);
  warm.set(loader, loading);
}

/** The warm load of `loader` if there is one (taken), else a fresh call. */
export function loadOnce(loader: Loader): Promise<ParcelModule> {
  const loading = warm.get(loader);
  if (loading) {
    warm.delete(loader);
    return loading;
  }
  return Promise.resolve().then(loader);
}

import { useSyncExternalStore } from 'react';

/**
 * The hash as an external store. `replace` uses history.replaceState, which fires no
 * hashchange, so listeners are told directly.
 */
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('hashchange', emit);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', emit);
  };
}

const getHash = () => window.location.hash;

export const useHash = (): string => useSyncExternalStore(subscribe, getHash, () => '');

export { navigate } from '@shared/plugin-api/hash-location';

/** Replaces the current entry (redirects, refused navigation); keeps ?noPlugins etc. before the hash. */
export function replace(path: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${path.startsWith('/') ? path : `/${path}`}`);
  emit();
}

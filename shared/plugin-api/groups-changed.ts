/**
 * A plugin that creates a device group or changes a group's members tells its host, so the
 * host's Groups tree shows the change without a collapse and expand: the dev shell's navigator
 * reloads the tree's open levels. (In the platform UI the tree is the platform's own groups
 * navigator, which the event does not reach.)
 */
export const GROUPS_CHANGED_EVENT = 'adamos:groups-changed';

export function announceGroupsChanged(): void {
  window.dispatchEvent(new Event(GROUPS_CHANGED_EVENT));
}

/** Subscribes to the announcements; returns the unsubscribe (for useSyncExternalStore). */
export function onGroupsChanged(listener: () => void): () => void {
  window.addEventListener(GROUPS_CHANGED_EVENT, listener);
  return () => window.removeEventListener(GROUPS_CHANGED_EVENT, listener);
}

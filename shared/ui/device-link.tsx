/**
 * A device's name as a link to its page: `#/device/{id}` routes in the platform UI and in the dev
 * shell alike. The name is isolated (`<bdi>`), so direction marks in a stored name cannot turn the
 * text around it.
 */
import React from 'react';

/** The address of a device's page, or of one of its tabs ('info', 'software', ...). */
export const deviceHref = (id: string, tab?: string): string => `#/device/${encodeURIComponent(id)}${tab ? `/${tab}` : ''}`;

export interface DeviceLinkProps {
  id: string;
  /** Shown; the id when the device has no name. */
  name?: string | null;
  tab?: string;
}

export function DeviceLink({ id, name, tab }: DeviceLinkProps) {
  return (
    <a href={deviceHref(id, tab)} data-testid="device-link">
      <bdi>{name || id}</bdi>
    </a>
  );
}

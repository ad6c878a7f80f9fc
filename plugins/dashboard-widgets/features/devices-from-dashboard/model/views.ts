/**
 * The /devicesFromDashboard views (spec 2): which microservice list each reads. The view comes
 * from the query (view, day); anything else is refused with the spec's message.
 */
import { DAYS_MAX, PAGE_SIZE_OPTIONS } from '@shared/domain/constants';
import type { DeviceListKind, RecoveredPeriod, SoftwareMonitoringKind } from '@shared/platform/operation-dashboard';

export const VIEW_NOT_KNOWN = 'Device Operations Dashboard view not known.';

export type ListSource =
  | { kind: 'devices'; list: DeviceListKind }
  | { kind: 'history'; day: number }
  | { kind: 'software'; list: SoftwareMonitoringKind }
  | { kind: 'recovered'; period: RecoveredPeriod };

export interface ResolvedView {
  view: string;
  source: ListSource;
  /** Heading above the list (an i18n key). */
  heading: string;
  headingValues?: Record<string, number>;
  /** The devices of this view are not monitored: initialize applies to them. */
  notMonitored?: boolean;
}

const FIXED: Record<string, Omit<ResolvedView, 'view'>> = {
  currentOnlineDevices: { source: { kind: 'devices', list: 'online' }, heading: 'Devices currently online' },
  currentOfflineDevices: { source: { kind: 'devices', list: 'offline' }, heading: 'Devices currently offline' },
  currentNotMonitoredDevices: { source: { kind: 'devices', list: 'notmonitored' }, heading: 'Devices currently not monitored', notMonitored: true },
  totalDevices: { source: { kind: 'devices', list: 'total' }, heading: 'All devices' },
  devicesWaitingForDependency: { source: { kind: 'software', list: 'wfd' }, heading: 'Devices waiting for a dependency' },
  devicesWaitingForApproval: { source: { kind: 'software', list: 'wfa' }, heading: 'Devices waiting for approval' },
  devicesWithoutSoftwareAssignements: { source: { kind: 'software', list: 'wsa' }, heading: 'Devices without software assignment' },
  recoveredThisMonth: { source: { kind: 'recovered', period: 'month' }, heading: 'Devices recovered this month' },
  recoveredThisYear: { source: { kind: 'recovered', period: 'year' }, heading: 'Devices recovered this year' },
  recoveredTotal: { source: { kind: 'recovered', period: 'total' }, heading: 'Devices recovered in total' },
};

/** The view of the query, or null when it is not one of the eleven (or onlineOnDay lacks a valid day). */
export function resolveView(query: Readonly<Record<string, string>>): ResolvedView | null {
  const view = query.view ?? '';
  if (view === 'onlineOnDay') {
    const day = Number(query.day);
    if (!Number.isInteger(day) || day < 1 || day > DAYS_MAX) return null;
    // "1 days ago" read wrong (issue 19 item 17): day 1 is yesterday, as the history widget labels it.
    const heading = day === 1 ? 'Devices online yesterday' : 'Devices online {{day}} days ago';
    return { view, source: { kind: 'history', day }, heading, headingValues: { day } };
  }
  const fixed = Object.prototype.hasOwnProperty.call(FIXED, view) ? FIXED[view] : undefined;
  return fixed ? { view, ...fixed } : null;
}

export const isPageSize = (n: unknown): n is number => (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(n);

/** The list's page and page size in the query ('page', 'size', as the device lists name them); malformed ones are ignored. */
export function pageFromQuery(query: Readonly<Record<string, string>>): { page: number; size: number | undefined } {
  const page = Number(query.page);
  const size = Number(query.size);
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, size: isPageSize(size) ? size : undefined };
}

/** The query with the page and size changed, every other parameter (view, day, ...) kept; page 1 is left out. */
export function pageToQuery(query: Readonly<Record<string, string>>, patch: { page?: number; size?: number }): Record<string, string> {
  const out: Record<string, string> = { ...query };
  if (patch.page !== undefined) {
    if (patch.page > 1) out.page = String(patch.page);
    else delete out.page;
  }
  if (patch.size !== undefined) out.size = String(patch.size);
  return out;
}

/** '/path' plus '?query' (empty query: the path alone). */
export function hrefOf(path: string, query: Readonly<Record<string, string>>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

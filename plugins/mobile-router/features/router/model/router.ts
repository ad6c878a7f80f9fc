/**
 * The mobile router's state rules (spec 4 and 5 of the dashboards/router document), pure so they
 * are tested by tables.
 */
import { PRODUCT } from '@shared/plugin-api/types';
import { ROUTER_OUTDATED_MS } from '@shared/domain/constants';
import { msg } from '@shared/plugin-api/i18n';

export const ROUTER_TYPE = `${PRODUCT}_MobileRouter`;

export type RouterOperationKind = 'Restart' | 'StartMonitoring' | 'UpdateFirmware' | 'UpdateProfile';
export const ROUTER_OPERATION_KINDS: readonly RouterOperationKind[] = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'];
export const operationFragment = (kind: RouterOperationKind) => `${ROUTER_TYPE}_${kind}`;

export interface DataUsagePeriod {
  BytesReceived?: number;
  BytesSent?: number;
}

export interface MobileRouter {
  id: string;
  type?: string;
  name?: string;
  lastUpdated?: string;
  NetworkStatus?: {
    OnlineState?: string;
    NetworkState?: string;
    ProviderName?: string;
    UsedNetwork?: string;
    /** 0..31, 99 unknown; some routers send it as text. */
    SignalStrength?: number | string;
    SignalIndicator?: number | string;
    RSRP?: number | string;
    RSRQ?: number | string;
    RSSI?: number | string;
    RSCP?: number | string;
    ECNO?: number | string;
    Location?: string;
    ICCID?: string;
    IMEI?: string;
    APN?: string;
    CellID?: string;
  };
  DeviceInformation?: {
    Serial?: string;
    IPAddress?: string;
    WANIPAddress?: string;
    MACAddress?: string;
    Firmware?: string;
    Profile?: { Name?: string; Version?: string; ExpectedHash?: string; Hash?: string; Modified?: boolean };
    CPULoad?: number | string;
    RAMUtilization?: number | string;
    UpTime?: string;
    DataUsage?: { SinceOnline?: DataUsagePeriod; Last24Hours?: DataUsagePeriod; Last30Days?: DataUsagePeriod };
  };
  DeviceAvailability?: { Available?: boolean; Enabled?: boolean; InternetAccess?: boolean; Error?: string; DeviceState?: string };
  Attributes?: { Monitoring?: { Enabled?: boolean; StartedAt?: string; EndAt?: string } };
  [fragment: string]: unknown;
}

export type OperationStatus = 'PENDING' | 'EXECUTING' | 'SUCCESSFUL' | 'FAILED';

export interface RouterOperation {
  id: string;
  status: OperationStatus;
  creationTime: string;
  failureReason?: string;
  [fragment: string]: unknown;
}

export type LastOperations = Partial<Record<RouterOperationKind, RouterOperation>>;

/** The newest of the last operations of every kind (the one the 'caught up' rule looks at). */
export function newestOperation(ops: LastOperations): RouterOperation | undefined {
  return Object.values(ops)
    .filter((o): o is RouterOperation => !!o)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/**
 * Caught up: not loading and there is no last operation, or it is successful or failed, or the
 * router was updated after the operation was created.
 */
export function isCaughtUp(router: MobileRouter | undefined, last: RouterOperation | undefined, loading: boolean): boolean {
  if (loading) return false;
  if (!last) return true;
  if (last.status === 'SUCCESSFUL' || last.status === 'FAILED') return true;
  const updated = router?.lastUpdated ? Date.parse(router.lastUpdated) : NaN;
  return updated > Date.parse(last.creationTime);
}

/** Monitoring is active when enabled and its end time is in the future. */
export function isMonitoringActive(router: MobileRouter | undefined, now: number): boolean {
  const m = router?.Attributes?.Monitoring;
  return !!m?.Enabled && !!m.EndAt && Date.parse(m.EndAt) > now;
}

/** Router data is flagged outdated when it was last updated over one hour ago. */
export function isOutdated(router: MobileRouter | undefined, now: number): boolean {
  const updated = router?.lastUpdated ? Date.parse(router.lastUpdated) : NaN;
  return Number.isFinite(updated) && now - updated > ROUTER_OUTDATED_MS;
}

export interface GateInput {
  router: MobileRouter | undefined;
  supportedOperations: readonly string[];
  caughtUp: boolean;
  /** The router's last operations could not be read: not caught up, and not because of the router. */
  lastFailed?: boolean;
  now: number;
}

/** Why an action is not possible now: an i18n key (English text); `state` the router's raw DeviceState it names. */
export interface Blocked {
  reason: string;
  state?: string;
}

/**
 * Restart, firmware and profile need the supported operation, state running, caught up and
 * Available; monitoring needs the supported operation, caught up and Available, and is not
 * offered when already active. Undefined when the action may run, else why not (the first unmet
 * rule), so a disabled button can say it.
 */
export function blockedReason(kind: RouterOperationKind, g: GateInput): Blocked | undefined {
  if (!g.supportedOperations.includes(operationFragment(kind))) return { reason: msg('The device does not support this operation.') };
  // Not the router's doing: its operations could not be read (the tab says why above its cards).
  if (g.lastFailed) return { reason: msg("The router's last operations could not be loaded. Reload tries again.") };
  if (!g.caughtUp) return { reason: msg('Possible once the router has reported on its last operation.') };
  const availability = g.router?.DeviceAvailability;
  if (availability?.Available !== true) return { reason: msg('The router is not available.') };
  if (kind === 'StartMonitoring') return isMonitoringActive(g.router, g.now) ? { reason: msg('Monitoring active') } : undefined;
  if (availability.DeviceState === 'running') return undefined;
  return { reason: msg('The router is not running (device state: {{state}}).'), state: availability.DeviceState };
}

export const canRun = (kind: RouterOperationKind, g: GateInput): boolean => !blockedReason(kind, g);

export interface FirmwareBinary {
  id: string;
  name?: string;
  type?: string;
  c8y_Firmware?: { version?: string; url?: string };
  c8y_Patch?: { dependency?: string };
  additionParents?: { references?: { managedObject: { id: string } }[] };
}

export interface FirmwareRepository {
  id: string;
  name?: string;
  c8y_Filter?: { type?: string };
}

/**
 * The router's model family as its firmware names it: the part of the version before the first
 * '_' (Teltonika names images per family: 'RUT9_R_00.07.05' for the RUT9xx, 'RUTX_R_00.07.06' for
 * the RUTX series). The router objects carry no model field (spec 3), and an image of another
 * family would not install. Undefined when the version does not tell.
 */
export function firmwareFamily(version: string | undefined): string | undefined {
  const cut = version?.trim().indexOf('_') ?? -1;
  return version && cut > 0 ? version.trim().slice(0, cut).toUpperCase() : undefined;
}

/**
 * Firmware choices (spec 5): linked to a repository with the mobile router filter, and either
 * without a patch dependency or with one equal to the current firmware version. Beyond the spec
 * (issue 19 item 20): only images of the router's own family, and never the version already
 * installed; with an unknown current version nothing can be offered safely. A choice's id is the
 * binary's: what an update operation names as its repository_id (the entry whose c8y_Firmware url
 * the router downloads, as a configuration update names the configuration dump).
 */
export function firmwareChoices(binaries: readonly FirmwareBinary[], repositories: readonly FirmwareRepository[], currentVersion: string | undefined) {
  const family = firmwareFamily(currentVersion);
  if (!family) return [];
  const routerRepos = new Map(repositories.filter((r) => r.c8y_Filter?.type === ROUTER_TYPE).map((r) => [r.id, r]));
  return binaries.flatMap((b) => {
    const repo = (b.additionParents?.references ?? []).map((ref) => routerRepos.get(ref.managedObject.id)).find(Boolean);
    if (!repo) return [];
    const version = b.c8y_Firmware?.version ?? '';
    if (firmwareFamily(version) !== family || version.trim() === currentVersion?.trim()) return [];
    const dependency = b.c8y_Patch?.dependency;
    if (dependency && dependency !== currentVersion) return [];
    return [{ id: b.id, name: repo.name ?? b.name ?? '', version, url: b.c8y_Firmware?.url }];
  });
}

import type { ManagedObject, Operation, OperationStatus, ServerCore } from '../core/api';
import { CONFIGURATION_DUMP_TYPE, DONE_STATUSES, FIRMWARE_BINARY_TYPE, FRAGMENT, isFailed, MESSAGES, MOBILE_ROUTER_TYPE, OP, PKG, ROUTER_STATE, SOFTWARE_TYPE } from './constants';
import { failsDeviceOperation, failsPackage, neverAnswers, unit } from './fate';
import { LOGS, SIMULATED_LOG_TYPES } from '../../../shared/platform/fragments';
import { readLogfileRequest, renderLog, type LogRecord } from './logfile';
import type { ResolvedOptions } from './options';
import type { Scheduler } from './scheduler';

/** What a step tells the walk: go on to the next step, or the walk is over. */
type StepResult = 'next' | 'stop';
type Step = () => StepResult;

interface PackageEntry {
  name: string;
  version: string;
  status: string;
  last_status_timestamp?: string;
  failure_message?: string;
  marked_for_deletion?: boolean;
  installation_requires_approval?: boolean;
  repository_id?: string;
  [k: string]: unknown;
}

const ACTIVE: readonly OperationStatus[] = ['PENDING', 'EXECUTING'];
/** Records read per log type for one log file (the platform's largest page). */
const LOG_RECORDS_MAX = 2000;

/** A router while it boots (a restart, or a new firmware's): offline and not available; then back. */
const ROUTER_DOWN = { NetworkStatus: { OnlineState: 'offline' }, DeviceAvailability: { Available: false } };
const ROUTER_UP = { NetworkStatus: { OnlineState: 'online' }, DeviceAvailability: { Available: true } };
const UPTIME_AFTER_BOOT = '0d 0h 0m';

/** Simulated IoTconnector agents and mobile routers answering operations through the core's API. */
export class Agents {
  /** Newest walk per device and package name: an older walk of the same package gives way. */
  private readonly packageWalks = new Map<string, number>();
  private walkSeq = 0;

  constructor(
    private readonly core: ServerCore,
    private readonly scheduler: Scheduler,
    private readonly opts: ResolvedOptions,
  ) {}

  private iso(): string {
    return new Date(this.core.clock.now()).toISOString();
  }

  /** Answers an operation as a real agent would; devices that never answer leave it PENDING. */
  handle(op: Operation): void {
    if (neverAnswers(op.deviceId, this.opts.neverAnswerRatio)) return;
    const steps = this.stepsFor(op);
    if (steps) this.walk(op, steps);
  }

  private stepsFor(op: Operation): Step[] | undefined {
    if (op[OP.restartAgent] !== undefined) return this.restart(op, MESSAGES.agentRestartFailed);
    if (op[OP.restartNetbox] !== undefined) return this.restart(op, MESSAGES.netboxRestartFailed);
    if (op[OP.register] !== undefined) return this.register(op);
    if (op[OP.install] !== undefined) return this.install(op);
    const tz = timezoneOf(op);
    if (tz !== undefined) return this.timezone(op, tz);
    if (op[OP.routerRestart] !== undefined) return this.routerRestart(op);
    if (op[OP.routerUpdateFirmware] !== undefined) return this.routerUpdate(op, 'firmware');
    if (op[OP.routerUpdateProfile] !== undefined) return this.routerUpdate(op, 'profile');
    if (op[OP.routerStartMonitoring] !== undefined) return this.routerMonitoring(op);
    if (op[LOGS.request] !== undefined) return this.logfile(op);
    // Operations no simulated agent knows (c8y_ ones, unknown types) stay as they are.
    return undefined;
  }

  /** Delay before step i of a walk: fixed per key and step, within the configured range. */
  private delay(key: string, i: number): number {
    const { min, max } = this.opts.stepMs;
    return min + Math.floor(unit(`${key}#${i}`) * (max - min + 1));
  }

  /**
   * Runs steps one after the other with a delay each, every step in one transaction. A walk with
   * an operation ends as soon as the operation is no longer PENDING/EXECUTING (e.g. cleared).
   */
  private walk(op: Operation | undefined, steps: Step[], key = op?.id ?? `walk${this.walkSeq}`, alive: () => boolean = () => true): void {
    const run = (i: number) => {
      if (i >= steps.length || !alive()) return;
      if (op) {
        const current = this.core.operations.get(op.id);
        if (!current || !ACTIVE.includes(current.status)) return;
      }
      let result: StepResult = 'stop';
      try {
        result = this.core.transaction(steps[i]!);
      } catch (e) {
        // A device deleted meanwhile (or similar) ends the walk; the operation is left as it is.
        console.error(`simulator: step ${i} of ${op ? `operation ${op.id}` : key} failed`, e);
        return;
      }
      if (result === 'next') this.scheduler.at(this.delay(key, i + 1), () => run(i + 1));
    };
    this.scheduler.at(this.delay(key, 0), () => run(0));
  }

  private setStatus(op: Operation, status: OperationStatus, failureReason?: string): void {
    this.core.operations.update(op.id, failureReason === undefined ? { status } : { status, failureReason });
  }

  private failsDevice(deviceId: string): boolean {
    return failsDeviceOperation(deviceId, this.opts.neverAnswerRatio, this.opts.failureRatio);
  }

  // --- log files ------------------------------------------------------------------------------

  /** The records a log type holds: the agent log its operations, the system log its events and alarms. */
  private logRecords(op: Operation, logFile: string, from: number, to: number): LogRecord[] {
    const range = { dateFrom: new Date(from).toISOString(), dateTo: new Date(to).toISOString(), pageSize: LOG_RECORDS_MAX };
    if (logFile === 'agent') {
      return this.core.operations
        .list({ deviceId: op.deviceId, ...range })
        .items.filter((o) => o.id !== op.id)
        .map((o) => ({ time: o.creationTime, text: `operation ${o.id} ${o.description ?? ''} ${o.status}${o.failureReason ? `: ${o.failureReason}` : ''}` }));
    }
    const events = this.core.events.list({ source: op.deviceId, ...range }).items.map((e) => ({ time: e.time, text: `${e.type}: ${e.text}` }));
    const alarms = this.core.alarms
      .list({ source: op.deviceId, ...range })
      .items.map((a) => ({ time: a.time, text: `${a.severity} alarm ${a.type}: ${a.text} (${a.status})` }));
    return [...events, ...alarms];
  }

  /**
   * c8y_LogfileRequest: the agent renders the requested log from the device's records, uploads it
   * as a binary and names it in the operation's `file`, as a real agent does.
   */
  private logfile(op: Operation): Step[] {
    return [
      () => (this.setStatus(op, 'EXECUTING'), 'next'),
      () => {
        const device = this.core.inventory.get(op.deviceId);
        const offered = device?.[LOGS.supported];
        const supported = Array.isArray(offered) ? offered.map(String) : [...SIMULATED_LOG_TYPES];
        const request = (op[LOGS.request] ?? {}) as Record<string, unknown>;
        const checked = readLogfileRequest(request, supported);
        if ('error' in checked) return this.setStatus(op, 'FAILED', checked.error), 'stop';
        const name = String(device?.name ?? op.deviceId);
        const text = renderLog(this.logRecords(op, checked.logFile, checked.from, checked.to), name, checked.logFile, checked);
        const file = this.core.binaries.create(
          { name: `${checked.logFile}-${op.deviceId}-${op.id}.log`, type: 'text/plain', c8y_LogfileRequestId: op.id },
          'text/plain',
          Buffer.from(text, 'utf8'),
          `device_${op.deviceId}`,
        );
        this.core.operations.update(op.id, { status: 'SUCCESSFUL', [LOGS.request]: { ...request, file: `/inventory/binaries/${file.id}` } });
        return 'stop';
      },
    ];
  }

  // --- restarts -------------------------------------------------------------------------------

  private restart(op: Operation, failure: string): Step[] {
    return [
      () => (this.setStatus(op, 'EXECUTING'), 'next'),
      () => {
        if (this.failsDevice(op.deviceId)) return this.setStatus(op, 'FAILED', failure), 'stop';
        // A restarted agent reports in at once.
        this.touchAvailability(op.deviceId);
        this.setStatus(op, 'SUCCESSFUL');
        return 'stop';
      },
    ];
  }

  private touchAvailability(deviceId: string): void {
    const d = this.core.inventory.get(deviceId);
    const a = (d?.[FRAGMENT.availability] ?? {}) as Record<string, unknown>;
    if (d && a.status === 'AVAILABLE') this.core.inventory.update(deviceId, { [FRAGMENT.availability]: { ...a, lastMessage: this.iso() } });
  }

  // --- time zone ------------------------------------------------------------------------------

  private timezone(op: Operation, tz: string): Step[] {
    return [
      () => (this.setStatus(op, 'EXECUTING'), 'next'),
      () => {
        if (this.failsDevice(op.deviceId)) return this.setStatus(op, 'FAILED', MESSAGES.timezoneFailed), 'stop';
        this.core.inventory.update(op.deviceId, { [FRAGMENT.timezone]: tz });
        this.setStatus(op, 'SUCCESSFUL');
        return 'stop';
      },
    ];
  }

  // --- software -------------------------------------------------------------------------------

  private entries(deviceId: string): PackageEntry[] {
    const list = this.core.inventory.get(deviceId)?.[FRAGMENT.packageList];
    return Array.isArray(list) ? (list as PackageEntry[]) : [];
  }

  /** Writes the list and the counters the console shows beside it (kept consistent with the list). */
  private saveEntries(deviceId: string, list: PackageEntry[], lastInstalled?: string): void {
    const live = list.filter((e) => !e.marked_for_deletion);
    const failed = live.filter((e) => isFailed(e.status)).length;
    const pending = live.filter((e) => !isFailed(e.status) && !DONE_STATUSES.includes(e.status)).length;
    this.core.inventory.update(deviceId, {
      [FRAGMENT.packageList]: list,
      [FRAGMENT.failedCount]: failed,
      [FRAGMENT.pendingUpdates]: pending,
      ...(lastInstalled !== undefined ? { [FRAGMENT.lastInstalled]: lastInstalled } : {}),
    });
  }

  /**
   * Moves the device's entry of name+version to a status. 'gone' when the entry was cleared or
   * replaced by another version (the walk stops).
   */
  private moveEntry(deviceId: string, name: string, version: string, status: string, extra: Partial<PackageEntry> = {}, create?: PackageEntry): 'ok' | 'cleared' | 'replaced' {
    const list = this.entries(deviceId).slice();
    let i = list.findIndex((e) => e.name === name && !e.marked_for_deletion);
    if (i >= 0 && list[i]!.version !== version) return 'replaced';
    if (i < 0) {
      if (!create) return 'cleared';
      list.push(create);
      i = list.length - 1;
    }
    list[i] = { ...list[i]!, ...extra, status, last_status_timestamp: this.iso(), failure_message: (extra.failure_message as string | undefined) ?? '' };
    this.saveEntries(deviceId, list, DONE_STATUSES.includes(status) ? version : undefined);
    return 'ok';
  }

  /** The c8y_Software package of an entry: by repository id, else by name and version. */
  private softwareOf(entry: PackageEntry): ManagedObject | undefined {
    if (typeof entry.repository_id === 'string' && entry.repository_id !== '') {
      const mo = this.core.inventory.get(entry.repository_id);
      if (mo?.type === SOFTWARE_TYPE) return mo;
    }
    const candidates = this.core.inventory.query({ type: SOFTWARE_TYPE, query: `name eq '${entry.name.replace(/'/g, "''")}'`, pageSize: 100 }).items;
    return candidates.find((s) => s.version === entry.version);
  }

  /** Dependencies of the package that the device has not installed yet. */
  private missingDependencies(deviceId: string, name: string, version: string): string[] {
    const list = this.entries(deviceId);
    const entry = list.find((e) => e.name === name && e.version === version && !e.marked_for_deletion);
    const sw = entry && this.softwareOf(entry);
    const deps = Array.isArray(sw?.dependencies) ? (sw!.dependencies as Array<{ name?: string; version?: string }>) : [];
    return deps
      .filter((d) => !list.some((e) => e.name === d.name && (!d.version || e.version === d.version) && DONE_STATUSES.includes(e.status) && !e.marked_for_deletion))
      .map((d) => `${d.name} ${d.version ?? ''}`.trim());
  }

  private claim(deviceId: string, name: string): () => boolean {
    const key = `${deviceId}|${name}`;
    const token = ++this.walkSeq;
    this.packageWalks.set(key, token);
    return () => this.packageWalks.get(key) === token;
  }

  /** Registration: assigned -> registered -> downloading -> downloaded -> approval or installation. */
  private register(op: Operation): Step[] | undefined {
    const sw = op[OP.register] as Partial<PackageEntry> | undefined;
    if (!sw?.name || !sw.version) return [() => (this.setStatus(op, 'FAILED', MESSAGES.notRegistered), 'stop')];
    const { name, version } = sw as { name: string; version: string };
    const requiresApproval = sw.installation_requires_approval === true;
    const create: PackageEntry = { ...sw, name, version, status: PKG.assigned, marked_for_deletion: false, installation_requires_approval: requiresApproval };
    const fails = failsPackage(op.deviceId, name, version, this.opts.failureRatio);
    const failsAtDownload = fails && unit(`${op.deviceId}|${name}|${version}|phase`) < 0.5;
    const move = (status: string, extra: Partial<PackageEntry> = {}, withCreate = false) => this.moveEntry(op.deviceId, name, version, status, extra, withCreate ? create : undefined);
    const gone = (r: 'ok' | 'cleared' | 'replaced') => r !== 'ok' && (this.setStatus(op, 'FAILED', r === 'cleared' ? MESSAGES.cleared : MESSAGES.replaced), true);
    const steps: Step[] = [
      () => (this.setStatus(op, 'EXECUTING'), gone(move(PKG.registered, {}, true)) ? 'stop' : 'next'),
      () => (gone(move(PKG.downloading)) ? 'stop' : 'next'),
      () => {
        if (failsAtDownload) {
          if (!gone(move(PKG.downloadFailed, { failure_message: MESSAGES.downloadFailed }))) this.setStatus(op, 'FAILED', MESSAGES.downloadFailed);
          return 'stop';
        }
        return gone(move(PKG.downloaded)) ? 'stop' : 'next';
      },
      () => {
        if (requiresApproval) {
          if (!gone(move(PKG.waitingForApproval))) this.setStatus(op, 'SUCCESSFUL');
          return 'stop';
        }
        return this.toBeInstalled(op, name, version, move, gone);
      },
      ...this.installSteps(op, op.deviceId, name, version, fails),
    ];
    return this.guarded(op.deviceId, name, steps);
  }

  /** Installation after approval (or a repeated one): to be installed -> executing -> installed. */
  private install(op: Operation): Step[] | undefined {
    const sw = op[OP.install] as { name?: string; version?: string } | undefined;
    if (!sw?.name || !sw.version) return [() => (this.setStatus(op, 'FAILED', MESSAGES.notRegistered), 'stop')];
    const { name, version } = sw as { name: string; version: string };
    const fails = failsPackage(op.deviceId, name, version, this.opts.failureRatio);
    const move = (status: string, extra: Partial<PackageEntry> = {}) => this.moveEntry(op.deviceId, name, version, status, extra);
    const gone = (r: 'ok' | 'cleared' | 'replaced') => r !== 'ok' && (this.setStatus(op, 'FAILED', r === 'cleared' ? MESSAGES.notRegistered : MESSAGES.replaced), true);
    const steps: Step[] = [
      () => (this.setStatus(op, 'EXECUTING'), this.toBeInstalled(op, name, version, move, gone)),
      ...this.installSteps(op, op.deviceId, name, version, fails),
    ];
    return this.guarded(op.deviceId, name, steps);
  }

  /** Wraps a package walk so that a newer walk of the same device and package stops it. */
  private guarded(deviceId: string, name: string, steps: Step[]): Step[] {
    const alive = this.claim(deviceId, name);
    return steps.map((s) => () => (alive() ? s() : 'stop'));
  }

  /**
   * 'to be installed'; with a dependency missing the entry waits there (the dashboard's "waiting
   * for dependency") and the operation is done: the agent installs it once the dependency is in.
   */
  private toBeInstalled(
    op: Operation | undefined,
    name: string,
    version: string,
    move: (s: string) => 'ok' | 'cleared' | 'replaced',
    gone: (r: 'ok' | 'cleared' | 'replaced') => boolean,
  ): StepResult {
    if (gone(move(PKG.toBeInstalled))) return 'stop';
    const deviceId = op?.deviceId;
    if (deviceId !== undefined && this.missingDependencies(deviceId, name, version).length > 0) {
      if (op) this.setStatus(op, 'SUCCESSFUL');
      return 'stop';
    }
    return 'next';
  }

  private installSteps(op: Operation | undefined, deviceId: string, name: string, version: string, fails: boolean): Step[] {
    const move = (status: string, extra: Partial<PackageEntry> = {}) => this.moveEntry(deviceId, name, version, status, extra);
    const gone = (r: 'ok' | 'cleared' | 'replaced') => {
      if (r === 'ok') return false;
      if (op) this.setStatus(op, 'FAILED', r === 'cleared' ? MESSAGES.cleared : MESSAGES.replaced);
      return true;
    };
    return [
      () => (gone(move(PKG.executing)) ? 'stop' : 'next'),
      () => {
        if (fails) {
          if (!gone(move(PKG.installationFailed, { failure_message: MESSAGES.installationFailed })) && op) this.setStatus(op, 'FAILED', MESSAGES.installationFailed);
          return 'stop';
        }
        if (gone(move(PKG.installed))) return 'stop';
        if (op) this.setStatus(op, 'SUCCESSFUL');
        this.resumeWaiting(deviceId);
        return 'stop';
      },
    ];
  }

  /** After an installation: entries waiting in 'to be installed' whose dependencies are now in go on. */
  private resumeWaiting(deviceId: string): void {
    for (const e of this.entries(deviceId)) {
      if (e.status !== PKG.toBeInstalled || e.marked_for_deletion) continue;
      if (this.missingDependencies(deviceId, e.name, e.version).length > 0) continue;
      const fails = failsPackage(deviceId, e.name, e.version, this.opts.failureRatio);
      const steps = this.guarded(deviceId, e.name, this.installSteps(undefined, deviceId, e.name, e.version, fails));
      this.walk(undefined, steps, `${deviceId}|${e.name}|${e.version}|resume`);
    }
  }

  // --- mobile router --------------------------------------------------------------------------

  /** The router: the operation's device itself, or its child of type {product}_MobileRouter. */
  private routerOf(deviceId: string): ManagedObject | undefined {
    const d = this.core.inventory.get(deviceId);
    if (!d) return undefined;
    if (d.type === MOBILE_ROUTER_TYPE) return d;
    for (const kind of ['childDevices', 'childAssets', 'childAdditions'] as const) {
      const r = this.core.inventory.children(deviceId, kind, { type: MOBILE_ROUTER_TYPE, pageSize: 1 }).items[0];
      if (r) return r;
    }
    return undefined;
  }

  /** Read-modify-write of the router's fragments (a fragment is replaced whole on update). */
  private patchRouter(routerId: string, patch: (r: ManagedObject) => Record<string, Record<string, unknown>>): void {
    const r = this.core.inventory.get(routerId);
    if (!r) return;
    const parts = patch(r);
    const merged: Record<string, unknown> = {};
    for (const [fragment, fields] of Object.entries(parts)) merged[fragment] = { ...((r[fragment] as Record<string, unknown> | undefined) ?? {}), ...fields };
    this.core.inventory.update(routerId, merged);
  }

  private setState(routerId: string, state: string, extra: Record<string, Record<string, unknown>> = {}): void {
    this.patchRouter(routerId, () => ({ ...extra, DeviceAvailability: { ...extra.DeviceAvailability, DeviceState: state } }));
  }

  /** Steps shared by the router walks: find the router, EXECUTING; undefined when there is none. */
  private routerWalk(op: Operation, body: (routerId: string) => Step[]): Step[] {
    const router = this.routerOf(op.deviceId);
    if (!router) return [() => (this.setStatus(op, 'FAILED', MESSAGES.noRouter), 'stop')];
    return [() => (this.setStatus(op, 'EXECUTING'), 'next'), ...body(router.id)];
  }

  private routerRestart(op: Operation): Step[] {
    return this.routerWalk(op, (id) => [
      () => (this.setState(id, ROUTER_STATE.restarting, ROUTER_DOWN), 'next'),
      () => {
        const failed = this.failsDevice(op.deviceId);
        this.setState(id, ROUTER_STATE.running, { ...ROUTER_UP, ...(failed ? {} : { DeviceInformation: { UpTime: UPTIME_AFTER_BOOT } }) });
        this.setStatus(op, failed ? 'FAILED' : 'SUCCESSFUL', failed ? MESSAGES.routerRestartFailed : undefined);
        return 'stop';
      },
    ]);
  }

  /**
   * What a router update installs: the entry its repository_id names (a firmware binary, whose
   * c8y_Firmware version is what the router then runs, or a configuration dump), else the name and
   * version it carries. A repository_id naming anything else (a firmware repository, which holds
   * several versions) has nothing to download: `missing` says so.
   */
  private routerUpdateTarget(op: Operation, what: 'firmware' | 'profile'): { name?: string; version?: string; missing?: string } {
    const body = (op[what === 'firmware' ? OP.routerUpdateFirmware : OP.routerUpdateProfile] ?? {}) as { repository_id?: unknown; name?: string; version?: string };
    const id = typeof body.repository_id === 'string' ? body.repository_id : '';
    if (id === '') return { name: body.name, version: body.version };
    const mo = this.core.inventory.get(id);
    if (what === 'firmware') {
      const firmware = mo?.type === FIRMWARE_BINARY_TYPE ? (mo.c8y_Firmware as { version?: string } | undefined) : undefined;
      return firmware?.version ? { name: body.name, version: firmware.version } : { missing: MESSAGES.firmwareNotFound(id) };
    }
    return mo?.type === CONFIGURATION_DUMP_TYPE ? { name: mo.name ?? body.name, version: (mo.version as string | undefined) ?? body.version } : { missing: MESSAGES.profileNotFound(id) };
  }

  private routerUpdate(op: Operation, what: 'firmware' | 'profile'): Step[] {
    const body = this.routerUpdateTarget(op, what);
    const states =
      what === 'firmware'
        ? [ROUTER_STATE.downloadingFirmware, ROUTER_STATE.verifyingFirmware, ROUTER_STATE.applyingFirmware, ROUTER_STATE.restarting]
        : [ROUTER_STATE.downloadingProfile, ROUTER_STATE.verifyingProfile, ROUTER_STATE.applyingProfile];
    return this.routerWalk(op, (id) => [
      ...states.map((s, i): Step => () => {
        // An update naming no binary or dump fails while downloading: there is nothing to fetch.
        if (i === 1 && body.missing) {
          this.setState(id, ROUTER_STATE.running);
          this.setStatus(op, 'FAILED', body.missing);
          return 'stop';
        }
        // A failing update stops after verification, as a real router rejects a bad image.
        if (i === 2 && this.failsDevice(op.deviceId)) {
          this.setState(id, ROUTER_STATE.running);
          this.setStatus(op, 'FAILED', what === 'firmware' ? MESSAGES.firmwareFailed : MESSAGES.profileFailed);
          return 'stop';
        }
        // The new firmware boots as a restart does: offline and not available meanwhile.
        this.setState(id, s, s === ROUTER_STATE.restarting ? ROUTER_DOWN : {});
        return 'next';
      }),
      () => {
        const hash = unit(`${body.name}|${body.version}`).toString(16).slice(2).padEnd(32, '0').slice(0, 32);
        this.setState(id, ROUTER_STATE.running, {
          ...(what === 'firmware' ? ROUTER_UP : {}),
          DeviceInformation:
            what === 'firmware'
              ? { Firmware: body.version ?? body.name ?? '', UpTime: UPTIME_AFTER_BOOT }
              : { Profile: { Name: body.name ?? '', Version: body.version ?? '', ExpectedHash: hash, Hash: hash, Modified: false } },
        });
        this.setStatus(op, 'SUCCESSFUL');
        return 'stop';
      },
    ]);
  }

  private routerMonitoring(op: Operation): Step[] {
    return this.routerWalk(op, (id) => [
      () => {
        if (this.failsDevice(op.deviceId)) return this.setStatus(op, 'FAILED', MESSAGES.monitoringFailed), 'stop';
        const now = this.core.clock.now();
        this.patchRouter(id, () => ({
          Attributes: { Monitoring: { Enabled: true, StartedAt: new Date(now).toISOString(), EndAt: new Date(now + this.opts.monitoringMinutes * 60_000).toISOString() } },
        }));
        this.setStatus(op, 'SUCCESSFUL');
        return 'stop';
      },
    ]);
  }
}

/** The time zone of a time zone operation: our fragment, or any *timezone* fragment a client sends. */
function timezoneOf(op: Operation): string | undefined {
  const key = op[OP.setTimezone] !== undefined ? OP.setTimezone : Object.keys(op).find((k) => /time_?zone/i.test(k) && k !== 'description');
  if (key === undefined) return undefined;
  const v = op[key];
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const tz = o.timezone ?? o.timeZone ?? o.value;
    if (typeof tz === 'string') return tz;
  }
  return undefined;
}

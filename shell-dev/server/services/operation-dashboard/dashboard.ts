import type { ManagedObject, ReadContext, ReadTask, ServerCore } from '../../core/api';
import { categorySql, type AlarmCategory } from './categories';
import { ensureSoftwareState } from './software-state';
import { ensureAlarmTypeDays, topAlarmTypesParams, topAlarmTypesSql } from './alarm-type-days';
import { DAY_MS, TOP_ALARM_TYPES_LIMIT, UNRESOLVED_ALARM_STATUSES, type SeverityParam } from './constants';
import { DERIVED_ONLINE_WHERE, dayOf, historyDay, historyDays, type DayRow } from './history';
import {
  DEVICE_INDEX,
  DEVICE_LIST_ROWS_FROM,
  DEVICE_STATES_FROM,
  DEVICE_STATES_WHERE,
  DEVICES_WHERE,
  MONITORED_INDEX,
  q,
  STATE_AVAILABILITY_WHERE,
  STATE_SOFTWARE_WHERE,
  Statements,
  type AvailabilityView,
  type SoftwareView,
} from './sql';

export interface Paging {
  pageSize: number;
  currentPage: number;
}

export interface Statistics {
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
}

export type RecoveredView = 'month' | 'year' | 'total';

const RANKED_SEVERITY = ['WARNING', 'MINOR', 'MAJOR', 'CRITICAL'] as const;
const UNRESOLVED = `status IN (${UNRESOLVED_ALARM_STATUSES.map(q).join(', ')})`;

/** 1 when the figure went up since the snapshot, -1 when down, 0 when unchanged (spec widget arrows). */
export const trend = (now: number, then: number) => Math.sign(now - then);

function statistics(total: number, p: Paging): Statistics {
  return { currentPage: p.currentPage, pageSize: p.pageSize, totalPages: Math.ceil(total / p.pageSize), totalElements: total };
}

const startOfMonthIso = (ms: number) => {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
};
const startOfYearIso = (ms: number) => new Date(Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)).toISOString();

/**
 * The dashboard's figures, each one SQL statement over the core's tables or the snapshots; they
 * only read, so they run in a reader of the core's reader pool (FIGURE) or on the main thread.
 * `now` is the core clock's time of the request (the main thread's; a reader has no clock).
 */
class Figures {
  private readonly st: Statements;
  now = 0;

  constructor(private readonly r: ReadContext) {
    this.st = new Statements(r.db);
  }

  /**
   * A page of devices of `fromWhere` (ordered by id) with the core's managed-object shape; `id` is
   * the device id column of that FROM. `total`, when given, is the count reused by the caller.
   */
  private devicePage(fromWhere: string, p: Paging, params: Record<string, unknown> = {}, id = 'dev.mo_id', total?: number) {
    total ??= (this.st.get(`SELECT count(*) AS n FROM ${fromWhere}`).get(params) as { n: number }).n;
    const ids = (this.st.get(`SELECT ${id} AS id FROM ${fromWhere} ORDER BY ${id} LIMIT @limit OFFSET @offset`).all({
      ...params,
      limit: p.pageSize,
      offset: (p.currentPage - 1) * p.pageSize,
    }) as Array<{ id: number }>).map((r) => String(r.id));
    return { managedObjects: this.managedObjects(ids), statistics: statistics(total, p) };
  }

  private managedObjects(ids: string[]): ManagedObject[] {
    if (ids.length === 0) return [];
    const found = new Map(this.r.inventory.query({ ids, pageSize: ids.length }).items.map((mo) => [mo.id, mo]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  deviceStatistics() {
    // Three counts over the state rows' indexes (~4 ms at 100,000 devices; grouping every device's
    // row by its availability took ~10-25 ms, over the availability expression index ~230 ms).
    const count = (view: AvailabilityView) => (this.st.get(`SELECT count(*) AS n FROM ${stateWhere(STATE_AVAILABILITY_WHERE[view])}`).get() as { n: number }).n;
    const online = count('online');
    const offline = count('offline');
    const notMonitored = count('notmonitored');
    return { onlineDeviceCount: online, offlineDeviceCount: offline, notMonitoredDeviceCount: notMonitored, totalDevices: online + offline + notMonitored };
  }

  listDevices(view: AvailabilityView, p: Paging) {
    return this.devicePage(stateWhere(STATE_AVAILABILITY_WHERE[view]), p, {}, 'st.mo_id');
  }

  historyDeviceList() {
    const days = historyDays(this.st, this.now);
    return { attrs: { history: days.map((d) => ({ date: new Date(d.day * DAY_MS).toISOString().slice(0, 10), deviceCount: d.device_count, averageTime: Math.round(d.average_minutes) })) } };
  }

  /**
   * Devices online `daysAgo` days ago (1 = yesterday). A derived day's page says its total
   * (`derivedTotal`): the caller reuses it as `derivedTotal` for that day's next pages.
   */
  historyDeviceListPage(daysAgo: number, p: Paging, derivedTotal?: number) {
    const day = dayOf(this.now) - daysAgo;
    const row = historyDay(this.st, day);
    if (row?.source === 'measured') {
      return { page: this.devicePage(`opdash_online o JOIN mo_fragments dev ON dev.mo_id = o.device_id AND ${DEVICES_WHERE} WHERE o.day = @day`, p, { day }) };
    }
    const page = this.devicePage(`${DEVICE_LIST_ROWS_FROM} WHERE ${DERIVED_ONLINE_WHERE}`, p, { day }, 'dev.mo_id', derivedTotal);
    return { page, derivedTotal: page.statistics.totalElements };
  }

  alarmCount(severity: SeverityParam) {
    const rows = this.st
      .get(`SELECT ${categorySql('type')} AS category, count(*) AS n FROM alarms WHERE ${UNRESOLVED} AND severity = ? GROUP BY 1`)
      .all(severity.toUpperCase()) as Array<{ category: AlarmCategory; n: number }>;
    const by = Object.fromEntries(rows.map((r) => [r.category, r.n])) as Partial<Record<AlarmCategory, number>>;
    const software = by.software ?? 0;
    const connectivity = by.connectivity ?? 0;
    const services = by.services ?? 0;
    const others = by.others ?? 0;
    return { total: software + connectivity + services + others, software, connectivity, services, others };
  }

  alarmHistory() {
    const days = historyDays(this.st, this.now);
    const series = (pick: (d: DayRow) => number) => days.map(pick);
    return {
      attrs: {
        criticalAlarmHistory: series((d) => d.alarms_critical),
        majorAlarmHistory: series((d) => d.alarms_major),
        minorAlarmHistory: series((d) => d.alarms_minor),
        warningAlarmHistory: series((d) => d.alarms_warning),
      },
    };
  }

  /** Alarm types that occurred in the last `days` days, by occurrences (alarm counts) summed. */
  topTenAlarmTypes(days: number) {
    const from = new Date(this.now - days * DAY_MS).toISOString();
    const rows = this.st.get(topAlarmTypesSql(TOP_ALARM_TYPES_LIMIT)).all(topAlarmTypesParams(from)) as Array<{ alarmType: string; count: number; rank: number }>;
    return rows.map((r) => ({ alarmType: r.alarmType, count: r.count, severity: RANKED_SEVERITY[r.rank - 1]! }));
  }

  softwareMonitoringStats(trendDays: number) {
    // Three counts over the state rows' (device, <figure>) indexes: ~1 ms at 100,000 devices (one
    // pass summing every device's row took 50-65 ms, hidden by a cache for a few seconds).
    const count = (view: SoftwareView) => (this.st.get(`SELECT count(*) AS n FROM ${stateWhere(STATE_SOFTWARE_WHERE[view])}`).get() as { n: number }).n;
    const now = { wfd: count('wfd'), wfa: count('wfa'), wsa: count('wsa') };
    const then = historyDay(this.st, dayOf(this.now) - trendDays);
    return {
      devicesWaitingForDependencies: now.wfd,
      TrendWFD: then ? trend(now.wfd, then.wfd) : 0,
      devicesWaitingForApproval: now.wfa,
      TrendWFA: then ? trend(now.wfa, then.wfa) : 0,
      devicesWithoutSoftwareAssignment: now.wsa,
      TrendWSA: then ? trend(now.wsa, then.wsa) : 0,
    };
  }

  softwareMonitoringDeviceListPage(view: SoftwareView, p: Paging) {
    return this.devicePage(stateWhere(STATE_SOFTWARE_WHERE[view]), p, {}, 'st.mo_id');
  }

  private recoveredSince(view: RecoveredView): string {
    const now = this.now;
    return view === 'month' ? startOfMonthIso(now) : view === 'year' ? startOfYearIso(now) : '';
  }

  /** Devices that recovered since @since (ISO; '' for any time), over their derived state rows. */
  private readonly recoveredFrom = stateWhere('st.had_failures = 1 AND st.recovered_at >= @since');

  recoveredDeviceStats() {
    // Over the state rows alone (~25 ms at 100,000 devices; ~220 ms through managed_objects).
    const r = this.st
      .get(`SELECT count(*) AS total, coalesce(sum(st.recovered_at >= @month), 0) AS month, coalesce(sum(st.recovered_at >= @year), 0) AS year FROM ${this.recoveredFrom}`)
      .get({ since: '', month: this.recoveredSince('month'), year: this.recoveredSince('year') }) as { total: number; month: number; year: number };
    return { thisMonth: r.month, thisYear: r.year, total: r.total };
  }

  recoveredDeviceListPage(view: RecoveredView, p: Paging) {
    return this.devicePage(this.recoveredFrom, p, { since: this.recoveredSince(view) }, 'st.mo_id');
  }

  listPageAlarms(severity: SeverityParam, category: AlarmCategory | undefined, p: Paging) {
    const where = `${UNRESOLVED} AND severity = @severity${category ? ` AND ${categorySql('type')} = @category` : ''}`;
    const params = { severity: severity.toUpperCase(), category };
    const total = (this.st.get(`SELECT count(*) AS n FROM alarms WHERE ${where}`).get(params) as { n: number }).n;
    // Through (status, severity, time) the newest page is read status by status in time order and
    // the scan stops once it has its rows (SQLite's IN early-out); the planner preferred the
    // counts' (status, severity, type) index and sorted every match (~40 ms for 30,000 MAJOR).
    const ids = this.st
      .get(
        `SELECT a.*, m.name AS source_name FROM (SELECT * FROM alarms INDEXED BY alarms_status_time WHERE ${where} ORDER BY time DESC, id DESC LIMIT @limit OFFSET @offset) a
         LEFT JOIN managed_objects m ON m.id = a.source_id ORDER BY a.time DESC, a.id DESC`,
      )
      .all({ ...params, limit: p.pageSize, offset: (p.currentPage - 1) * p.pageSize }) as AlarmRow[];
    const alarms = ids.map((r) => ({ ...toAlarm(r), id: { value: String(r.id) } }));
    return { alarms, statistics: statistics(total, p) };
  }
}

type FigureName = Exclude<keyof Figures, 'now'>;
type FigureArgs<K extends FigureName> = Parameters<Figures[K]>;
type FigureResult<K extends FigureName> = ReturnType<Figures[K]>;

/** One figure to compute: its Figures method, the method's arguments and the core clock's time. */
export interface FigureCall {
  name: FigureName;
  args: unknown[];
  now: number;
}

/** Each connection's figures (prepared statements are per connection). */
const figuresOf = new WeakMap<ReadContext['db'], Figures>();

/** Computes one figure over `r` (a reader's connection, or the main thread's). */
export function figure(r: ReadContext, call: FigureCall): unknown {
  let f = figuresOf.get(r.db);
  if (!f) figuresOf.set(r.db, (f = new Figures(r)));
  f.now = call.now;
  return (f[call.name] as (...args: unknown[]) => unknown)(...call.args);
}

/** The figures as a read task: the core runs them in a reader, off the event loop, when it can. */
export const FIGURE: ReadTask<FigureCall, unknown> = { module: __filename, name: 'figure', fn: figure };

/**
 * The dashboard's routes' side: sets up the indexes the figures read, hands each figure to the
 * core's readers (core.read: beside each other and off the event loop) and reuses the slow ones.
 */
export class Dashboard {
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly core: ServerCore,
    private readonly cacheMs: number,
  ) {
    ensureSoftwareState(core.db);
    ensureAlarmTypeDays(core.db);
    core.db.exec(MONITORED_INDEX);
    core.db.exec(DEVICE_INDEX);
    // The top alarm types read type, severity and count of the alarms of their window's first day
    // (its other days come from alarm-type-days.ts): from this index alone, not the alarms' rows.
    core.db.exec(`CREATE INDEX IF NOT EXISTS opdash_alarms_time_type ON alarms(time, type, severity, count)`);
    // The alarm counts group the unresolved alarms of a severity by type: from this index alone
    // (through alarms_status_time every alarm's row was read for its type: ~25 ms at 30,000).
    core.db.exec(`CREATE INDEX IF NOT EXISTS opdash_alarms_status_severity_type ON alarms(status, severity, type)`);
  }

  private run<K extends FigureName>(name: K, ...args: FigureArgs<K>): Promise<FigureResult<K>> {
    return this.core.read(FIGURE, { name, args, now: this.core.clock.now() }) as Promise<FigureResult<K>>;
  }

  /** A value of `key` computed less than cacheMs ago. */
  private reused<T>(key: string): T | undefined {
    const hit = this.cache.get(key);
    return hit && Date.now() - hit.at < this.cacheMs ? (hit.value as T) : undefined;
  }

  /** Package-list figures scan every device's list; the widgets poll, so a short reuse saves work. */
  private async cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.reused<T>(key);
    if (hit !== undefined) return hit;
    const at = Date.now();
    const value = await compute();
    this.cache.set(key, { at, value });
    return value;
  }

  deviceStatistics() {
    return this.run('deviceStatistics');
  }

  listDevices(view: AvailabilityView, p: Paging) {
    return this.run('listDevices', view, p);
  }

  historyDeviceList() {
    return this.run('historyDeviceList');
  }

  /** Devices online `daysAgo` days ago (1 = yesterday). */
  async historyDeviceListPage(daysAgo: number, p: Paging) {
    // A derived day's total draws for every device (~100 ms at 100,000): reused like the
    // package-list figures while the pages of that day are walked.
    const key = `derived-online-${dayOf(this.core.clock.now()) - daysAgo}`;
    const known = this.reused<number>(key);
    const at = Date.now();
    const r = await this.run('historyDeviceListPage', daysAgo, p, known);
    if (known === undefined && r.derivedTotal !== undefined) this.cache.set(key, { at, value: r.derivedTotal });
    return r.page;
  }

  alarmCount(severity: SeverityParam) {
    return this.run('alarmCount', severity);
  }

  alarmHistory() {
    return this.run('alarmHistory');
  }

  topTenAlarmTypes(days: number) {
    return this.run('topTenAlarmTypes', days);
  }

  softwareMonitoringStats(trendDays: number) {
    return this.run('softwareMonitoringStats', trendDays);
  }

  softwareMonitoringDeviceListPage(view: SoftwareView, p: Paging) {
    return this.run('softwareMonitoringDeviceListPage', view, p);
  }

  recoveredDeviceStats() {
    return this.cached('recovered', () => this.run('recoveredDeviceStats'));
  }

  recoveredDeviceListPage(view: RecoveredView, p: Paging) {
    return this.run('recoveredDeviceListPage', view, p);
  }

  listPageAlarms(severity: SeverityParam, category: AlarmCategory | undefined, p: Paging) {
    return this.run('listPageAlarms', severity, category, p);
  }
}

const stateWhere = (where: string) => `${DEVICE_STATES_FROM} WHERE ${DEVICE_STATES_WHERE} AND ${where}`;

interface AlarmRow {
  id: number;
  source_id: number;
  source_name: string | null;
  type: string;
  severity: string;
  status: string;
  count: number;
  time: string;
  creation_time: string;
  first_occurrence_time: string;
  last_updated: string;
  json: string;
}

/** The platform's alarm representation, as the core's alarm API renders a row. */
function toAlarm(r: AlarmRow) {
  return {
    type: r.type,
    severity: r.severity,
    status: r.status,
    count: r.count,
    time: r.time,
    creationTime: r.creation_time,
    firstOccurrenceTime: r.first_occurrence_time,
    lastUpdated: r.last_updated,
    source: { id: String(r.source_id), ...(r.source_name !== null ? { name: r.source_name } : {}) },
    ...(JSON.parse(r.json) as Record<string, unknown>),
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, type ServerCore, type ServerModule } from '../../core/api';
import { parseCategory } from './categories';
import { DEFAULT_PAGE_SIZE, HISTORY_DAYS, JOB_CHECK_MS, MAX_PAGE_SIZE, PACKAGE_STATS_CACHE_MS, SERVICE_PREFIX, SEVERITIES, type SeverityParam } from './constants';
import { Dashboard, type Paging, type RecoveredView } from './dashboard';
import { History } from './history';
import { maxCurrentPage, type Query, str } from '../../http/common';
import { serviceRoute, type ServiceSchema } from '../../http/schemas';
import type { AvailabilityView, SoftwareView } from './sql';

const ERROR_DOMAIN = 'operation-dashboard';
const notFound = (what: string) => new HttpError(404, `${ERROR_DOMAIN}/Not Found`, what);
const badRequest = (what: string) => new HttpError(400, `${ERROR_DOMAIN}/Bad Request`, what);

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw notFound(`Unknown ${what} '${value}'; expected one of ${allowed.join(', ')}`);
}

/** A path number such as {days}: an integer in 1..HISTORY_DAYS (the snapshots' reach). */
const dayCount = (name: string) => ({
  name,
  required: true,
  schema: { type: 'integer', minimum: 1, maximum: HISTORY_DAYS, 'x-message': `${name} must be an integer between 1 and ${HISTORY_DAYS}` },
});

/** A list page's query (the routes' schemas check it; the handler reads it). */
const PAGING_QUERY = [
  { name: 'pageSize', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, 'x-message': `pageSize must be an integer between 1 and ${MAX_PAGE_SIZE}` } },
  {
    name: 'currentPage',
    schema: { type: 'integer', minimum: 1, maximum: maxCurrentPage(MAX_PAGE_SIZE), 'x-message': `currentPage must be an integer between 1 and ${maxCurrentPage(MAX_PAGE_SIZE)}` },
  },
];

function paging(req: FastifyRequest): Paging {
  const query = req.query as Query;
  return { pageSize: Number(str(query, 'pageSize') || DEFAULT_PAGE_SIZE), currentPage: Number(str(query, 'currentPage') || 1) };
}

type Params = Record<string, string>;

function routes(app: FastifyInstance, d: Dashboard): void {
  const get = (path: string, handler: (p: Params, req: FastifyRequest) => unknown, schema?: Omit<ServiceSchema, 'error'>) =>
    app.get(`${SERVICE_PREFIX}/${path}`, schema ? serviceRoute({ ...schema, error: (m) => badRequest(m) }) : {}, async (req) => handler(req.params as Params, req));
  const paged = { query: PAGING_QUERY };

  get('devicestatistics', () => d.deviceStatistics());
  get('listdevices/:view', (p, req) => d.listDevices(oneOf<AvailabilityView>(p.view!, ['online', 'offline', 'notmonitored', 'total'], 'device list'), paging(req)), paged);
  get('historydevicelist', () => d.historyDeviceList());
  get('historydevicelistpage/:day', (p, req) => d.historyDeviceListPage(Number(p.day), paging(req)), { ...paged, params: [dayCount('day')] });
  get('alarmcount/:severity', (p) => d.alarmCount(oneOf<SeverityParam>(p.severity!, SEVERITIES, 'severity')));
  get('alarmhistory', () => d.alarmHistory());
  get('toptenalarmtypes/:days', (p) => d.topTenAlarmTypes(Number(p.days)), { params: [dayCount('days')] });
  get('softwaremonitoringstats/:trendDays', (p) => d.softwareMonitoringStats(Number(p.trendDays)), { params: [dayCount('trendDays')] });
  get('softwaremonitoringdevicelistpage/:view', (p, req) => d.softwareMonitoringDeviceListPage(oneOf<SoftwareView>(p.view!, ['wfd', 'wfa', 'wsa'], 'software monitoring list'), paging(req)), paged);
  get('recovereddevicestats', () => d.recoveredDeviceStats());
  get('recovereddevicelistpage/:view', (p, req) => d.recoveredDeviceListPage(oneOf<RecoveredView>(p.view!, ['month', 'year', 'total'], 'recovered list'), paging(req)), paged);
  const alarms = (p: Params, req: FastifyRequest) => {
    const severity = oneOf<SeverityParam>(p.severity!, SEVERITIES, 'severity');
    const category = p.category === undefined ? undefined : parseCategory(p.category);
    if (p.category !== undefined && category === undefined) throw notFound(`Unknown alarm category '${p.category}'`);
    return d.listPageAlarms(severity, category, paging(req));
  };
  get('listpagealarms/:severity', alarms, paged);
  get('listpagealarms/:severity/:category', alarms, paged);
  // Anything else under the prefix is a 404 with the platform's error body, not fastify's default.
  get('*', (p) => {
    throw notFound(`Unknown operation-dashboard path '${p['*']}'`);
  });
}

export interface OperationDashboardModule extends ServerModule {
  /** Runs the snapshot job now (tests with a controllable clock; the timer calls it too). */
  runJobs(): void;
}

/** The operation-dashboard microservice: figures computed from the data, and the daily snapshot job. */
export interface OperationDashboardOptions {
  /** How long package-list figures are reused (default PACKAGE_STATS_CACHE_MS; tests use 0). */
  cacheMs?: number;
}

export function operationDashboardModule(opts: OperationDashboardOptions = {}): OperationDashboardModule {
  let history: History | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'operation-dashboard',
    register(app: FastifyInstance, core: ServerCore) {
      history = new History(core);
      // Backfills the window on the first start, fills gaps after a downtime, takes a sample.
      history.runDue();
      routes(app, new Dashboard(core, opts.cacheMs ?? PACKAGE_STATS_CACHE_MS));
      timer = setInterval(() => {
        try {
          history?.runDue();
        } catch (e) {
          console.error('operation-dashboard snapshot job failed', e);
        }
      }, JOB_CHECK_MS);
      timer.unref();
    },
    runJobs() {
      history?.runDue();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

import fs from 'node:fs';
import type { ServerCore } from '../core/api';
import type { Core } from '../core/core';
import { LOGS } from '../../../shared/platform/fragments';
import { harness, type Harness } from '../services/operation-dashboard/testing/harness';
import { createSimulator, type Simulator } from './index';
import { readLogfileRequest, renderLog } from './logfile';

const NOW = Date.UTC(2025, 5, 15, 12, 0);
const STEP = 10;
const HOUR = 3_600_000;

let h: Harness;
let sim: Simulator;
afterEach(() => h?.close());

async function start() {
  sim = createSimulator({ mode: 'on', tickMs: 0, stepMs: { min: STEP, max: STEP }, backgroundEveryMs: 1_000_000, neverAnswerRatio: 0 });
  h = await harness(NOW, [sim]);
}

function runToEnd() {
  for (let i = 0; i < 50 && sim.pending() > 0; i++) sim.tick(STEP);
}

const iso = (ms: number) => new Date(ms).toISOString();
const request = (over: Record<string, unknown> = {}) => ({ logFile: 'syslog', dateFrom: iso(NOW - 2 * HOUR), dateTo: iso(NOW), searchText: '', maximumLines: 1000, ...over });

function fileOf(core: ServerCore, opId: string): string {
  const op = core.operations.get(opId)!;
  expect(op.status).toBe('SUCCESSFUL');
  const url = (op[LOGS.request] as { file?: string }).file;
  expect(url).toMatch(/^\/inventory\/binaries\/\d+$/);
  const bin = (core as Core).binaries.read(url!.split('/').pop()!);
  expect(bin?.contentType).toBe('text/plain');
  return fs.readFileSync(bin!.path, 'utf8');
}

describe('c8y_LogfileRequest', () => {
  it('uploads the device events and alarms in range as the system log, search and line limit applied', async () => {
    await start();
    const d = h.core.inventory.create({ name: 'box-1', type: 'adamos_NETbox', c8y_IsDevice: {}, [LOGS.supported]: ['agent', 'syslog'] });
    h.core.events.create({ source: { id: d.id }, type: 'netbox_Boot', text: 'booted', time: iso(NOW - 90 * 60_000) });
    h.core.events.create({ source: { id: d.id }, type: 'netbox_Login', text: 'service login', time: iso(NOW - 30 * 60_000) });
    h.core.events.create({ source: { id: d.id }, type: 'netbox_Old', text: 'too old', time: iso(NOW - 5 * HOUR) });
    h.core.alarms.create({ source: { id: d.id }, type: 'netbox_Disk', text: 'disk low', severity: 'MINOR', time: iso(NOW - 60 * 60_000) });

    const all = h.core.operations.create({ deviceId: d.id, description: 'Log file request', [LOGS.request]: request() });
    runToEnd();
    expect(fileOf(h.core, all.id).trim().split('\n')).toEqual([
      `${iso(NOW - 90 * 60_000)} box-1 syslog: netbox_Boot: booted`,
      `${iso(NOW - 60 * 60_000)} box-1 syslog: MINOR alarm netbox_Disk: disk low (ACTIVE)`,
      `${iso(NOW - 30 * 60_000)} box-1 syslog: netbox_Login: service login`,
    ]);

    const searched = h.core.operations.create({ deviceId: d.id, [LOGS.request]: request({ searchText: 'LOGIN' }) });
    const newest = h.core.operations.create({ deviceId: d.id, [LOGS.request]: request({ maximumLines: 1 }) });
    runToEnd();
    expect(fileOf(h.core, searched.id)).toBe(`${iso(NOW - 30 * 60_000)} box-1 syslog: netbox_Login: service login\n`);
    expect(fileOf(h.core, newest.id)).toBe(`${iso(NOW - 30 * 60_000)} box-1 syslog: netbox_Login: service login\n`);
  });

  it('the agent log holds the device operations, without the request itself', async () => {
    await start();
    const d = h.core.inventory.create({ name: 'box-2', type: 'adamos_NETbox', c8y_IsDevice: {}, [LOGS.supported]: ['agent', 'syslog'] });
    const restart = h.core.operations.create({ deviceId: d.id, description: 'Restart agent', netbox_RestartAgentOperation: {} });
    runToEnd();
    const log = h.core.operations.create({ deviceId: d.id, [LOGS.request]: request({ logFile: 'agent', dateTo: iso(NOW + 60_000) }) });
    runToEnd();
    const text = fileOf(h.core, log.id);
    expect(text).toContain(`operation ${restart.id} Restart agent SUCCESSFUL`);
    expect(text).not.toContain(`operation ${log.id}`);
  });

  it('fails with the reason when the device does not offer the log type', async () => {
    await start();
    const d = h.core.inventory.create({ name: 'box-3', type: 'adamos_NETbox', c8y_IsDevice: {}, [LOGS.supported]: ['agent'] });
    const op = h.core.operations.create({ deviceId: d.id, [LOGS.request]: request({ logFile: 'syslog' }) });
    runToEnd();
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: "Log type 'syslog' is not supported by the device (supported: agent)" });
  });
});

describe('readLogfileRequest / renderLog', () => {
  const supported = ['syslog'];
  it.each([
    [{ logFile: 'syslog', dateFrom: 'x', dateTo: iso(NOW), maximumLines: 5 }, 'The log request needs dateFrom and dateTo as ISO date-times'],
    [{ logFile: 'syslog', dateFrom: iso(NOW), dateTo: iso(NOW - 1), maximumLines: 5 }, 'The log request starts after it ends (dateFrom > dateTo)'],
    [{ logFile: 'syslog', dateFrom: iso(NOW - 1), dateTo: iso(NOW), maximumLines: 0 }, 'The log request needs maximumLines as a whole number of at least 1'],
  ])('refuses %j', (req, error) => {
    expect(readLogfileRequest(req, supported)).toEqual({ error });
  });

  it('an empty range gives an empty file', () => {
    expect(renderLog([{ time: iso(NOW), text: 'x' }], 'd', 'syslog', { from: NOW - 10, to: NOW - 1, searchText: '', maximumLines: 10 })).toBe('');
  });
});

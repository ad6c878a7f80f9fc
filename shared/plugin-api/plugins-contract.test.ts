/**
 * Contract: every plugin of manifest.json default-exports a definition the shell accepts whole,
 * with ids unique across the bundle and the spec's priorities and conditions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validatePlugin } from './validate';
import type { Device, DeviceTabContribution, PluginDefinition, Registered } from './types';
import { testContext } from './testing-context';

const root = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as { exports: { id: string; path: string; routes?: string[] }[] };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- each plugin.ts is loaded by a path computed from the manifest
const load = (p: string): PluginDefinition => require(path.join(root, p)).default;

const all: Registered[] = [];
describe.each(manifest.exports.map((e) => [e.id, e.path]))('plugin %s', (id, file) => {
  const result = validatePlugin(id, load(file));
  all.push(...result.accepted);

  it('validates without errors', () => {
    expect(result.errors).toEqual([]);
    expect(result.accepted.length).toBeGreaterThan(0);
  });

  it("lists exactly its page paths (routes and dashboards) in the manifest (the shell loads a start page's owner first)", () => {
    const routes = result.accepted.filter((c) => c.kind === 'route' || c.kind === 'dashboard').map((c) => (c as { path: string }).path);
    const declared = manifest.exports.find((e) => e.id === id)?.routes ?? [];
    expect([...declared].sort()).toEqual([...new Set(routes)].sort());
  });

  it('names contributions <kind>:<plugin-id>/<name>', () => {
    for (const c of result.accepted) expect(c.id).toMatch(new RegExp(`^${c.kind}:${id}/[a-z0-9-]+$`));
  });
});

describe('the bundle', () => {
  const byId = (id: string) => all.find((c) => c.id === id) as Registered<DeviceTabContribution>;
  const ctx = testContext();

  it('has unique contribution ids', () => {
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['device-tab:device-operations/software', 101],
    ['device-tab:device-operations/services', 100],
    ['device-tab:device-operations/events', 100],
    ['device-tab:device-operations/admin-info', 10000],
    ['navigator-node:dashboard-widgets/operations-dashboard', 10000],
    ['navigator-node:software-repository/software', 1000],
    ['navigator-node:software-repository/software-rollouts', 1000],
    ['navigator-node:device-profiles/device-profiles', 1000],
    ['device-tab:connection-checks/connection-results', -2200],
    ['device-tab:mobile-router/connection', -2100],
  ])('%s has priority %d', (id, priority) => {
    expect(byId(id)?.priority).toBe(priority);
  });

  it('Admin Info uses the asterisk icon and the dashboard node the th icon', () => {
    expect(byId('device-tab:device-operations/admin-info').icon).toBe('asterisk');
    expect((all.find((c) => c.id === 'navigator-node:dashboard-widgets/operations-dashboard') as { icon?: string }).icon).toBe('th');
  });

  const agent = (version: string): Device => ({ id: '1', c8y_IsDevice: {}, c8y_Agent: { name: 'agent', version } });
  it.each([
    ['0.2.29', false],
    ['0.2.30', true],
    ['0.4.0', true],
    ['1.0', true],
  ])('Device Control with agent %s: %s', (version, shown) => {
    expect(byId('device-tab:device-operations/device-control').filter!(agent(version), ctx)).toBe(shown);
  });

  it('Connection Results only with URL check results', () => {
    const tab = byId('device-tab:connection-checks/connection-results');
    expect(tab.filter!({ id: '1' }, ctx)).toBe(false);
    expect(tab.filter!({ id: '1', adamos_IoTconnector_URLChecks: { results: [] } }, ctx)).toBe(false);
    expect(tab.filter!({ id: '1', adamos_IoTconnector_URLChecks: { results: [{ success: true, url: 'x' }] } }, ctx)).toBe(true);
  });

  it.each(['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'])('adamos Connection with %s supported', (op) => {
    const tab = byId('device-tab:mobile-router/connection');
    expect(tab.filter!({ id: '1', c8y_SupportedOperations: [`adamos_MobileRouter_${op}`] }, ctx)).toBe(true);
    expect(tab.filter!({ id: '1', c8y_SupportedOperations: ['c8y_Restart'] }, ctx)).toBe(false);
    expect(tab.label).toBe('adamos Connection');
  });
});

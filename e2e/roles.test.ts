/**
 * The UI offers only what the role may do (issue 18, finding 5). Two halves:
 *
 * 1. The UI's requirements are the server's: every entry of REQUIRES (shared/plugin-api/roles.ts),
 *    for every demo login, allows exactly what the stand-in's role table (and, for the reads and
 *    the rules the table refines, the running server) allows for the calls behind it.
 * 2. A browser walk as viewer and as operator over every screen: each screen shows what it should
 *    first; every control of a write carries data-requires and is, when the user lacks a role,
 *    inert with the missing permission named in words (hover and screen reader); every enabled
 *    control without data-requires is one of the known read-only ones; no request of the walk is
 *    answered 403 and no "Access is denied" text is ever shown. The operator then runs real writes
 *    through the UI and the server accepts them.
 *
 * Needs a build (`npm run build`) and Debian's chromium.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { allows, ruleFor } from '../shell-dev/server/http/roles';
import { parseRequirement, REQUIRES, ROLE, unmetTerms, type Permission } from '../shared/plugin-api/roles';
import type { Device } from '../shared/plugin-api/types';
import { MIN_AGENT_VERSION_RESTART } from '../shared/domain/constants';
import { UNDELETABLE_PACKAGE_TYPES } from '../shared/domain/software-package';
import { isAtLeast } from '../shared/domain/version';
import manifest from '../manifest.json';
import { DEMO, loginAs, platformLogin, snap, startStack, type DemoUser, type Stack } from './harness';
import { DEVICE_TAB_READY, PAGES, PLAIN_DEVICE_TABS, WAIT_MS, closeDialogs, demoDevices, go, openProfileDetail } from './screens';

const DEVICES = 80;
const CSNG = '/service/create-software-ng';

type Call = { method: 'POST' | 'PUT' | 'DELETE'; url: string; /** Roles a rule of the server adds for this use (refine). */ also?: string[] };

/** The calls behind each kind of write (what the plugins' code sends for it). */
const CALLS: Record<Exclude<Permission, 'userRead' | 'smartRuleCreate'>, Call[]> = {
  inventoryUpdate: [
    { method: 'PUT', url: '/inventory/managedObjects/:id' },
    { method: 'DELETE', url: '/inventory/managedObjects/:id' },
    { method: 'POST', url: '/inventory/managedObjects/:id/:kind' },
    { method: 'DELETE', url: '/inventory/managedObjects/:id/:kind/:childId' },
  ],
  inventoryCreate: [{ method: 'POST', url: '/inventory/managedObjects' }],
  operationCreate: [{ method: 'POST', url: '/devicecontrol/operations' }],
  alarmUpdate: [
    { method: 'PUT', url: '/alarm/alarms/:id' },
    { method: 'PUT', url: '/alarm/alarms' },
  ],
  softwareAssignment: [{ method: 'POST', url: `${CSNG}/createSoftwareAssignment` }],
  pendingAssignmentClear: [{ method: 'PUT', url: `${CSNG}/clearPendingAssignment/selectedDevices` }],
  deviceInitialize: [{ method: 'PUT', url: `${CSNG}/initialize` }],
  timezoneOperation: [{ method: 'POST', url: `${CSNG}/createTimezoneOperations` }],
  deviceReplacement: [
    { method: 'POST', url: `${CSNG}/createSoftwareAssignment` },
    { method: 'PUT', url: `${CSNG}/assignTargetDeviceToSourceDevice` },
  ],
  softwareRollout: [
    { method: 'POST', url: `${CSNG}/createSoftwareRollout` },
    { method: 'PUT', url: `${CSNG}/updateSoftwareRolloutStatus/:id/:status` },
    { method: 'DELETE', url: '/inventory/managedObjects/:id' },
  ],
  softwarePackageWrite: [
    { method: 'POST', url: `${CSNG}/softwarePackage` },
    { method: 'PUT', url: `${CSNG}/softwarePackage` },
    { method: 'PUT', url: `${CSNG}/dependencies` },
    { method: 'POST', url: '/inventory/binaries' },
  ],
  softwarePackageDelete: [{ method: 'DELETE', url: `${CSNG}/softwarePackage` }],
  // Deleting a device's package flags it in the device's list: the table's refine asks the software admin role.
  devicePackageDelete: [{ method: 'PUT', url: '/inventory/managedObjects/:id', also: [ROLE.manageSoftwareAdmin] }],
  deviceProfileWrite: [
    { method: 'POST', url: `${CSNG}/deviceProfile` },
    { method: 'PUT', url: `${CSNG}/deviceProfile/:id` },
    { method: 'DELETE', url: `${CSNG}/deviceProfile/:id` },
    { method: 'POST', url: `${CSNG}/deviceProfile/:id/duplicate` },
  ],
  ownerActivation: [{ method: 'PUT', url: '/user/:tenant/users/:userName' }],
  ownPreferences: [{ method: 'PUT', url: '/user/currentUser' }],
  applicationWrite: [
    { method: 'POST', url: '/application/applications' },
    { method: 'PUT', url: '/application/applications/:id' },
    { method: 'DELETE', url: '/application/applications/:id' },
    { method: 'POST', url: '/application/applications/:id/binaries' },
  ],
};

/**
 * Enabled controls a viewer may meet that change nothing on the server (or only the user's own
 * preferences): by accessible name or test id. Anything else enabled without data-requires fails.
 */
const READ_ONLY: RegExp[] = [
  /^(Reload|Clear filters|Clear filter|Realtime|Details|Back|Close|Cancel|Load more|Show only unresolved|Show archived)$/,
  /^(First|Previous|Next|Last|\d+|Page \d+)$/,
  /^(Items per page|Filter.*|Search.*|Device type|Filter by .*|Select all .*|Clear selection|Export CSV.*|CSV)$/,
  /^(Configure columns|Move up|Move down|Dependency graph|Actions|Show|Hide|devices|avg time|Event type.*|All)$/,
  // The device tab strip's slider buttons (they scroll the strip sideways).
  /^(Scroll to the left|Scroll to the right|tabs-slider-left|tabs-slider-right)$/,
  /^(Select|Select row .*|Select page|Sort by .*|Open filter .*)$/,
  /^column-visible-/,
  /^(page-size|select-page|select-row|sort-.*|filter-.*|column-config|csv-export|action-reload|action-clear-filters|rollout-expand|rollout-details-button|card-menu|details|back|reload|dependency-graph|realtime-toggle|unresolved-toggle|device-type|software-search)$/,
];

interface Control {
  tag: string;
  type: string;
  name: string;
  testid: string;
  requires: string | null;
  enabled: boolean;
  title: string;
  description: string;
  /** Grid chrome: a header control (sort, filter) or a row's selection checkbox. */
  grid: 'header' | 'row-select' | null;
}

/** Every control of the content area and of open dialogs, with what the audit needs. */
async function controlsOf(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const roots = [document.querySelector('[data-testid="content"]'), ...Array.from(document.querySelectorAll('[role="dialog"]'))].filter(Boolean) as Element[];
    const seen = new Set<Element>();
    const out: Control[] = [];
    for (const root of roots) {
      for (const el of Array.from(root.querySelectorAll('button, input, select, textarea, [role="menuitem"]'))) {
        if (seen.has(el)) continue;
        seen.add(el);
        const h = el as HTMLInputElement;
        if (h.type === 'hidden' || h.type === 'file' || (h as HTMLElement).offsetParent === null) continue;
        const labelled = h.getAttribute('aria-labelledby');
        const name =
          h.getAttribute('aria-label') ??
          (labelled ? document.getElementById(labelled)?.textContent : null) ??
          (h.labels?.[0]?.textContent ?? null) ??
          (h.textContent?.trim() || null) ??
          h.getAttribute('title') ??
          h.getAttribute('placeholder') ??
          '';
        const described = (h.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        // :disabled also covers controls of a disabled fieldset.
        const inert = el.matches(':disabled') || h.getAttribute('aria-disabled') === 'true' || ((el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !['checkbox', 'radio'].includes(h.type))) && h.readOnly);
        const grid = el.closest('.ag-header') ? 'header' : el.closest('.ag-row') && h.type === 'checkbox' ? 'row-select' : null;
        out.push({
          tag: el.tagName.toLowerCase(),
          type: h.type ?? '',
          name: String(name).replace(/\s+/g, ' ').trim(),
          testid: h.getAttribute('data-testid') ?? '',
          requires: h.getAttribute('data-requires'),
          enabled: !inert,
          title: h.getAttribute('title') ?? '',
          description: described.trim(),
          grid,
        });
      }
    }
    return out;
  });
}

/** What each page of screens.ts shows first. */
const PAGE_READY: Record<string, string> = {
  alarms: '[data-testid="alarms-view"]',
  'alarm details critical': '[data-testid="alarm-details-page"]',
  'operations dashboard': '[data-testid="dashboard"] [data-testid="dashboard-section"]',
  'devices from dashboard': '[data-testid="devices-from-dashboard"]',
  'software repository': '[data-testid="software-repository"] [data-testid^="software-card-"]',
  'software rollouts': '[data-testid="software-rollouts"]',
  'device profiles': '[data-testid="device-profile-list"] [data-testid="profile-row"]',
};

// The permission first; a reason of the target's state may follow (a router that is not running:
// PermittedButton's disabledReason), each its own sentence.
const REASON = /^Not permitted: your user lacks the permission “[^”]+”(, “[^”]+”| or “[^”]+”)*\.( [A-Z][^.]*(\.|\)\.))*$/;
const label = (c: Control) => `${c.tag}${c.type ? `[${c.type}]` : ''} "${c.name}"${c.testid ? ` #${c.testid}` : ''}`;

interface Audit {
  /** What is wrong (empty: fine), each prefixed with the screen. */
  problems: string[];
  /** Every control seen: name -> whether it is a write the user may do (null: not a write). */
  seen: Map<string, boolean | null>;
}

/** The audit of one screen for a user with `roles`. */
async function audit(page: Page, roles: readonly string[], screen: string): Promise<Audit> {
  const problems: string[] = [];
  const seen = new Map<string, boolean | null>();
  for (const c of await controlsOf(page)) {
    const allowed = c.requires === null ? null : unmetTerms(roles, parseRequirement(c.requires)).length === 0;
    seen.set(c.name, allowed);
    if (c.requires !== null) {
      if (allowed) continue;
      if (c.enabled) problems.push(`${screen}: ${label(c)} needs ${c.requires} and is enabled`);
      else if (!REASON.test(c.title) || !REASON.test(c.description)) {
        problems.push(`${screen}: ${label(c)} is inert without its reason (title "${c.title}", description "${c.description}")`);
      }
      continue;
    }
    if (!c.enabled || c.grid !== null) continue;
    if (!READ_ONLY.some((r) => r.test(c.name) || (c.testid !== '' && r.test(c.testid)))) problems.push(`${screen}: ${label(c)} is enabled and not known read-only`);
  }
  const denied = await page.evaluate(() => /Access is denied/i.test(document.body.innerText));
  if (denied) problems.push(`${screen}: shows "Access is denied"`);
  return { problems, seen };
}

/**
 * What each walk must meet, so the audit is never vacuous: writes offered (a control whose roles
 * the user holds), writes refused (inert with the reason), and controls that must not show at all.
 */
const MEETS: Record<'viewer' | 'operator', { offered: string[]; refused: string[]; absent: RegExp[] }> = {
  viewer: {
    offered: [],
    refused: [
      'Restart agent',
      'Restart IoTconnector',
      'Start Replacement Process',
      'Transfer configuration',
      'Save changes',
      'Set timezone',
      'Reset',
      'Add to group',
      'Clear Pending Assignments',
      'Approve pending installation(s)',
      'Clear all',
      'Select software',
      'Select Software',
      'Add software',
      'Delete software',
      'Edit dependencies',
      'Add device profile',
      'Edit',
      'Restart Mobile Router',
      'Update firmware',
    ],
    // Per-item writes are hidden rather than repeated disabled; the owner needs ROLE_USER_MANAGEMENT_READ.
    absent: [/^Acknowledge$/, /^Clear$/, /^(Activate|Deactivate)$/, /^Duplicate$/, /^Remove /],
  },
  operator: {
    offered: [
      'Restart agent',
      'Start Replacement Process',
      'Transfer configuration',
      'Save changes',
      'Clear Pending Assignments',
      'Approve pending installation(s)',
      'Clear all',
      'Acknowledge',
      'Select software',
      'Add software',
      'Edit dependencies',
      'Add device profile',
      'Duplicate',
      'Restart Mobile Router',
    ],
    // The spec gives software deletion to ROLE_MANAGE_SOFTWARE_ADMIN only.
    refused: ['Delete software'],
    // A device's packages (the Software tab's trash icons, "Delete <name>"), the owner.
    absent: [/^Delete (?!software$)\S/, /^(Activate|Deactivate)$/],
  },
};

describe('roles in the UI', () => {
  let stack: Stack;
  const rolesOf: Partial<Record<DemoUser, string[]>> = {};

  async function api(user: DemoUser, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEMO.tenant}/${user}:${DEMO.password}`).toString('base64')}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  before(async () => {
    stack = await startStack({ devices: DEVICES });
    for (const user of DEMO.users) {
      const me = await api(user, 'GET', '/user/currentUser');
      rolesOf[user] = ((me.body as { effectiveRoles: { id: string }[] }).effectiveRoles ?? []).map((r) => r.id);
    }
  });

  after(async () => {
    await stack?.close();
  });

  test("every requirement of the UI is the server's, for every demo login", () => {
    for (const user of DEMO.users) {
      const roles = rolesOf[user]!;
      for (const [permission, calls] of Object.entries(CALLS) as [keyof typeof CALLS, Call[]][]) {
        const ui = unmetTerms(roles, REQUIRES[permission]).length === 0;
        for (const call of calls) {
          const rule = ruleFor(call.method, call.url);
          assert.ok(rule, `${call.method} ${call.url} is in the server's role table`);
          const server = allows(rule.access, roles) && (call.also ?? []).every((r) => roles.includes(r));
          assert.equal(ui, server, `${user}: UI ${ui ? 'offers' : 'refuses'} ${permission}, the server ${server ? 'allows' : 'refuses'} ${call.method} ${call.url}`);
        }
      }
    }
  });

  test('the reads and refined rules behind the UI, against the running server', async () => {
    // Showing the owner reads another user (REQUIRES.userRead).
    for (const user of DEMO.users) {
      const read = await api(user, 'GET', `/user/${DEMO.tenant}/users/admin`);
      assert.equal(read.status === 200, unmetTerms(rolesOf[user]!, REQUIRES.userRead).length === 0, `${user}: reading another user answered ${read.status}`);
    }
    // Flagging a device's package for deletion (REQUIRES.devicePackageDelete): the operator is refused, the admin not.
    const devices = (await api('admin', 'GET', '/inventory/managedObjects?fragmentType=adamos_adamos_netbox_SoftwarePackageList&pageSize=20')).body as { managedObjects: Device[] };
    // A package the agent does not need: AGENT, AGENTUPDATER and WINDOWS entries are never deleted, by nobody.
    const deletable = (p: Record<string, unknown>) => p.marked_for_deletion !== true && !UNDELETABLE_PACKAGE_TYPES.includes(String(p.type ?? '').toUpperCase());
    const device = devices.managedObjects.find((d) => ((d.adamos_adamos_netbox_SoftwarePackageList as Record<string, unknown>[] | undefined) ?? []).some(deletable));
    assert.ok(device, 'a device with software');
    const list = device.adamos_adamos_netbox_SoftwarePackageList as Record<string, unknown>[];
    const victim = list.map(deletable).lastIndexOf(true);
    const flagged = list.map((p, i) => (i === victim ? { ...p, marked_for_deletion: true } : p));
    for (const user of ['viewer', 'operator', 'admin'] as const) {
      const put = await api(user, 'PUT', `/inventory/managedObjects/${device.id}`, { adamos_adamos_netbox_SoftwarePackageList: flagged });
      const ui = unmetTerms(rolesOf[user]!, REQUIRES.devicePackageDelete).length === 0;
      assert.equal(put.status === 200, ui, `${user}: flagging a package answered ${put.status}, the UI ${ui ? 'offers' : 'hides'} it`);
      if (!ui) assert.equal(put.status, 403);
    }
    // Nobody of the demo logins creates smart rules (the platform's rule editor; not in the stand-in): the link never shows.
    for (const user of DEMO.users) assert.equal(unmetTerms(rolesOf[user]!, REQUIRES.smartRuleCreate).length > 0, true, `${user} has no smart-rule role`);
  });

  /** Logs in, walks every screen, audits each; returns the 403 answers seen. */
  async function walk(user: 'viewer' | 'operator'): Promise<void> {
    const roles = rolesOf[user]!;
    const { context, page } = await loginAs(stack, user, '/views/iotconnector');
    const refused: string[] = [];
    page.on('response', (r: Response) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    const writes: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // Realtime (Bayeux) and the user's own preferences travel as POST / PUT without writing anything else.
      if (r.method() !== 'GET' && path !== '/notification/realtime' && path !== '/user/currentUser') writes.push(`${r.method()} ${path}`);
    });
    const problems: string[] = [];
    const seen = new Map<string, boolean | null>();
    const check = async (screen: string, ready: string) => {
      await page.waitForSelector(ready, { timeout: WAIT_MS });
      const result = await audit(page, roles, screen);
      problems.push(...result.problems);
      // true once offered anywhere, else false once refused anywhere, else null (not a write).
      for (const [name, allowed] of result.seen) {
        const before = seen.get(name) ?? null;
        seen.set(name, allowed === true || before === true ? true : allowed === false || before === false ? false : null);
      }
    };
    try {
      const { plain, router, withUrlChecks } = await demoDevices(page);
      const group = await page.evaluate(async () => {
        const res = await fetch('/inventory/managedObjects?fragmentType=c8y_IsDeviceGroup&pageSize=1', { headers: { Accept: 'application/json' } });
        return ((await res.json()) as { managedObjects: { id: string }[] }).managedObjects[0]?.id;
      });
      assert.ok(group, 'the demo data has a group');

      for (const type of ['iotconnector', 'celosos_x64', 'celosos_aarch64']) {
        await go(page, `/views/${type}`);
        await check(`list ${type}`, '[data-testid="device-list"] [data-testid="list-count"]');
      }
      await go(page, '/admin/views/iotconnector');
      await check('admin list', '[data-testid="device-list"]');
      // With a selection the bulk actions are enabled for a user who may run them.
      await go(page, '/views/iotconnector');
      await page.locator('[data-testid="select-page"]').waitFor({ timeout: WAIT_MS });
      await page.locator('[data-testid="select-page"]').dispatchEvent('click');
      await page.getByTestId('selected-count').waitFor({ timeout: WAIT_MS });
      await check('list with a selection', '[data-testid="bulk-actions"]');

      for (const tab of PLAIN_DEVICE_TABS) {
        await go(page, `/device/${plain.id}/${tab}`);
        await check(`device ${tab}`, DEVICE_TAB_READY[tab]);
      }
      await go(page, `/device/${router.id}/adamos-connection`);
      await check('router tab', '[data-testid="mobile-router"]');
      await go(page, `/device/${withUrlChecks.id}/connection-checks`);
      await check('connection checks tab', '[data-testid="connection-results"]');

      for (const p of PAGES) {
        assert.ok(PAGE_READY[p.name], `a ready selector for ${p.name}`);
        await go(page, p.hash);
        await check(p.name, PAGE_READY[p.name]);
      }
      await openProfileDetail(page);
      await check('device profile detail', '[data-testid="device-profile-detail"]');
      await go(page, `/group/${group}/sub-assets`);
      await check('group sub-assets', '[data-testid="group-select-software"]');
      await go(page, '/events');
      await check('events', '[data-testid="events-list"]');
      await go(page, '/admin/configuration');
      await check('configuration', '[data-testid="configuration-page"]');
      await go(page, '/plugins');
      await check('plugins page', '[data-testid="plugins-table"]');

      // A software card's menu (Delete software, Edit dependencies) and the rollout cards' actions.
      await go(page, '/software');
      await page.getByTestId('card-menu').first().click();
      await check('software card menu', '[data-testid="delete-software"]');
      await closeDialogs(page);
      await snap(page, `roles-${user}-software-menu`);
      // One line per control, with the screens it was seen on.
      const byControl = new Map<string, string[]>();
      for (const p of problems) {
        const [screen, what] = p.split(/: (.*)/s);
        byControl.set(what, [...(byControl.get(what) ?? []), screen]);
      }
      const report = [...byControl].map(([what, screens]) => `${what} (${screens.join(', ')})`);
      assert.deepEqual(report, [], `${user}:\n${report.join('\n')}`);
      const meets = MEETS[user];
      for (const name of meets.offered) assert.equal(seen.get(name), true, `${user} is offered "${name}"`);
      for (const name of meets.refused) assert.equal(seen.get(name), false, `${user} meets "${name}" refused with its reason`);
      for (const absent of meets.absent) assert.deepEqual([...seen.keys()].filter((n) => absent.test(n)), [], `${user} never meets ${absent}`);
      // Nothing was written by walking; what the viewer clicks below must not be sent either.
      assert.deepEqual(writes, [], `${user}: the walk sent no write`);

      if (user === 'viewer') {
        // Clicking refused writes does nothing: no request, no dialog, no message from the server.
        // (force: Playwright itself refuses to click an aria-disabled button; a person can.)
        await go(page, `/device/${plain.id}/device_control`);
        await page.getByRole('button', { name: 'Restart agent' }).click({ force: true });
        await go(page, '/alarms');
        await page.getByRole('button', { name: 'Clear all' }).click({ force: true });
        await go(page, `/device/${plain.id}/info`);
        await page.getByRole('button', { name: 'Save changes' }).focus();
        assert.match(await page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent ?? ''), /“Inventory: admin”/);
        await page.waitForTimeout(500);
        assert.equal(await page.locator('[role="dialog"]').count(), 0, 'no dialog opened');
        assert.deepEqual(writes, [], 'viewer: refused writes send nothing');
      } else {
        // The operator's offered writes go through: the server accepts what the UI offers.
        await go(page, `/device/${plain.id}/device_control`);
        const restart = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/devicecontrol/operations'));
        await page.getByRole('button', { name: 'Restart agent' }).click();
        assert.equal((await restart).status(), 201, 'restart operation created');
        await go(page, `/device/${plain.id}/info`);
        await page.locator('#device-notes').fill(`Checked by the operator ${Date.now()}`);
        const save = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/inventory/managedObjects/${plain.id}`));
        await page.getByTestId('save-device').click();
        assert.equal((await save).status(), 200, 'device saved');
        await go(page, '/alarms');
        const ack = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/alarm\/alarms\/\w+/.test(r.url()));
        await page.getByRole('button', { name: 'Acknowledge' }).first().click();
        assert.equal((await ack).status(), 200, 'alarm acknowledged');
        await page.getByText('Alarm status changed to "ACKNOWLEDGED".').waitFor({ timeout: WAIT_MS });
      }
      assert.deepEqual(refused, [], `${user}: requests answered 403`);
    } finally {
      await context.close();
    }
  }

  test('the real platform UI asks the same (the user from AppStateService): viewer refused with the reason, operator offered', async () => {
    const app = manifest.platformShell.contextPath;
    const { managedObjects } = (await api('admin', 'GET', '/inventory/managedObjects?type=adamos_NETbox&pageSize=200')).body as { managedObjects: Device[] };
    const device = managedObjects.find((d) => (d.c8y_Availability as { status?: string } | undefined)?.status === 'AVAILABLE' && isAtLeast((d.c8y_Agent as { version?: string } | undefined)?.version, MIN_AGENT_VERSION_RESTART));
    assert.ok(device, 'an online IoTconnector with agent 0.4.0 or later');
    for (const user of ['viewer', 'operator'] as const) {
      const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await platformLogin(page, `${stack.url}/apps/${app}/#/device/${device.id}/device_control`, user);
        const restart = page.getByRole('button', { name: 'Restart agent' });
        await restart.waitFor({ timeout: WAIT_MS });
        if (user === 'viewer') {
          assert.equal(await restart.getAttribute('aria-disabled'), 'true', 'viewer: Restart agent is refused');
          assert.match((await restart.getAttribute('title')) ?? '', REASON);
        } else {
          assert.equal(await restart.getAttribute('aria-disabled'), null, 'operator: Restart agent is offered');
          assert.equal(await restart.isEnabled(), true);
        }
      } finally {
        await context.close();
      }
    }
  });

  test('viewer: every screen, no enabled write, each refusal says which permission is missing', async () => {
    await walk('viewer');
  });

  test('operator: every screen, only writes the server allows are enabled', async () => {
    await walk('operator');
  });

  // Last: the user it creates would show in the walks' user lists.
  test('a user without the alarm read role is told the alarms page gets no realtime updates (the server refuses the channel)', async () => {
    // No demo login lacks a read role; a user an admin creates has no roles until given some.
    const password = 'norole-pw1';
    const created = await fetch(`${stack.url}/user/${DEMO.tenant}/users`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${DEMO.tenant}/admin:${DEMO.password}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'noalarmread', email: 'noalarmread@example.com', password }),
    });
    assert.equal(created.status, 201);
    // In German at 1280 px, where the long warning once squeezed the toolbar's switch label ("Nur ungelöste anz").
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.url}/apps/shell/#/alarms`);
      await page.getByLabel(/mandant/i).fill(DEMO.tenant);
      await page.getByLabel(/benutzer/i).first().fill('noalarmread');
      await page.getByLabel(/passwort/i).fill(password);
      await page.getByRole('button', { name: /anmelden/i }).click();
      await page.waitForSelector('[data-testid="alarms-view"]', { timeout: WAIT_MS });
      await page.getByTestId('realtime-refused').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByTestId('realtime-status').textContent(), 'Echtzeit-Aktualisierungen sind hier nicht verfügbar: Ihr Benutzer hat keine Berechtigung, diese Daten zu lesen.');
      // The lists the server refuses say so in German, never the platform's raw English "Access is denied".
      const listError = page.getByTestId('alarms-error').first();
      await listError.waitFor({ timeout: WAIT_MS });
      assert.equal(await listError.textContent(), 'Die Alarme konnten nicht geladen werden: Ihr Benutzer hat dafür keine Berechtigung.');
      assert.equal(await page.evaluate(() => /Access is denied/i.test(document.body.innerText)), false, 'the page shows "Access is denied"');
      const label = page.locator('label.c8y-switch', { has: page.getByTestId('unresolved-toggle') });
      assert.equal(await label.textContent(), ' Nur ungelöste anzeigen');
      const [scroll, client] = await label.evaluate((e) => [e.scrollWidth, e.clientWidth]);
      assert.ok(scroll <= client, `the switch label is clipped: ${scroll} px of text in ${client} px`);
    } finally {
      await context.close();
    }
  });
});
